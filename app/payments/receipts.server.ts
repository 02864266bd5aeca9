// A receipt for each payment: a printable page, the same as a PDF (pdf-lib), and a mail to the account's holders in
// each one's language with that PDF attached, queued in the payment's own transaction (decision 0011). A receipt names the organisation,
// the amount, the method and its reference, the date, and what the account owed after; never a child's name.
import { sql } from "drizzle-orm";
import { z } from "zod";
import { LOCALES, localizePath, type Locale } from "~/i18n/language";
import { formatDateIn } from "~/lib/datetime";
import { enqueueMail, type DbOrTx, type MailServices, type SqlExecutor } from "~/mail/index.server";
import { m } from "~/paraglide/messages";
import { formatDollars } from "~/programs/session-facts";
import { maybeRow, rows } from "../../db/rows";
import { PAYMENT_METHODS } from "../../db/schema-payments";
import type { PaymentMethod } from "./ledger.server";

export type Receipt = {
  id: string;
  number: number;
  amountCents: number;
  method: PaymentMethod;
  reference: string;
  paidAt: string;
  balanceAfterCents: number;
};

// A payment always has its method and reference (the ledger's ledger_entries_payment_whole check); seq and the sum
// are bigint, text from the driver.
const ReceiptRow = z.object({
  id: z.string(),
  seq: z.coerce.number().int(),
  amount_cents: z.number().int(),
  method: z.enum(PAYMENT_METHODS),
  reference: z.string(),
  created_at: z.string(),
  balance_after: z.coerce.number(),
});

/** One payment of the account, with what was owed after it; null when it is not this account's payment. */
export async function getReceipt(db: SqlExecutor, accountId: string, paymentId: string): Promise<Receipt | null> {
  const r = await maybeRow(
    db,
    ReceiptRow,
    sql`
    select p.id, p.seq, p.amount_cents, p.method, p.reference, to_json(p.created_at) #>> '{}' as created_at,
      (select coalesce(sum(effect_cents), 0) from ledger_entries l where l.account_id = p.account_id and l.seq <= p.seq)::bigint as balance_after
    from ledger_entries p where p.id = ${paymentId} and p.account_id = ${accountId} and p.kind = 'payment'`,
  );
  if (!r) return null;
  return {
    id: r.id,
    number: r.seq,
    amountCents: r.amount_cents,
    method: r.method,
    reference: r.reference,
    paidAt: r.created_at,
    balanceAfterCents: r.balance_after,
  };
}

export const methodWords = (method: PaymentMethod, locale: Locale) =>
  ({
    card: m.pay_method_card({}, { locale }),
    cash: m.pay_method_cash({}, { locale }),
    check: m.pay_method_check({}, { locale }),
    zelle: m.pay_method_zelle({}, { locale }),
  })[method];

/** The receipt's lines, the same on the page, in the PDF and in the mail. */
export function receiptLines(r: Receipt, orgName: string, timeZone: string, locale: Locale): string[] {
  return [
    m.pay_receipt_of({ org: orgName }, { locale }),
    m.pay_receipt_number({ number: String(r.number) }, { locale }),
    m.pay_receipt_date({ date: formatDateIn(r.paidAt, timeZone, locale) }, { locale }),
    m.pay_receipt_amount({ amount: formatDollars(r.amountCents, locale) }, { locale }),
    m.pay_receipt_method({ method: methodWords(r.method, locale), reference: r.reference }, { locale }),
    m.pay_receipt_balance({ amount: formatDollars(Math.max(0, r.balanceAfterCents), locale) }, { locale }),
  ];
}

/**
 * The receipt as a one-page PDF. Helvetica's WinAnsi covers English and Spanish; any other character (a reference
 * typed with an emoji, say) is drawn as "?" rather than failing the payment's transaction.
 */
export async function receiptPdf(r: Receipt, orgName: string, timeZone: string, locale: Locale): Promise<Uint8Array> {
  return linesPdf(m.pay_receipt_title({ number: String(r.number) }, { locale }), receiptLines(r, orgName, timeZone, locale), locale);
}

/** A one-page PDF of a title and its lines: a payment's receipt, and a gift's (app/donations). */
export async function linesPdf(title: string, lines: string[], locale: Locale): Promise<Uint8Array> {
  // pdf-lib is loaded by the first PDF, not with the server: about 0.2 s of processor time at every start (issue 38).
  const { PDFDocument, StandardFonts } = await import("pdf-lib");
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  pdf.setLanguage(locale);
  const page = pdf.addPage([612, 792]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const drawable = new Set(font.getCharacterSet());
  const safe = (text: string) => [...text].map((c) => (drawable.has(c.codePointAt(0)!) ? c : "?")).join("");
  page.drawText(safe(title), { x: 72, y: 700, size: 20, font: bold });
  lines.forEach((line, i) => page.drawText(safe(line), { x: 72, y: 660 - i * 24, size: 12, font }));
  return pdf.save();
}

/** The account's holders with a verified address: its household's guardians, or its adult athlete. */
export async function holders(db: SqlExecutor, accountId: string) {
  return rows(
    db,
    z.object({ email: z.string(), locale: z.enum(LOCALES).nullable() }),
    sql`
    select u.email, u.locale from payment_accounts a join users u
      on u.id = a.user_id or u.id in (select user_id from household_members where household_id = a.household_id and role = 'guardian')
    where a.id = ${accountId} and u.deleted_at is null and u.email_verified order by u.email`,
  );
}

export type ReceiptServices = MailServices & { config: MailServices["config"] & { site: { timeZone: string } } };

/** Mails the payment's receipt to each holder, in their language, in the caller's transaction. */
export async function mailReceipt(tx: DbOrTx, services: ReceiptServices, accountId: string, paymentId: string) {
  const receipt = await getReceipt(tx, accountId, paymentId);
  if (!receipt) return;
  const { orgName, timeZone } = services.config.site;
  for (const h of await holders(tx, accountId)) {
    const locale = h.locale ?? "en";
    await enqueueMail(tx, services, {
      to: h.email,
      kind: "payment-receipt",
      locale,
      subject: m.pay_receipt_subject({ org: orgName, amount: formatDollars(receipt.amountCents, locale) }, { locale }),
      paragraphs: [m.pay_receipt_thanks({}, { locale }), ...receiptLines(receipt, orgName, timeZone, locale)],
      attachments: [
        {
          filename: `${m
            .pay_receipt_title({ number: String(receipt.number) }, { locale })
            .toLowerCase()
            .replace(/\s+/g, "-")}.pdf`,
          contentType: "application/pdf",
          content: await receiptPdf(receipt, orgName, timeZone, locale),
        },
      ],
      action: {
        label: m.pay_receipt_open({}, { locale }),
        url: `${services.config.publicUrl}${localizePath(`/account/payments/receipts/${receipt.id}`, locale)}`,
      },
    });
  }
}
