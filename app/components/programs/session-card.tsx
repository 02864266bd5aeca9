// One session on its program's page: what a family decides by. A fact the coach left empty is left out; the page's
// facts at a glance say "ask us" for what no session answers. Plain markup: program pages are visitor documents.
import { MapPin } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Card } from "~/components/public/section";
import { InEnglishMark, Typed } from "~/components/public/typed-text";
import { buttonClass } from "~/components/ui/button";
import { localHref } from "~/i18n/locale";
import type { SessionView } from "~/programs/index.server";
import { m } from "~/paraglide/messages";

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap gap-x-2">
      <dt className="font-semibold text-navy-900">{label}:</dt>
      <dd className="text-slate-700">{children}</dd>
    </div>
  );
}

export function SessionCard({ session: s, slug }: { session: SessionView; slug: string }) {
  return (
    <Card className="h-full">
      <h3 className="text-lg font-semibold text-navy-900">
        <Typed value={s.title} />
        <InEnglishMark of={[s.title, s.note, s.whatToBring, ...s.when]} />
      </h3>
      <dl className="mt-3 flex flex-col gap-1">
        {s.dates ? <Fact label={m.programs_session_dates()}>{s.dates}</Fact> : null}
        {s.when.length ? (
          <Fact label={m.programs_session_when()}>
            {s.when.map((part, i) => (
              <Typed key={i} value={part} />
            ))}
          </Fact>
        ) : null}
        {s.ages ? <Fact label={m.programs_session_ages()}>{s.ages}</Fact> : null}
        {s.levels ? <Fact label={m.programs_session_levels()}>{s.levels}</Fact> : null}
        {s.place || s.streetAddress ? (
          <Fact label={m.programs_session_place()}>
            {[s.place, s.streetAddress].filter(Boolean).join(", ")}
            {s.mapHref ? (
              <>
                {" "}
                <a href={s.mapHref} className="inline-flex items-center gap-1 font-medium text-court-800 underline" rel="noopener noreferrer">
                  <MapPin aria-hidden className="size-4" />
                  {m.programs_map_link()}
                  <span className="sr-only"> {m.programs_map_of({ place: s.place ?? s.streetAddress ?? "" })}</span>
                </a>
              </>
            ) : null}
          </Fact>
        ) : null}
        {s.fee ? <Fact label={m.programs_session_fee()}>{s.fee}</Fact> : null}
        <Fact label={m.programs_session_what_to_bring()}>
          <Typed value={s.whatToBring} />
        </Fact>
        {s.capacity ? (
          <Fact label={m.programs_session_capacity()}>
            {/* Issue 39: how many are left (or full), then the session's size. */}
            {s.places ? (
              <strong className="font-semibold text-navy-900" data-testid="places-left">
                {s.places}
              </strong>
            ) : null}
            {s.places ? " · " : null}
            {s.capacity}
          </Fact>
        ) : null}
      </dl>
      {s.note ? (
        <p className="mt-3 text-slate-700">
          <Typed value={s.note} />
        </p>
      ) : null}
      {s.financialHelp ? <p className="mt-3 text-slate-800">{m.programs_financial_help()}</p> : null}
      {s.register ? (
        // A family with an account asks for a place in this very session (issue 29: signed in, for one of their
        // athletes); the registration form stays for those without one.
        <div className="mt-4 flex flex-wrap gap-3">
          <Link to={localHref(`/enroll/${s.id}`)} className={buttonClass("primary")}>
            {s.full ? m.programs_session_join_waitlist() : m.programs_session_enroll()}
            <span className="sr-only"> {s.title.text}</span>
          </Link>
          <Link to={localHref(`/programs/registration?program=${slug}&session=${s.id}`)} className={buttonClass("secondary")}>
            {m.programs_session_register()}
            <span className="sr-only"> {s.title.text}</span>
          </Link>
        </div>
      ) : null}
    </Card>
  );
}
