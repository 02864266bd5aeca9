// /athletes/:id: one athlete's path (issue 42, decision 0045): levels, evaluations with the change since the one
// before, attendance and hours of tennis and of education, school and terms, goals, college milestones; on a phone, in
// the reader's language. Read by the athlete's guardians, the athlete (13+), their session coaches, staff and
// education staff: requireAthleteReader (the one rule, getAthleteRights) is the first line of the loader and the
// action, and anyone else gets 404. Each form's write asks its own right again (app/athletes/records.server.ts). A
// term's report card comes as a file (multipart form; checked by its bytes: app/athletes/report-cards.server.ts).
import type { Route } from "./+types/athletes.$athleteId";
import { disclosureAnswerRefusal } from "~/consent/index.server";
import { AthletePage } from "~/athletes/athlete-page";
import {
  addCheckIn,
  addMilestone,
  attachReportCard,
  checkReportCard,
  collegePathOpen,
  createEvaluation,
  parseTermKey,
  REPORT_CARD_MAX_BYTES,
  getActiveSkills,
  getAthletePath,
  requireAthleteReader,
  saveSchool,
  saveTerm,
  setListing,
  todayOf,
  type Refused,
} from "~/athletes/index.server";
import { CheckInSchema, evaluationSchema, ListingSchema, milestoneSchema, SchoolSchema, scoreField, termSchema } from "~/athletes/schemas";
import { RefusalBoundary } from "~/components/refusal-boundary";
import { getLocale } from "~/i18n/language";
import { pageMeta } from "~/lib/meta";
import { invariantResponse } from "~/lib/responses.server";
import { redirectWithToast } from "~/lib/toast.server";
import { m } from "~/paraglide/messages";
import { parseForm, refused, type FieldErrors } from "~/lib/forms";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta({ title: `${loaderData?.name || m.athletes_heading()} | NLTE`, description: m.athletes_intro() }),
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { user, rights } = await requireAthleteReader(request, context, params.athleteId);
  const path = await getAthletePath(context.db, rights, getLocale());
  const open = collegePathOpen({ grade: path.school?.grade ?? null, age: rights.age });
  // The listing's form is offered to whom the disclosure rule lets answer (the action asks it again).
  const mayList = (await disclosureAnswerRefusal(context.db, user, rights.athleteId, context.config.safePlay)) === null;
  return { name: rights.name, rights, mayList, today: todayOf(context), collegePathOpen: open, ...path };
}

const FORMS = ["evaluate", "school", "term", "milestone", "check-in", "listing", "report-card"] as const;

const REPORT_CARD_PROBLEMS = {
  missing: () => m.athletes_error_report_missing(),
  "too-large": () => m.athletes_error_report_too_large(),
  type: () => m.athletes_error_report_type(),
  unreadable: () => m.athletes_error_report_unreadable(),
} as const;

