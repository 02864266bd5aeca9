// /programs/registration: the spec's student and parent form (fields, "Submit Registration", the receipt mail and the
// coaches' notice as they always were), and, since issue 29, a request for a place in one session. A family chooses
// the session first (a plain GET form: `?program=` lists that program's open sessions, `?session=` chooses one, a
// signed-in guardian's `?athlete=` picks one of their athletes and fills the student's part in); the form then asks
// what coaches need on court, as /enroll does. Sent signed in, the enrollment request is made with the registration
// (app/forms/registration.server.ts); sent by a visitor, it waits for their verified address. The screen is
// app/forms/registration-page.tsx.
import type { Route } from "./+types/programs.registration";
import { REGISTRATION } from "~/content/registration.server";
import { withPolicies } from "~/programs/policies";
import { getPolicies } from "~/programs/index.server";
import { pageWords } from "~/content/words.server";
import { PROGRAM_LINKS } from "~/content/site";
import { getLocale } from "~/i18n/locale";
import { dayInZone } from "~/lib/datetime";
import { pageMeta } from "~/lib/meta";
import { m } from "~/paraglide/messages";
import { RegistrationPage } from "~/forms/registration-page";
import { receivePublicForm } from "~/forms/index.server";
import { getRegistrationHelpState, parseRegistrationHelp, storeRegistration, withHelpErrors } from "~/forms/index.server";
import { parseRegistration, type RegistrationFormInput } from "~/forms/schemas";
import { getUser } from "~/auth/index.server";
import { getSessionSeasons } from "~/calendar/index.server";
import { getOpenSessions, getPlacesLeft, getRequestableAthletes } from "~/enrollment/index.server";
import { placesWords } from "~/enrollment/places";
import { actingForProblem, getAthletesForRegistration } from "~/family/index.server";

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => (loaderData ? pageMeta(loaderData.page, { matches, location }) : []);

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { db, config } = context;
  const locale = getLocale();
  const today = dayInZone(config.safePlay.clock(), config.site.timeZone);
  const [user, policies] = await Promise.all([getUser(request, context), getPolicies(db)]);
  const words = REGISTRATION[getLocale()];

  // The session, when one is chosen and still takes requests; its program is then the form's.
  const sessionParam = url.searchParams.get("session") ?? "";
  const session = sessionParam ? ((await getOpenSessions(db, today, locale, { eventId: sessionParam }))[0] ?? null) : null;
  const programParam = url.searchParams.get("program");
  const link = PROGRAM_LINKS.find((p) => p.slug === (session?.programSlug ?? programParam)) ?? null;
  // Only the current and next seasons' sessions, each said with its season and year (issue 39).
  const [open, seasonOf] = await Promise.all([
    getOpenSessions(db, today, locale, { programSlug: link?.slug ?? null }),
    getSessionSeasons(db, today, locale),
  ]);
  // Places left, by the database's one count (session_places_left), as the session card, /enroll and /calendar say it.
  const left = await getPlacesLeft(db, [...open.map((s) => s.id), ...(session ? [session.id] : [])]);
  const places = (id: string) => placesWords(left.get(id) ?? null, locale);
  const sessionGroups = PROGRAM_LINKS.map((p) => ({
    program: p.name(),
    sessions: open
      .filter((s) => s.programSlug === p.slug && seasonOf.has(s.id))
      .map((s) => ({
        id: s.id,
        label: `${s.title}${seasonOf.get(s.id) ? ` (${seasonOf.get(s.id)})` : ""}: ${s.when}${s.place ? `, ${s.place}` : ""}${places(s.id) ? ` · ${places(s.id)}` : ""}`,
      })),
  })).filter((g) => g.sessions.length > 0);

  // A signed-in family's athletes (a guardian's household; an adult athlete themselves), to fill in and to ask for.
  const family = user?.role === "client" ? await getRequestableAthletes(db, user, config.safePlay) : [];
  const ages = user?.role === "client" ? await getAthletesForRegistration(db, user.id, config.safePlay) : [];
  const self = family.find((a) => a.self) ?? null;
  const picked = family.find((a) => a.id === url.searchParams.get("athlete")) ?? (session ? self : null);
  const age = ages.find((a) => a.id === picked?.id)?.age ?? null;
  const prefill =
    picked && user
      ? {
          athleteId: picked.id,
          studentName: picked.name,
          age: age === null ? "" : String(age),
          parentName: self ? "" : (user.fullName ?? ""),
          email: user.email,
          phone: user.phone ?? "",
        }
      : null;

  // With a session chosen, what a signed-in person is told before sending (the server decides the same again).
  let sessionNote: { text: string; accountLink: boolean } | null = null;
  if (session && user && user.role !== "client") sessionNote = { text: m.enroll_refused_not_family(), accountLink: false };
  else if (session && user && !picked) {
    // Not an adult athlete asking for themselves: a guardian chooses one of theirs (or adds one first); a minor alone
    // hears what /enroll says.
    const problem = await actingForProblem(db, user, user.id, config.safePlay);
    sessionNote =
      problem === "minor"
        ? { text: m.enroll_refused_minor(), accountLink: false }
        : family.length
          ? { text: m.enroll_reg_choose_athlete(), accountLink: false }
          : { text: m.enroll_no_athletes(), accountLink: true };
  }
  // "I would like financial help" with the session, to whom it applies (issue 41: the request form's rule).
  const help = await getRegistrationHelpState(context, user, Boolean(session), today);
  return {
    help,
    page: pageWords("registration"),
    // The withdrawal notice is the organisation's one setting (issue 28), as on the FAQ and /programs.
    words: { ...words, policy: words.policy.map((r) => withPolicies(r, policies)) },
    chosen: link?.label ?? null,
    slug: link?.slug ?? null,
    sessionGroups,
    session: session ? { id: session.id, title: session.title, when: session.when, place: session.place, places: places(session.id) } : null,
    athletes: family.map((a) => ({ id: a.id, fullName: a.name })),
    prefill,
    signedIn: Boolean(user),
    sessionNote,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  // Safe Play: a signed-in family's registration is linked to their account and, when they picked one of their own
  // athletes, to the athlete's too. Anyone else's athlete id links nothing (and asks for nobody: enrollment refuses).
  const user = await getUser(request, context);
  const { db, config } = context;
  const own = user?.role === "client" ? (await getRequestableAthletes(db, user, config.safePlay)).map((a) => a.id) : [];
  const help = await parseRegistrationHelp(request, context, user);
  return receivePublicForm<RegistrationFormInput>(
    request,
    context,
    "registration",
    (values) =>
      withHelpErrors(parseRegistration(values, { askBirthDate: !user, now: config.safePlay.clock(), timeZone: config.site.timeZone }), help),
    (input) => storeRegistration(context, user, input, own, help),
  );
}

export default function Registration({ actionData, loaderData }: Route.ComponentProps) {
  return <RegistrationPage view={loaderData} answer={actionData} />;
}
