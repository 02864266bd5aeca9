// The account side's words follow the page's language (issue 27): the forms' rules and Better Auth's refusals are
// read in the language of the request; English pages keep their words exactly.
import { describe, expect, it } from "vitest";
import { localeStore } from "../../tests/support/locale-store";
import { apiErrorMessage, tooManyAttempts } from "./accounts.server";
import { DeleteAccountSchema, ResetPasswordSchema, SignInSchema, SignUpDialogSchema } from "./schemas";
import { RegistrationSchema } from "~/forms/schemas";
import { parseForm } from "~/lib/forms";

// What server/languages.ts does for each request: the request's language, read by every message.
const store = localeStore();
const inSpanish = <T>(fn: () => T): T => store.run("es", fn);

const wrongPassword = { statusCode: 401, body: { code: "INVALID_EMAIL_OR_PASSWORD", message: "Invalid email or password" } };

describe("the account forms in Spanish", () => {
  it("give the sign-up dialog's field messages in the page's language", () => {
    const { fieldErrors } = inSpanish(() => parseForm(SignUpDialogSchema, { fullName: " ", email: "", phone: "+++++++", password: "abc" }));
    expect(fieldErrors).toEqual({
      fullName: "Escriba su nombre completo",
      email: "Escriba su correo electrónico",
      phone: "Escriba un número de teléfono válido",
      password: "La contraseña debe tener al menos 6 caracteres",
      kind: "Indique si usted es madre, padre o tutor legal, o si es estudiante-atleta.",
    });
    expect(parseForm(SignInSchema, {}).fieldErrors).toEqual({ email: "Email is required", password: "Password is required" });
  });

  it("say when two passwords differ, and confirm a deletion with the Spanish word (the English one still works)", () => {
    expect(inSpanish(() => parseForm(ResetPasswordSchema, { token: "t", password: "secret12", confirmPassword: "other12" }).fieldErrors)).toEqual({
      confirmPassword: "Las dos contraseñas no coinciden",
    });
    expect(inSpanish(() => parseForm(DeleteAccountSchema, { password: "x", confirm: "borrar" }).fieldErrors)).toEqual({
      confirm: "Escriba ELIMINAR para confirmar",
    });
    for (const confirm of ["ELIMINAR", "DELETE"])
      expect(inSpanish(() => parseForm(DeleteAccountSchema, { password: "x", confirm }).data)).toBeTruthy();
    expect(parseForm(DeleteAccountSchema, { password: "x", confirm: "ELIMINAR" }).fieldErrors).toEqual({ confirm: "Type DELETE to confirm" });
  });

  it("give the registration form's messages in Spanish", () => {
    const { fieldErrors } = inSpanish(() => parseForm(RegistrationSchema, { age: "nine", studentName: "x".repeat(121) }));
    expect(fieldErrors).toMatchObject({
      studentName: "El nombre del estudiante puede tener como máximo 120 caracteres",
      age: "La edad debe ser un número entero",
      skillLevel: "Elija un nivel de juego",
      programInterest: "Elija un programa",
      parentName: "Escriba el nombre de la madre, el padre o el tutor legal",
      email: "Escriba su correo electrónico",
      emergencyContact: "Escriba un contacto de emergencia",
    });
  });
});

describe("refusals in the page's language", () => {
  it("say Better Auth's refusal in Spanish, and as Better Auth words it on English pages", () => {
    expect(inSpanish(() => apiErrorMessage(wrongPassword))).toBe("El correo electrónico o la contraseña no son correctos");
    expect(apiErrorMessage(wrongPassword)).toBe("Invalid email or password");
    // A refusal the site has no words for is still a refusal, said in general terms; a failure of its own is not one.
    expect(inSpanish(() => apiErrorMessage({ statusCode: 400, body: { code: "SOMETHING_NEW", message: "Something new" } }))).toBe(
      "No se pudo completar. Inténtelo de nuevo.",
    );
    expect(inSpanish(() => apiErrorMessage({ statusCode: 500, body: { message: "boom" } }))).toBeNull();
  });

  it("count the minutes to wait in each language", () => {
    expect(tooManyAttempts(60)).toBe(
      'Too many sign-in attempts. Please wait 1 minute and try again, or reset your password with "Forgot your password?".',
    );
    expect(tooManyAttempts(600)).toContain("Please wait 10 minutes");
    expect(inSpanish(() => tooManyAttempts(60))).toContain("Espere 1 minuto y vuelva a intentarlo");
    expect(inSpanish(() => tooManyAttempts(600))).toContain("Espere 10 minutos y vuelva a intentarlo");
  });
});