/** A write the rule refused: the same answers as a page that is not there, or a message beside the form. */
function refusal(intent: string, r: Refused) {
  invariantResponse(r.refused !== "not-allowed", m.athletes_refused(), 403);
  invariantResponse(r.refused !== "not-found", m.athletes_error_unknown(), 404);
  return refused({ intent, formError: m.athletes_error_not_listable() }, 409);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { user, rights } = await requireAthleteReader(request, context, params.athleteId);
  // A file far over the limit is answered beside its field without reading it (the body limit lets it reach here).
  if (Number(request.headers.get("content-length") ?? 0) > REPORT_CARD_MAX_BYTES + 64 * 1024) {
    invariantResponse(rights.attachReportCard, m.athletes_refused(), 403);
    return refused({ intent: "report-card", formError: m.athletes_error_correct(), fieldErrors: { file: m.athletes_error_report_too_large() } }, 413);
  }
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  invariantResponse((FORMS as readonly string[]).includes(intent), m.athletes_error_unknown(), 400);
  const today = todayOf(context);
  const values = Object.fromEntries([...form.entries()].filter((e): e is [string, string] => typeof e[1] === "string"));
  const invalid = (fieldErrors: FieldErrors | null) => refused({ intent, formError: m.athletes_error_correct(), fieldErrors, values });
  const back = `/athletes/${rights.athleteId}`;
  const done = async (title: string) => {
    throw await redirectWithToast(context, back, { type: "success", title });
  };

  switch (intent) {
    case "evaluate": {
      invariantResponse(rights.evaluate, m.athletes_refused(), 403);
      const skills = await getActiveSkills(context.db, getLocale());
      const parsed = parseForm(
        evaluationSchema(
          today,
          skills.map((s) => s.id),
        ),
        form,
      );
      if (!parsed.data) return invalid(parsed.fieldErrors);
      const input = parsed.data as Record<string, unknown> & typeof parsed.data;
      const r = await createEvaluation(context.db, rights, user.id, {
        level: input.level,
        evaluatedOn: input.evaluatedOn,
        note: input.note,
        goalOne: input.goalOne,
        goalTwo: input.goalTwo,
        scores: skills.map((s) => ({ skillId: s.id, score: Number(input[scoreField(s.id)]) })),
      });
      if ("refused" in r) return refusal(intent, r);
      return done(m.athletes_done_evaluation());
    }
    case "school": {
      const parsed = parseForm(SchoolSchema, form);
      if (!parsed.data) return invalid(parsed.fieldErrors);
      const r = await saveSchool(context.db, rights, user.id, parsed.data);
      if (r) return refusal(intent, r);
      return done(m.athletes_done_school());
    }
    case "term": {
      const parsed = parseForm(termSchema(Number(today.slice(0, 4))), form);
      if (!parsed.data) return invalid(parsed.fieldErrors);
      const r = await saveTerm(context.db, rights, user.id, parsed.data);
      if (r) return refusal(intent, r);
      return done(m.athletes_done_term());
    }
    case "milestone": {
      const parsed = parseForm(milestoneSchema(today), form);
      if (!parsed.data) return invalid(parsed.fieldErrors);
      const r = await addMilestone(context.db, rights, user.id, parsed.data);
      if ("refused" in r && r.refused === "before-grade-9") return invalid({ kind: m.athletes_error_before_grade9() });
      if ("refused" in r) return refusal(intent, r);
      return done(m.athletes_done_milestone());
    }
    case "check-in": {
      const parsed = parseForm(CheckInSchema, form);
      if (!parsed.data) return invalid(parsed.fieldErrors);
      const r = await addCheckIn(context.db, rights, user.id, parsed.data.note);
      if (r) return refusal(intent, r);
      return done(m.athletes_done_check_in());
    }
    case "report-card": {
      invariantResponse(rights.attachReportCard, m.athletes_refused(), 403);
      const term = parseTermKey(String(form.get("reportTerm") ?? ""));
      const file = await checkReportCard(form.get("file"));
      const problem = "problem" in file ? REPORT_CARD_PROBLEMS[file.problem]() : undefined;
      if (!term || problem) return invalid({ reportTerm: term ? undefined : m.athletes_error_report_term(), file: problem });
      const r = "problem" in file ? null : await attachReportCard(context.db, rights, user.id, term, file);
      if (r?.refused === "not-found") return invalid({ reportTerm: m.athletes_error_report_term() });
      if (r) return refusal(intent, r);
      return done(m.athletes_done_report_card());
    }
    default: {
      const parsed = parseForm(ListingSchema, form);
      invariantResponse(parsed.data, m.athletes_error_unknown(), 404);
      // Listing a scholarship is also the family's yes to being named on /scholarships (issue 40, decision 0061): one rule,
      // the disclosure rule's, says who may; its refusal is said beside the form and nothing is listed.
      const r = await setListing(context.db, user, context.config.safePlay, rights.athleteId, parsed.data.milestoneId, parsed.data.list === "yes");
      if (r?.refused === "consent") return refused({ intent, formError: r.error }, 403);
      if (r) return refusal(intent, r);
      return done(parsed.data.list === "yes" ? m.athletes_done_listed() : m.athletes_done_unlisted());
    }
  }
}

export default function AthleteRoute({ loaderData }: Route.ComponentProps) {
  return <AthletePage {...loaderData} />;
}

export function ErrorBoundary() {
  return <RefusalBoundary title={m.athletes_heading()} documentTitle={`${m.athletes_heading()} | NLTE`} />;
}
