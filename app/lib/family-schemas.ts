// The Safe Play forms of /account and the invitation page (decision 0022). Dates are checked against the
// organisation's clock on the server (clientKindProblem, dateOfBirthProblem).
import { z } from "zod";
import { clientKind, optionalDate } from "./auth-schemas";

const email = z
  .string()
  .trim()
  .max(254, "Email is too long")
  .pipe(z.email({ error: "Please enter a valid email address" }))
  .transform((v) => v.toLowerCase());

export const ClientKindSchema = z.object({ kind: clientKind, dateOfBirth: optionalDate });

export const AddAthleteSchema = z.object({
  fullName: z
    .string({ error: "Please enter the athlete's name." })
    .trim()
    .min(1, "Please enter the athlete's name.")
    .max(120, "The name can be at most 120 characters."),
  dateOfBirth: z
    .string({ error: "Please enter a date of birth." })
    .trim()
    .min(1, "Please enter a date of birth.")
    .max(10, "Please enter a date as YYYY-MM-DD."),
  email: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(email.optional()),
});

export const InviteGuardianSchema = z.object({
  guardianEmail: z.string({ error: "Please enter an email address." }).trim().min(1, "Please enter an email address.").pipe(email),
});

export const RemoveGuardianSchema = z.object({ athleteId: z.string().min(1).max(64), guardianId: z.string().min(1).max(64) });
