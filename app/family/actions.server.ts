// /account/family's Safe Play forms: what a client is, the household's student-athletes (add, correct, invite, cancel an
// invitation, remove), an athlete inviting a guardian, an adult athlete leaving the household. Each acts for the
// signed-in person only, checks its rule on the server (the models refuse what is not theirs), and answers bad input
// with a 400 and the message beside the field. Every answer is an ActionResult (decision 0077, read on the page as
// AthleteSectionAnswer): a success names the athlete and carries `savedAt`, so the page clears the form that
// succeeded; a refusal carries the athlete among what was sent (`values.athleteId`).
import type { AppLoadContext } from "react-router";
import { canRemoveGuardianLink, getSafetyPeople, guardianRemovalRefused } from "../safe-play/index.server";
import { dateOfBirthProblem } from "~/safe-play/safe-play";
import {
  AddAthleteSchema,
  AthleteIdSchema,
  ClientKindSchema,
  EditAthleteSchema,
  InviteAthleteSchema,
  InviteCoGuardianSchema,
  InviteGuardianSchema,
  type FamilyIntent,
} from "~/family/schemas";
import type { Profile } from "~/lib/profile";
import { notYourAthlete, type FamilyResult } from "~/family/family-log.server";
import { removeAthleteFromHousehold, updateAthleteByGuardian } from "~/family/guardian-athletes.server";
import { updateClientKind } from "~/family/client-kind.server";
import { decideTestimonial } from "~/testimonials/index.server";
import { isUuid } from "~/lib/uuid";
import {
  addAthlete,
  cancelAthleteInvitation,
  inviteGuardian,
  inviteSecondGuardian,
  removeAthleteWithoutLogin,
  sendAthleteInvitation,
} from "~/family/invitations.server";
import { invariantResponse } from "~/lib/responses.server";
import { m } from "~/paraglide/messages";
import { done, parseForm, refused, type FieldErrors } from "~/lib/forms";

/** What was sent that says which athlete a refusal is about (none for the household's own forms). */
const about = (athleteId?: string) => (athleteId ? { values: { athleteId } } : {});

function answer(intent: string, r: FamilyResult, message: string, athleteId?: string) {
  if (r.ok) return done<{ athleteId?: string }>({ intent, message, savedAt: Date.now(), ...(athleteId ? { athleteId } : {}) });
  return refused(
    r.field ? { intent, fieldErrors: { [r.field]: r.error }, ...about(athleteId) } : { intent, formError: r.error, ...about(athleteId) },
    r.status,
  );
}

