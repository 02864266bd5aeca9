// Everything the site holds about one athlete (issue 40, decision 0056): the "Download <name>'s data" file and its
// readable page, made of each capability's own read functions through its front door, for a reader childDataRole let
// in (the caller asked it first). Each download is written to the safeguarding log (who, whose, when, which form),
// never what it held.
import type { Db } from "../../db/client";
import { getAthletePath, getAthleteRights } from "~/athletes/index.server";
import { getFamilyBookings } from "~/booking/index.server";
import { getFormsOfAthletes } from "~/consent/index.server";
import { getFamilyEnrollments } from "~/enrollment/index.server";
import { getDemographics, logSafeguarding } from "~/family/index.server";
import type { SafePlaySettings } from "~/safe-play/index.server";
import type { Locale } from "~/i18n/language";
import { dayInZone } from "~/lib/datetime";
import type { Profile } from "~/lib/profile";
import { getMedicalForFamily, readMedicalDetails } from "~/medical/index.server";
import { exportUserData } from "~/account/index.server";
import type { ChildDataRole } from "./access.server";
import { getRequestsOf } from "./requests.server";

type Actor = Pick<Profile, "id" | "role">;

/** The safeguarding log's action for a download (its words: logActionLabel). */
export const CHILD_DATA_DOWNLOADED = "child data downloaded";

/** What the log's detail says of the download's form (never its content). */
export type DownloadForm = "file" | "page";

/**
 * Everything held about `athleteId`, read as `reader` (who `role` says they are), in `locale`. Logged before it is
 * answered, as a medical read is, so no download goes unrecorded. Null when the athlete is gone.
 */
export async function getChildData(
  db: Db,
  reader: Actor,
  role: ChildDataRole,
  athleteId: string,
  options: { settings: SafePlaySettings; locale: Locale; form: DownloadForm },
) {
  const { settings, locale } = options;
  const account = await exportUserData(db, athleteId);
  if (!account) return null;
  await logSafeguarding(db, { actorId: reader.id, athleteId, action: CHILD_DATA_DOWNLOADED, detail: options.form });
  const today = dayInZone(settings.clock(), settings.timeZone);
  const name = account.profile.fullName ?? "";
  // Staff read medical details through the medical read rule (logged there too); the family through its own section's read.
  const medical =
    role === "staff"
      ? await readMedicalDetails(db, reader, athleteId, null, "child data download", settings).then((r) => (r.ok ? r.details : null))
      : ((await getMedicalForFamily(db, reader, settings)).find((a) => a.id === athleteId)?.info ?? null);
  const [rights] = await getAthleteRights(db, reader, today, athleteId);
  const path = rights ? await getAthletePath(db, rights, locale) : null;
  const [enrollments] = await getFamilyEnrollments(db, [athleteId], { today, locale });
  const [forms] = await getFormsOfAthletes(db, [{ id: athleteId, name, self: role === "self" }], locale);
  const demographics = (await getDemographics(db, [athleteId])).get(athleteId) ?? null;
  const { profile, conversations, testimonials, parentsOrGuardians, registrationRequests, contactMessages, invitationsSent, reportsMade } = account;
  return {
    exportedAt: new Date().toISOString(),
    athlete: {
      id: athleteId,
      fullName: name,
      dateOfBirth: profile.dateOfBirth,
      email: profile.email.endsWith(".invalid") ? null : profile.email,
      phone: profile.phone,
      createdAt: profile.createdAt,
    },
    parentsOrGuardians,
    demographics,
    medical,
    enrollments: enrollments
      ? { level: enrollments.level, levelHistory: enrollments.levelHistory, requests: enrollments.requests, attendance: enrollments.marks }
      : null,
    attendanceTotals: path?.attendance ?? null,
    path: path
      ? {
          evaluations: path.evaluations,
          school: path.school,
          terms: path.terms,
          milestones: path.milestones,
          checkIns: path.checkIns,
          // Listed as messages' attachments are (name, type, size), each with the address it downloads from (ids only).
          reportCards: path.reportCards.map(({ id, ...card }) => ({ ...card, address: `/athletes/${athleteId}/report-cards/${id}` })),
        }
      : null,
    lessons: (await getFamilyBookings(db, athleteId, new Date(0))).filter((b) => b.athlete_id === athleteId),
    signedForms: forms?.signed ?? [],
    formsToSign: forms?.needed ?? [],
    conversations,
    testimonials,
    registrationRequests,
    contactMessages,
    invitationsSent,
    reportsMade,
    deletionRequests: await getRequestsOf(db, athleteId),
  };
}

export type ChildData = NonNullable<Awaited<ReturnType<typeof getChildData>>>;
