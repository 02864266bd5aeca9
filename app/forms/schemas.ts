// The rules for the public registration and contact forms, checked on the server (which decides).
import { z } from "zod";
import { PROGRAM_CHOICES, SKILL_LEVELS } from "~/content/forms";
import { optionalPhone, requiredPhone } from "~/auth/schemas";

const required = (label: string, max = 120) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max.toLocaleString("en-US")} characters`);

const email = z
  .string({ error: "Email is required" })
  .trim()
  .min(1, "Email is required")
  .max(254, "Email is too long")
  .pipe(z.email({ error: "Please enter a valid email address" }));

export const RegistrationSchema = z.object({
  studentName: required("Student name"),
  age: z
    .string({ error: "Age is required" })
    .trim()
    .min(1, "Age is required")
    .regex(/^\d{1,2}$/, "Age must be a whole number")
    .transform(Number)
    .pipe(z.number().min(4, "Students must be at least 4 years old").max(99, "Age must be a whole number")),
  skillLevel: z.enum(SKILL_LEVELS, { error: "Please choose a skill level" }),
  programInterest: z.enum(PROGRAM_CHOICES as [string, ...string[]], { error: "Please choose a program" }),
  parentName: required("Parent/guardian name"),
  email,
  phone: requiredPhone,
  emergencyContact: required("Emergency contact", 200),
});

export const ContactSchema = z.object({
  name: required("Name"),
  email,
  phone: optionalPhone.transform((v) => v ?? null),
  message: required("Message", 5000),
});

export type RegistrationInput = z.output<typeof RegistrationSchema>;
export type ContactInput = z.output<typeof ContactSchema>;