export async function familyAction(intent: FamilyIntent, form: FormData, user: Profile, context: AppLoadContext) {
  const settings = context.config.safePlay;
  const bad = (fieldErrors: FieldErrors | null, athleteId?: string) => refused({ intent, fieldErrors, ...about(athleteId) });
  const notFound = () => refused({ intent, formError: notYourAthlete() });
  invariantResponse(user.role === "client", m.messaging_family_clients_only(), 403);
  switch (intent) {
    case "kind": {
      const { data: input, fieldErrors } = parseForm(ClientKindSchema, form);
      if (!input) return bad(fieldErrors);
      return answer(
        intent,
        await updateClientKind(context.db, user.id, { kind: input.kind, dateOfBirth: input.dateOfBirth ?? null }, settings),
        m.messaging_family_saved(),
      );
    }
    case "add-athlete": {
      const { data: input, fieldErrors } = parseForm(AddAthleteSchema, form);
      if (!input) return bad(fieldErrors);
      // Any age: the guardian creates the account (COPPA allows a parent to); only the date must be real.
      const problem = dateOfBirthProblem(input.dateOfBirth, settings.clock(), settings.timeZone);
      if (problem) return bad({ dateOfBirth: problem });
      const r = await addAthlete(context.db, context, user, input);
      return answer(
        intent,
        r,
        input.email
          ? m.messaging_family_added_invited({ name: input.fullName, email: input.email })
          : m.messaging_family_added({ name: input.fullName }),
      );
    }
    case "edit-athlete": {
      const athleteId = AthleteIdSchema.safeParse(form.get("athleteId"));
      if (!athleteId.success) return notFound();
      const { data: input, fieldErrors } = parseForm(EditAthleteSchema, form);
      if (!input) return bad(fieldErrors, athleteId.data);
      const problem = dateOfBirthProblem(input.dateOfBirth, settings.clock(), settings.timeZone);
      if (problem) return bad({ dateOfBirth: problem }, athleteId.data);
      const r = await updateAthleteByGuardian(context.db, user.id, athleteId.data, input, settings, context);
      return answer(
        intent,
        r,
        r.ok && r.pending
          ? m.messaging_family_protection_requested({ name: input.fullName })
          : m.messaging_family_details_saved({ name: input.fullName }),
        athleteId.data,
      );
    }
    case "invite-athlete": {
      const athleteId = AthleteIdSchema.safeParse(form.get("athleteId"));
      if (!athleteId.success) return notFound();
      const { data: input, fieldErrors } = parseForm(InviteAthleteSchema, form);
      if (!input) return bad(fieldErrors, athleteId.data);
      const r = await sendAthleteInvitation(context.db, context, user, athleteId.data, input.email);
      return answer(intent, r, m.messaging_family_invitation_sent_to({ name: nameFrom(form), email: input.email }), athleteId.data);
    }
    case "cancel-invitation": {
      const athleteId = AthleteIdSchema.safeParse(form.get("athleteId"));
      if (!athleteId.success) return notFound();
      return answer(
        intent,
        await cancelAthleteInvitation(context.db, user, athleteId.data),
        m.messaging_family_invitation_cancelled({ name: nameFrom(form) }),
        athleteId.data,
      );
    }
    case "remove-athlete": {
      const athleteId = AthleteIdSchema.safeParse(form.get("athleteId"));
      if (!athleteId.success) return notFound();
      // The athlete named, so a refusal shows on their card, where the guardian asked (their card stays when refused).
      return answer(
        intent,
        await removeAthleteWithoutLogin(context.db, user, athleteId.data),
        m.messaging_family_removed({ name: nameFrom(form) }),
        athleteId.data,
      );
    }
    case "invite-guardian": {
      const { data: input, fieldErrors } = parseForm(InviteGuardianSchema, form);
      if (!input) return bad(fieldErrors);
      return answer(
        intent,
        await inviteGuardian(context.db, context, user, input.guardianEmail),
        m.messaging_family_invited({ email: input.guardianEmail }),
      );
    }
    case "invite-coguardian": {
      const { data: input, fieldErrors } = parseForm(InviteCoGuardianSchema, form);
      if (!input) return bad(fieldErrors);
      return answer(
        intent,
        await inviteSecondGuardian(context.db, context, user, input.coGuardianEmail),
        m.messaging_family_coguardian_invited({ email: input.coGuardianEmail }),
      );
    }
    case "approve-testimonial":
    case "decline-testimonial": {
      const id = AthleteIdSchema.safeParse(form.get("testimonialId"));
      const approve = intent === "approve-testimonial";
      if (!id.success || !isUuid(id.data) || !(await decideTestimonial(context.db, user.id, id.data, approve)))
        return refused({ intent, formError: m.messaging_family_testimonial_not_waiting() });
      return done({
        intent,
        message: approve ? m.messaging_family_testimonial_published() : m.messaging_family_testimonial_declined(),
        savedAt: Date.now(),
      });
    }
    case "remove-guardian": {
      // An adult athlete leaves their household (nobody removes a minor's guardian through the site).
      const athleteId = AthleteIdSchema.safeParse(form.get("athleteId"));
      const guardianId = AthleteIdSchema.safeParse(form.get("guardianId"));
      if (!athleteId.success || !guardianId.success) return refused({ intent, formError: m.messaging_family_link_not_found() });
      const [athlete] = await getSafetyPeople(context.db, [athleteId.data]);
      if (!athlete || !canRemoveGuardianLink(user, athlete, guardianId.data, settings)) {
        return refused({ intent, formError: guardianRemovalRefused() }, 403);
      }
      return answer(intent, await removeAthleteFromHousehold(context.db, { athleteId: athlete.id, actorId: user.id }), m.messaging_family_left());
    }
  }
}

/** The athlete's name as the form showed it, for the words of a success (the model checked the athlete is theirs). */
function nameFrom(form: FormData) {
  const name = form.get("athleteName");
  return typeof name === "string" && name.trim() && name.length <= 120 ? name.trim() : m.messaging_family_the_athlete();
}
