// /athletes/settings: the administrator's settings for athletes' paths (issue 42): the skills evaluations score, named
// in English and Spanish, and each program session's kind (tennis, education, both), which says whether its attendance
// counts hours of tennis, of education, or half of each; and how many weeks into a season coaches are reminded of
// athletes not yet evaluated (decision 0062). requireAdmin is the first line of the loader and the action.
import type { Route } from "./+types/athletes.settings";
import {
  addSkill,
  getReminderWeeks,
  getSessionKinds,
  getSkillsForEditing,
  REMINDER_WEEKS,
  renameSkill,
  setReminderWeeks,
  setSessionKind,
  setSkillRetired,
} from "~/athletes/index.server";
import { SessionKindSchema, SkillIdSchema, SkillSchema } from "~/athletes/schemas";
import { AthleteSettingsPage } from "~/athletes/settings-page";
import { RefusalBoundary } from "~/components/refusal-boundary";
import { pageMeta } from "~/lib/meta";
import { badRequest, invariantResponse } from "~/lib/responses.server";
import { redirectWithToast } from "~/lib/toast.server";
import { m } from "~/paraglide/messages";
import { requireAdmin } from "~/staff/index.server";
import { parseForm, refused } from "~/lib/forms";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: `${m.athletes_settings_heading()} | NLTE`, description: m.athletes_settings_intro() }),
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const [skills, sessions, reminderWeeks] = await Promise.all([
    getSkillsForEditing(context.db),
    getSessionKinds(context.db),
    getReminderWeeks(context.db),
  ]);
  return { skills, sessions, reminderWeeks };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const values = { name: String(form.get("name") ?? ""), nameEs: String(form.get("nameEs") ?? "") };
  const saved = async () => {
    throw await redirectWithToast(context, "/athletes/settings", { type: "success", title: m.athletes_done_settings() });
  };

  if (intent === "add-skill" || intent === "rename-skill") {
    const row = intent === "rename-skill" ? { ...values, skillId: String(form.get("skillId") ?? "") } : values;
    const parsed = parseForm(SkillSchema, form);
    if (!parsed.data) return refused({ intent, fieldErrors: parsed.fieldErrors, values: row });
    let r: "duplicate" | "not-found" | null;
    if (intent === "add-skill") r = await addSkill(context.db, parsed.data);
    else {
      const id = parseForm(SkillIdSchema, form).data;
      invariantResponse(id, m.athletes_error_unknown(), 404);
      r = await renameSkill(context.db, id.skillId, parsed.data);
    }
    invariantResponse(r !== "not-found", m.athletes_error_unknown(), 404);
    if (r === "duplicate") return refused({ intent, fieldErrors: { name: m.athletes_error_skill_taken() }, values: row }, 409);
    return saved();
  }
  if (intent === "retire-skill" || intent === "restore-skill") {
    const id = parseForm(SkillIdSchema, form).data;
    invariantResponse(id && (await setSkillRetired(context.db, id.skillId, intent === "retire-skill")), m.athletes_error_unknown(), 404);
    return saved();
  }
  if (intent === "session-kind") {
    const parsed = parseForm(SessionKindSchema, form);
    if (!parsed.data) return refused({ intent, fieldErrors: parsed.fieldErrors, values: { eventId: String(form.get("eventId") ?? "") } });
    invariantResponse(await setSessionKind(context.db, parsed.data.eventId, parsed.data.kind), m.athletes_error_unknown(), 404);
    return saved();
  }
  if (intent === "reminder-weeks") {
    const raw = String(form.get("weeks") ?? "").trim();
    const weeks = Number(raw);
    if (!/^\d{1,2}$/.test(raw) || weeks < REMINDER_WEEKS.min || weeks > REMINDER_WEEKS.max)
      return refused({ intent, fieldErrors: { weeks: m.athletes_error_reminder_weeks() }, values: { weeks: raw.slice(0, 10) } });
    await setReminderWeeks(context.db, weeks);
    throw await redirectWithToast(context, "/athletes/settings", { type: "success", title: m.athletes_done_reminder_weeks() });
  }
  badRequest(m.athletes_error_unknown());
}

export default function AthleteSettingsRoute({ loaderData }: Route.ComponentProps) {
  return <AthleteSettingsPage {...loaderData} />;
}

export function ErrorBoundary() {
  return <RefusalBoundary title={m.athletes_settings_heading()} documentTitle={`${m.athletes_settings_heading()} | NLTE`} />;
}
