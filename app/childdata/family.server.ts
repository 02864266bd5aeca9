// The family page's part (issue 40, decision 0056): for each athlete the person acts for, whether they may download
// and ask to delete the athlete's data (childDataRole) or why they wait, the requests and their deadlines; and the
// answer to "Ask to delete <name>'s data", asked once first (askUnlessConfirmed in the route).
import { getRequestableAthletes } from "~/enrollment/index.server";
import type { SafePlaySettings } from "~/safe-play/index.server";
import type { Profile } from "~/lib/profile";
import type { DbOrTx } from "~/mail/index.server";
import { m } from "~/paraglide/messages";
import { getChildDataAthletes } from "./access.server";
import { askToDelete, getFamilyRequests } from "./requests.server";
import { AskDeleteSchema, CHILD_DATA_INTENT } from "./schemas";
import { done, parseForm, refused } from "~/lib/forms";

type Actor = Pick<Profile, "id" | "role">;

export async function getChildDataForFamily(db: DbOrTx, actor: Actor, settings: SafePlaySettings) {
  const acted = await getRequestableAthletes(db, actor, settings);
  const athletes = await getChildDataAthletes(db, actor, acted, settings);
  return {
    athletes,
    requests: await getFamilyRequests(
      db,
      actor,
      athletes.map((a) => a.id),
    ),
  };
}

/** The family page's answer to "Ask to delete": the request and its deadline, or "not yours" (nothing changed). */
export async function answerChildDataForm(db: DbOrTx, actor: Actor, form: FormData, settings: SafePlaySettings) {
  const { data: parsed } = parseForm(AskDeleteSchema, form);
  const athleteId = parsed?.athleteId ?? "";
  const r = parsed ? await askToDelete(db, actor, athleteId, settings) : { ok: false as const };
  if (!r.ok) return refused({ intent: CHILD_DATA_INTENT, values: { athleteId }, formError: m.childdata_not_found() }, 404);
  const words = { name: r.request.athleteName };
  return done<{ athleteId: string }>({
    intent: CHILD_DATA_INTENT,
    athleteId,
    message: r.already ? m.childdata_asked_already(words) : m.childdata_asked(words),
    savedAt: Date.now(),
  });
}
