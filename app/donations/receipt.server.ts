// A gift's receipt (decision 0060): the organisation's name and EIN, the receipt's number, the date, the amount (and
// the card fee the donor chose to cover, part of the gift), one-off or monthly, and that nothing was given in return.
// Mailed to the address the donor gave Checkout, in the language they gave in, with the same receipt as a PDF, drawn
// by payments' one PDF writer (linesPdf). Queued in the gift's own transaction.
import { sql } from "drizzle-orm";
import { z } from "zod";
import { LOCALES, type Locale } from "~/i18n/language";
import { formatDateIn } from "~/lib/datetime";
import { enqueueMail, type DbOrTx, type MailServices } from "~/mail/index.server";
import { m } from "~/paraglide/messages";
import { linesPdf } from "~/payments/index.server";
import { formatDollars } from "~/programs/session-facts";
import { maybeRow } from "../../db/rows";
import { DONATION_KINDS } from "../../db/schema";
import { getEin } from "./settings.server";
import { stopUrl } from "./stop.server";

export type DonationServices = MailServices & { config: MailServices["config"] & { site: { timeZone: string } } };

export type DonationReceipt = {
  /** The gift's Checkout (a monthly gift's id in its stop link). */
  checkoutId: string;
  number: number;
  monthly: boolean;
  amountCents: number;
  feeCents: number;
  receivedAt: string;
  email: string;
  locale: Locale;
};

const ReceiptRow = z.object({
  checkout_id: z.string(),
  // A bigint identity: the driver hands it over as text.
  seq: z.coerce.number().int(),
  kind: z.enum(DONATION_KINDS),
  amount_cents: z.number().int(),
  fee_cents: z.number().int(),
  // ISO text (to_json), passed to the date formatter as it is.
  received_at: z.string(),
  email: z.string(),
  locale: z.enum(LOCALES),
});

export async function getDonationReceipt(db: DbOrTx, donationId: string): Promise<DonationReceipt | null> {
  const r = await maybeRow(
    db,
    ReceiptRow,
    sql`
    select d.checkout_id, d.seq, c.kind, d.amount_cents, d.fee_cents, to_json(d.received_at) #>> '{}' as received_at, d.email, c.locale
    from donations d join donation_checkouts c on c.id = d.checkout_id where d.id = ${donationId}`,
  );
  if (!r) return null;
  return {
    checkoutId: r.checkout_id,
    number: r.seq,
    monthly: r.kind === "monthly",
    amountCents: r.amount_cents,
    feeCents: r.fee_cents,
    receivedAt: r.received_at,
    email: r.email,
    locale: r.locale,
  };
}

/** The receipt's lines, the same in the mail and the PDF. */
export function donationReceiptLines(r: DonationReceipt, org: string, ein: string | null, timeZone: string): string[] {
  const locale = r.locale;
  return [
    m.donations_receipt_of({ org }, { locale }),
    m.donations_receipt_date({ date: formatDateIn(r.receivedAt, timeZone, locale) }, { locale }),
    m.donations_receipt_amount({ amount: formatDollars(r.amountCents, locale) }, { locale }),
    ...(r.feeCents > 0 ? [m.donations_receipt_fee({ fee: formatDollars(r.feeCents, locale) }, { locale })] : []),
    r.monthly ? m.donations_receipt_monthly({}, { locale }) : m.donations_receipt_once({}, { locale }),
    ...(ein ? [m.donations_receipt_ein({ org, ein }, { locale })] : []),
    m.donations_receipt_no_goods({}, { locale }),
  ];
}

export async function mailDonationReceipt(tx: DbOrTx, services: DonationServices, donationId: string) {
  const r = await getDonationReceipt(tx, donationId);
  if (!r) return;
  const { orgName, timeZone } = services.config.site;
  const locale = r.locale;
  const ein = await getEin(tx);
  const lines = donationReceiptLines(r, orgName, ein, timeZone);
  const title = m.donations_receipt_title({ number: String(r.number) }, { locale });
  await enqueueMail(tx, services, {
    to: r.email,
    kind: "donation-receipt",
    locale,
    subject: m.donations_receipt_subject({ org: orgName, amount: formatDollars(r.amountCents, locale) }, { locale }),
    paragraphs: [
      m.donations_receipt_thanks({}, { locale }),
      title,
      ...lines,
      ...(r.monthly
        ? [m.donations_receipt_stop({ url: stopUrl(services.config.publicUrl, services.secret, r.checkoutId, locale) }, { locale })]
        : []),
    ],
    attachments: [
      {
        filename: `${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}.pdf`,
        contentType: "application/pdf",
        content: await linesPdf(title, lines, locale),
      },
    ],
  });
}
