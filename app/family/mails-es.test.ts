// The mails of families and Safe Play in the recipient's language (issue 27): the same site's words first, the typed
// names after a label, in Spanish for a Spanish reader (decision 0024 holds in both languages).
import { describe, expect, it } from "vitest";
import { INVITATION_MAIL } from "~/mail/invitation-mail";
import { renderMail } from "~/mail/template.server";

const ORG = "Next Level Tennis & Education";
const settings = { orgName: ORG, publicUrl: "http://localhost:3000", secret: "s".repeat(40) };
const url = "http://localhost:3000/es/invitation?token=abc";

describe("invitation mails in Spanish", () => {
  it("writes each invitation in Spanish, the site's words first and the typed names after a label", () => {
    const second = renderMail(settings, INVITATION_MAIL.secondGuardian(ORG, 14, url, { athletes: "Nico Madre", inviter: "Rosa Madre" }, "es"));
    expect(second.subject).toBe(`${ORG}: una invitación para unirse a una familia como madre, padre o tutor legal`);
    expect(second.text.split("\n")[0]).toBe(`${ORG}: le invitamos a unirse a una familia en nuestro sitio como otra madre, padre o tutor legal.`);
    expect(second.text).toContain("Los estudiantes-atletas: Nico Madre. Enviada por: Rosa Madre.");
    expect(second.text).toContain("La invitación es válida por 14 días.");
    expect(second.text).toContain(`Ver la invitación: ${url}`);
    expect(second.html).toMatch(/<html lang="es">/);

    const guardian = renderMail(settings, INVITATION_MAIL.guardian(ORG, 14, url, { athlete: "Nico Madre" }, "es"));
    expect(guardian.subject).toBe(`${ORG}: una invitación para ser madre, padre o tutor legal`);
    expect(guardian.text).toContain("El estudiante-atleta: Nico Madre.");

    const athlete = renderMail(settings, INVITATION_MAIL.athlete(ORG, 14, url, { athlete: "Nico Madre", inviter: "Rosa Madre" }, "es"));
    expect(athlete.subject).toBe(`${ORG}: su propio acceso de estudiante-atleta`);
    expect(athlete.text).toContain("Es válido por 14 días y solo para este correo electrónico.");
    expect(athlete.text).toContain(`Elegir una contraseña: ${url}`);
  });

  it("keeps the English invitation as it was when no language is given", () => {
    const mail = INVITATION_MAIL.athlete(ORG, 14, url, { athlete: "Leo", inviter: "Ann" });
    expect(mail.locale).toBe("en");
    expect(mail.subject).toBe(`${ORG}: your own student-athlete login`);
  });
});
