import { describe, expect, it } from "vitest";
import { SignInSchema, SignUpDialogSchema, SignUpSchema } from "./schemas";
import { parseForm } from "~/lib/forms";

describe("account form rules", () => {
  it("gives the dialog's sign-up messages", () => {
    const { fieldErrors } = parseForm(SignUpDialogSchema, { fullName: " ", email: "", phone: "", password: "abc" });
    expect(fieldErrors).toEqual({
      fullName: "Full name is required",
      email: "Email is required",
      phone: "Phone number is required",
      password: "Password must be at least 6 characters long",
      kind: "Please choose whether you are a parent or guardian or a student-athlete.",
    });
  });

  it.each(["+++++++", "((((((()", "-- -- --", "12345"])("refuses %j as the dialog's phone number", (phone) => {
    const { fieldErrors } = parseForm(SignUpDialogSchema, { fullName: "Ada", email: "a@b.co", phone, password: "secret", kind: "guardian" });
    expect(fieldErrors).toEqual({ phone: "Please enter a valid phone number" });
  });

  it("accepts a complete sign-up, trims and lower-cases the email", () => {
    const { data } = parseForm(SignUpDialogSchema, {
      fullName: " Ada ",
      email: " Ada@Example.COM ",
      phone: "(202) 555-0100",
      password: "secret",
      kind: "guardian",
    });
    expect(data).toEqual({ fullName: "Ada", email: "ada@example.com", phone: "(202) 555-0100", password: "secret", kind: "guardian" });
  });

  it("keeps the 6-character minimum on the page's sign-up too (the server decides)", () => {
    expect(parseForm(SignUpSchema, { fullName: "Ada", email: "a@b.co", password: "12345", kind: "guardian" }).fieldErrors).toEqual({
      password: "Password must be at least 6 characters long",
    });
    expect(parseForm(SignUpSchema, { fullName: "Ada", email: "a@b.co", password: "123456", kind: "guardian" }).data?.phone).toBeUndefined();
  });

  it("reads whether the person is a guardian or a student-athlete, and an athlete's date of birth", () => {
    const { data } = parseForm(SignUpSchema, { fullName: "Sam", email: "s@b.co", password: "123456", kind: "athlete", dateOfBirth: "2011-03-04" });
    expect(data).toMatchObject({ kind: "athlete", dateOfBirth: "2011-03-04" });
    expect(parseForm(SignUpSchema, { fullName: "Sam", email: "s@b.co", password: "123456", kind: "admin" }).fieldErrors).toEqual({
      kind: "Please choose whether you are a parent or guardian or a student-athlete.",
    });
  });

  it("has no default for who the person is: a form without the choice is refused beside the question", () => {
    expect(parseForm(SignUpSchema, { fullName: "Ada", email: "a@b.co", password: "123456" }).fieldErrors).toEqual({
      kind: "Please choose whether you are a parent or guardian or a student-athlete.",
    });
  });

  it("never reads a role from the form", () => {
    const { data } = parseForm(SignUpSchema, { fullName: "Ada", email: "a@b.co", password: "123456", role: "coach", kind: "guardian" });
    expect(data).toMatchObject({ kind: "guardian" });
    expect(data).not.toHaveProperty("role");
  });

  it("sign-in asks only for the required fields", () => {
    expect(parseForm(SignInSchema, {}).fieldErrors).toEqual({ email: "Email is required", password: "Password is required" });
    expect(parseForm(SignInSchema, { email: "not-an-email", password: "x" }).fieldErrors).toEqual({ email: "Please enter a valid email address" });
    expect(parseForm(SignInSchema, { email: "a@b.co", password: "x" }).data).toEqual({ email: "a@b.co", password: "x" });
  });
});
