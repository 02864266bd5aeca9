// The PDF receipt of one signature (issue 40, decision 0043), made with pdf-lib when it is signed and kept with it, so
// the receipt is exactly what was signed whatever this code becomes: the form's title, version and hash, its whole
// text in the language it was read in, the guardian's statement, the consent to sign electronically, the typed name,
// the time, the address and the browser. Plain text in a standard font, so its words can be read back out of it.
import type { PDFFont } from "pdf-lib";
import type { Locale } from "~/i18n/language";
import { formatDateTime } from "~/lib/datetime";
import { m } from "~/paraglide/messages";

export type ReceiptFacts = {
  orgName: string;
  locale: Locale;
  timeZone: string;
  title: string;
  body: string;
  version: number;
  hash: string;
  athleteName: string;
  typedName: string;
  signerRole: "guardian" | "self";
  photoChoice: "yes" | "team" | "no" | null;
  signedAt: Date;
  ipAddress: string;
  userAgent: string;
};

const PAGE = { width: 612, height: 792, margin: 56 };

/** The text as the standard font can write it (WinAnsi: every letter of English and Spanish); anything else is "?". */
function encodable(font: PDFFont, text: string): string {
  let out = "";
  for (const ch of text.replace(/\r\n?/g, "\n")) {
    if (ch === "\n") {
      out += ch;
      continue;
    }
    try {
      font.encodeText(ch);
      out += ch;
    } catch {
      out += "?";
    }
  }
  return out;
}

/** Lines no wider than `width`, broken at spaces (a word longer than a line is cut). */
function wrap(font: PDFFont, size: number, text: string, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split("\n")) {
    let line = "";
    for (const word of paragraph.split(/ +/)) {
      const next = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(next, size) <= width) line = next;
      else {
        if (line) lines.push(line);
        let rest = word;
        while (font.widthOfTextAtSize(rest, size) > width && rest.length > 1) {
          let cut = rest.length - 1;
          while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut--;
          lines.push(rest.slice(0, cut));
          rest = rest.slice(cut);
        }
        line = rest;
      }
    }
    lines.push(line);
  }
  return lines;
}

const PHOTO_WORDS = { yes: m.consent_photo_yes, team: m.consent_photo_team, no: m.consent_photo_no };

export async function buildReceiptPdf(f: ReceiptFacts): Promise<Buffer> {
  const o = { locale: f.locale };
  // Loaded by the first receipt, not with the server (as app/payments/receipts.server.ts's linesPdf).
  const { PDFDocument, StandardFonts, rgb } = await import("pdf-lib");
  const doc = await PDFDocument.create();
  doc.setTitle(`${f.title}: ${f.athleteName}`);
  doc.setLanguage(f.locale);
  doc.setCreator(f.orgName);
  doc.setCreationDate(f.signedAt);
  doc.setModificationDate(f.signedAt);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const width = PAGE.width - 2 * PAGE.margin;
  let page = doc.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - PAGE.margin;

  const write = (text: string, { size = 10, font = regular, gap = 4 }: { size?: number; font?: PDFFont; gap?: number } = {}) => {
    for (const line of wrap(font, size, encodable(font, text), width)) {
      if (y - size < PAGE.margin) {
        page = doc.addPage([PAGE.width, PAGE.height]);
        y = PAGE.height - PAGE.margin;
      }
      y -= size + 2;
      page.drawText(line, { x: PAGE.margin, y, size, font, color: rgb(0.1, 0.1, 0.1) });
    }
    y -= gap;
  };

  write(f.orgName, { size: 11, font: bold });
  write(m.consent_receipt_heading({}, o), { size: 16, font: bold, gap: 10 });
  write(f.title, { size: 13, font: bold });
  write(m.consent_receipt_version({ version: String(f.version), hash: f.hash }, o), { size: 8, gap: 10 });
  write(f.body, { gap: 12 });
  write(m.consent_receipt_athlete({ athlete: f.athleteName }, o), { font: bold });
  write(f.signerRole === "guardian" ? m.consent_guardian_statement({ athlete: f.athleteName }, o) : m.consent_self_statement({}, o));
  if (f.photoChoice) write(`${m.consent_photo_label({}, o)}: ${PHOTO_WORDS[f.photoChoice]({}, o)}`);
  write(m.consent_esign_statement({}, o), { gap: 12 });
  write(m.consent_receipt_signature({ name: f.typedName }, o), { font: bold });
  write(m.consent_receipt_signed_at({ when: formatDateTime(f.signedAt, f.timeZone, f.locale) }, o));
  write(m.consent_receipt_address({ address: f.ipAddress }, o));
  write(m.consent_receipt_browser({ browser: f.userAgent }, o), { size: 8 });
  return Buffer.from(await doc.save());
}
