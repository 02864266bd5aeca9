// /account's Safe Play forms: what a client is, adding a student-athlete, inviting a guardian, removing a link.
// Each acts for the signed-in person only, checks the rule of app/auth/safe-play.server.ts, and answers bad input
// with a 400 and the message beside the field.
import { data, type AppLoadContext } from "react-router";
import { canRemoveGuardianLink, getSafetyPeople, GUARDIAN_REMOVAL_REFUSED } from "./safe-play.server";
import { dateOfBirthProblem } from "~/lib/safe-play";
import { parseForm, type FieldErrors } from "~/lib/auth-schemas";
import { AddAthleteSchema, ClientKindSchema, InviteGuardianSchema, RemoveGuardianSchema } from "~/lib/family-schemas";
import type { Profile } from "~/lib/profile";
import { deleteGuardianLink, updateClientKind, type FamilyResult } from "~/models/family.server";
import { addAthlete, inviteGuardian } from "~/models/invitations.server";

export const FAMILY_INTENTS = ["kind", "add-athlete", "invite-guardian", "remove-guardian"] as const;
export type FamilyIntent = (typeof FAMILY_INTENTS)[number];

export type FamilyActionData = { intent: string; fieldErrors?: FieldErrors; error?: string; saved?: string };

function answer(intent: string, r: FamilyResult, saved: string) {
  if (r.ok) return data<FamilyActionData>({ intent, saved });
  return data<FamilyActionData>(r.field ? { intent, fieldErrors: { [r.field]: r.error } } : { intent, error: r.error }, { status: r.status });
}

export async function familyAction(intent: FamilyIntent, form: FormData, user: Profile, context: AppLoadContext) {
  const settings = context.config.messaging.safePlay;
  const bad = (fieldErrors: FieldErrors | null) => data<FamilyActionData>({ intent, fieldErrors: fieldErrors ?? {} }, { status: 400 });
  if (user.role !== "client") throw data({ error: "Only client accounts have a family." }, { status: 403 });
  switch (intent) {
    case "kind": {
      const { data: input, fieldErrors } = parseForm(ClientKindSchema, form);
      if (!input) return bad(fieldErrors);
      return answer(
        intent,
        await updateClientKind(context.db, user.id, { kind: input.kind, dateOfBirth: input.dateOfBirth ?? null }, settings),
        "Saved.",
      );
    }
    case "add-athlete": {
      const { data: input, fieldErrors } = parseForm(AddAthleteSchema, form);
      if (!input) return bad(fieldErrors);
      // Any age: the guardian creates the account (COPPA allows a parent to); only the date must be real.
      const problem = dateOfBirthProblem(input.dateOfBirth, settings.clock(), settings.timeZone);
      if (problem) return bad({ dateOfBirth: problem });
      const r = await addAthlete(context.db, context, user, input, settings);
      return answer(
        intent,
        r,
        input.email ? `${input.fullName} was added. We sent them an invitation to their account.` : `${input.fullName} was added.`,
      );
    }
    case "invite-guardian": {
      const { data: input, fieldErrors } = parseForm(InviteGuardianSchema, form);
      if (!input) return bad(fieldErrors);
      return answer(intent, await inviteGuardian(context.db, context, user, input.guardianEmail), `We sent an invitation to ${input.guardianEmail}.`);
    }
    case "remove-guardian": {
      const parsed = RemoveGuardianSchema.safeParse(Object.fromEntries(form));
      if (!parsed.success) return data<FamilyActionData>({ intent, error: "That link was not found." }, { status: 400 });
      const [athlete] = await getSafetyPeople(context.db, [parsed.data.athleteId]);
      if (!athlete || !canRemoveGuardianLink(user, athlete, parsed.data.guardianId, settings)) {
        return data<FamilyActionData>({ intent, error: GUARDIAN_REMOVAL_REFUSED }, { status: 403 });
      }
      await deleteGuardianLink(context.db, { athleteId: athlete.id, guardianId: parsed.data.guardianId, actorId: user.id });
      return data<FamilyActionData>({ intent, saved: "The link was removed." });
    }
  }
}
