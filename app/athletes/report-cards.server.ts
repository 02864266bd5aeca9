// A term's report card (issue 42, decision 0062): a PDF or a photo of it, attached by a guardian, the adult athlete or
// education staff (getAthleteRights's attachReportCard), read by those its readReportCards allows. The file is checked
// as messages' attachments are (app/lib/file-type.server.ts: the type from its bytes, never its name or the browser's
// claim; the same 10 MB limit; a name safe to offer as a download) and kept in PostgreSQL as they are. A photo loses its
// metadata (a phone's photo carries where it was taken: a family's home) and is turned upright. Its address holds ids
// only, never a child's name.
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { athleteReportCards } from "../../db/schema-athletes";
import { loadSharp } from "../../scripts/site-images";
import { ATTACHMENT_MAX_BYTES, cleanFileName, detectFileType } from "~/lib/file-type.server";
import { isUuid } from "~/lib/uuid";
import type { AthleteRights } from "./access.server";
import type { Refused } from "./records.server";

/** Messages' attachments' limit (10 MB): one limit for the files people send the site. */
export const REPORT_CARD_MAX_BYTES = ATTACHMENT_MAX_BYTES;
const MAX_PIXELS = 50_000_000;
const REPORT_CARD_TYPES = ["application/pdf", "image/png", "image/jpeg", "image/webp"];

export type ReportCardFile = { fileName: string; mimeType: string; data: Buffer };
export type ReportCardProblem = "missing" | "too-large" | "type" | "unreadable";
export type ReportCardView = { id: string; year: number; term: string; fileName: string; mimeType: string; size: number; attachedOn: string };
/** A recorded term, as the attach form names it: "2026-spring". */
export type TermKey = { year: number; term: string };

/** "2026-spring" as a term, or null. */
export function parseTermKey(value: string): TermKey | null {
  const match = /^(\d{4})-(fall|spring|summer)$/.exec(value);
  return match ? { year: Number(match[1]), term: match[2]! } : null;
}

/** What the upload's request checks before anything is stored: there is a file, its size, its type by its bytes. */
export async function checkReportCard(upload: FormDataEntryValue | null): Promise<ReportCardFile | { problem: ReportCardProblem }> {
  if (!(upload instanceof File) || upload.size === 0) return { problem: "missing" };
  if (upload.size > REPORT_CARD_MAX_BYTES) return { problem: "too-large" };
  const bytes = Buffer.from(await upload.arrayBuffer());
  const type = detectFileType(bytes);
  if (!type || !REPORT_CARD_TYPES.includes(type.mimeType)) return { problem: "type" };
  let data = bytes;
  if (type.kind === "image") {
    const sharp = await loadSharp();
    try {
      // Upright, in the same format, without its metadata (sharp keeps none unless asked). A small file that claims a
      // huge picture (a "decompression bomb") is refused before it is decoded: a phone's photo is under 50 megapixels.
      data = await sharp(bytes, { animated: false, limitInputPixels: MAX_PIXELS }).rotate().toBuffer();
    } catch {
      return { problem: "unreadable" };
    }
    if (data.length > REPORT_CARD_MAX_BYTES) return { problem: "too-large" };
  }
  return { fileName: cleanFileName(upload.name, type.extension).slice(-120), mimeType: type.mimeType, data };
}

/**
 * Attaches a term's report card, replacing the one it had. The term must be one recorded for this athlete
 * ("not-found"); the right is asked again here, so no caller writes without the rule.
 */
export async function attachReportCard(db: Db, rights: AthleteRights, byId: string, term: TermKey, file: ReportCardFile): Promise<Refused | null> {
  if (!rights.attachReportCard) return { refused: "not-allowed" };
  const { rows } = await db.execute(sql`
    insert into athlete_report_cards (athlete_id, term_id, file_name, mime_type, size, data, uploaded_by)
    select t.athlete_id, t.id, ${file.fileName}, ${file.mimeType}, ${file.data.length}, ${file.data}, ${byId}
    from athlete_terms t where t.athlete_id = ${rights.athleteId} and t.year = ${term.year} and t.term = ${term.term}
    on conflict (term_id) do update set file_name = excluded.file_name, mime_type = excluded.mime_type, size = excluded.size,
      data = excluded.data, uploaded_by = excluded.uploaded_by, created_at = now()
    returning id`);
  return rows.length ? null : { refused: "not-found" };
}

/** One report card's file, or null: not this athlete's, not there, or not the reader's to read (the same answer). */
export async function getReportCardFile(db: Db, rights: AthleteRights, cardId: string): Promise<ReportCardFile | null> {
  if (!rights.readReportCards || !isUuid(cardId)) return null;
  const [row] = await db
    .select({ fileName: athleteReportCards.fileName, mimeType: athleteReportCards.mimeType, data: athleteReportCards.data })
    .from(athleteReportCards)
    .where(and(eq(athleteReportCards.id, cardId), eq(athleteReportCards.athleteId, rights.athleteId)));
  return row ?? null;
}
