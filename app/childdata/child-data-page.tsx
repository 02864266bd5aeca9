// "Sofía's data" as a page to read (issue 40, decision 0056): the same as the file "Download Sofía's data" holds
// (getChildData), in the reader's language, one section a kind of data. Only for whom childDataRole lets in (the
// route's first lines); the download is logged like any read of a child's data.
import type { ReactNode } from "react";
import { bandWords, sizeText, termWords } from "~/athletes/words";
import { CardSection } from "~/components/ui/card-section";
import { statusWords } from "~/enrollment/words";
import { genderWord, gradeWord, lunchWord } from "~/family/demographics";
import { localHref } from "~/i18n/locale";
import { formatDateIn, formatDateTime } from "~/lib/datetime";
import { useOrgTimeZone } from "~/lib/use-org-time-zone";
import { m } from "~/paraglide/messages";
import type { ChildData } from "./export.server";

const text = (v: unknown) => (v === null || v === undefined || v === "" ? "—" : String(v));

function Facts({ rows }: { rows: Array<[string, ReactNode]> }) {
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-medium">{label}</dt>
          <dd className="break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const Nothing = () => <p className="text-slate-700">{m.childdata_page_nothing()}</p>;

function List({ items }: { items: ReactNode[] }) {
  if (items.length === 0) return <Nothing />;
  return (
    <ul className="list-disc pl-5">
      {items.map((item, i) => (
        <li key={i}>{item}</li>
      ))}
    </ul>
  );
}

function AboutSection({ d }: { d: ChildData }) {
  const demo = d.demographics;
  return (
    <CardSection title={m.childdata_page_about()}>
      <Facts
        rows={[
          [m.childdata_page_name(), text(d.athlete.fullName)],
          [m.childdata_page_born(), text(d.athlete.dateOfBirth)],
          [m.childdata_page_email(), text(d.athlete.email)],
          [m.childdata_page_phone(), text(d.athlete.phone)],
          [m.childdata_page_guardians(), d.parentsOrGuardians.map((g) => g.fullName).join(", ") || "—"],
          [m.childdata_page_gender(), demo?.gender ? genderWord(demo.gender) : "—"],
          [m.childdata_page_zip(), text(demo?.zip)],
          [m.childdata_page_school(), text(demo?.school)],
          [m.childdata_page_grade(), demo?.grade !== null && demo?.grade !== undefined ? gradeWord(demo.grade) : "—"],
          [m.childdata_page_lunch(), demo?.schoolLunch ? lunchWord(demo.schoolLunch) : "—"],
        ]}
      />
    </CardSection>
  );
}

function MedicalPart({ d }: { d: ChildData }) {
  const med = d.medical;
  return (
    <CardSection title={m.childdata_page_medical()}>
      {med ? (
        <Facts
          rows={[
            [m.attendance_medical_allergies(), text(med.allergies)],
            [m.attendance_medical_conditions(), text(med.conditions)],
            [m.attendance_medical_medication(), text(med.medication)],
            [m.childdata_page_alert(), med.courtsideAlert ? m.account_mydata_yes() : m.account_mydata_no()],
          ]}
        />
      ) : (
        <Nothing />
      )}
    </CardSection>
  );
}

function ProgramsPart({ d, day }: { d: ChildData; day: (v: string) => string }) {
  const e = d.enrollments;
  const totals = d.attendanceTotals;
  return (
    <CardSection title={m.childdata_page_programs()}>
      <h3 className="font-semibold">{m.childdata_page_requests()}</h3>
      <List items={(e?.requests ?? []).map((r) => `${r.session}: ${statusWords(r.status)}`)} />
      <h3 className="mt-3 font-semibold">{m.childdata_page_levels()}</h3>
      <List items={(e?.levelHistory ?? []).map((l) => m.childdata_page_level({ level: l.level, day: l.placedOn, coach: text(l.coach) }))} />
      <h3 className="mt-3 font-semibold">{m.childdata_page_attendance()}</h3>
      {totals ? <p>{m.childdata_page_attendance_totals({ present: totals.present, absent: totals.absent })}</p> : null}
      <List
        items={(e?.attendance ?? []).map((a) => `${a.day}, ${a.session}: ${a.present ? m.childdata_page_present() : m.childdata_page_absent()}`)}
      />
      <h3 className="mt-3 font-semibold">{m.childdata_page_lessons()}</h3>
      <List
        items={d.lessons.map(
          (b) => `${day(String(b.starts_at))}: ${text(b.coach_name)}${b.cancelled_at ? ` (${m.childdata_page_cancelled()})` : ""}`,
        )}
      />
    </CardSection>
  );
}

function PathPart({ d }: { d: ChildData }) {
  const p = d.path;
  return (
    <CardSection title={m.childdata_page_path()}>
      <List
        items={[
          ...(p?.evaluations ?? []).map((e) =>
            m.childdata_page_evaluation({ day: e.evaluatedOn, level: e.level, coach: text(e.coach), note: text(e.note) }),
          ),
          ...(p?.school ? [m.childdata_page_school_line({ school: p.school.school, grade: p.school.grade })] : []),
          ...(p?.terms ?? []).map(
            (t) => `${termWords(t.term)} ${t.year}: ${[t.band ? bandWords(t.band) : "", t.summary].filter(Boolean).join(". ") || "—"}`,
          ),
          ...(p?.reportCards ?? []).map((c) => (
            <a href={c.address} download className="font-medium text-court-800 underline">
              {m.athletes_report_card_download({ term: `${termWords(c.term)} ${c.year}`, file: c.fileName, size: sizeText(c.size) })}
            </a>
          )),
          ...(p?.milestones ?? []).map((s) => `${s.happenedOn}: ${text(s.college)} ${text(s.detail)}`),
          ...(p?.checkIns ?? []).map((c) => `${c.at.slice(0, 10)}: ${c.note}`),
        ]}
      />
    </CardSection>
  );
}

const STATE_WORDS = { active: m.consent_state_active, superseded: m.consent_state_superseded, withdrawn: m.consent_state_withdrawn };

function FormsPart({ d, when }: { d: ChildData; when: (v: string | Date) => string }) {
  return (
    <CardSection title={m.childdata_page_forms()}>
      <List
        items={d.signedForms.map((f) =>
          m.childdata_page_form({
            title: f.title,
            version: f.version,
            season: f.season,
            state: STATE_WORDS[f.state](),
            when: when(f.signedAt),
            name: f.typedName,
          }),
        )}
      />
    </CardSection>
  );
}

function MessagesPart({ d, when }: { d: ChildData; when: (v: string | Date) => string }) {
  return (
    <CardSection title={m.childdata_page_messages({ count: d.conversations.length })}>
      {d.conversations.length === 0 ? <Nothing /> : null}
      {d.conversations.map((c, i) => (
        <details key={c.id} className="mt-2">
          <summary className="cursor-pointer font-medium">{m.account_mydata_conversation({ number: i + 1, count: c.messages.length })}</summary>
          <ol className="mt-2 flex flex-col gap-1 pl-4">
            {c.messages.map((msg, j) => (
              <li key={j} className="text-sm">
                <span className="text-slate-700">
                  {text(msg.sender)}, {when(msg.created_at)}:
                </span>{" "}
                <span className="whitespace-pre-wrap break-words">
                  {msg.message_type === "text" ? msg.content : m.account_mydata_file({ name: text(msg.file_name ?? msg.content) })}
                </span>
              </li>
            ))}
          </ol>
        </details>
      ))}
    </CardSection>
  );
}

export function ChildDataPage({ d }: { d: ChildData }) {
  const zone = useOrgTimeZone();
  const when = (v: string | Date) => formatDateTime(v, zone);
  const day = (v: string) => formatDateIn(v, zone);
  const name = d.athlete.fullName;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">{m.childdata_page_heading({ name })}</h1>
      <p className="text-slate-800">
        {m.childdata_page_intro({ name, when: when(d.exportedAt) })}{" "}
        <a href={localHref(`/account/family/data/${d.athlete.id}/file`)} download className="font-semibold text-court-800 underline">
          {m.childdata_download({ name })}
        </a>
      </p>
      <AboutSection d={d} />
      <MedicalPart d={d} />
      <ProgramsPart d={d} day={day} />
      <PathPart d={d} />
      <FormsPart d={d} when={when} />
      <MessagesPart d={d} when={when} />
      <CardSection title={m.childdata_page_requests_heading()}>
        <List
          items={d.deletionRequests.map((r) =>
            m.childdata_page_request({ asked: day(r.askedAt), due: day(r.dueBy), status: requestStatus(r.status) }),
          )}
        />
      </CardSection>
    </div>
  );
}

export const requestStatus = (s: "open" | "done" | "refused") =>
  s === "open" ? m.childdata_status_open() : s === "done" ? m.childdata_status_done() : m.childdata_status_refused();
