// Delivering one mail of the outbox through SMTP, at most once (decision 0011 and its addendum of issue 38). The
// moment the whole message has been handed to the SMTP server, before the final dot that completes it, is committed
// in the outbox row (markMailHandedOver). An attempt that stops before that point left the server an unfinished
// message, which it discards: the mail is sent again. An attempt that stops after it (the process or the database
// killed, a broken connection before the server's answer was recorded) may have been accepted: the mail is not sent
// again, and the outbox says why. The server's refusal (a 4xx or 5xx answer) is known not to be accepted: retried.
import { Transform } from "node:stream";
import nodemailer, { type Transporter } from "nodemailer";
import type { Db } from "../../db/client";
import {
  bodiesToDeliver,
  getMailAttachments,
  getMailCalendarPart,
  getUnsentMail,
  markMailFailed,
  markMailHandedOver,
  markMailLinkGone,
  markMailSent,
  markMailUncertain,
  messageIdFor,
} from "./outbox.server";

/** What the delivery reads of the site: the database, the sender, the address the Message-IDs are made from. */
export type DeliveryServices = {
  db: Db;
  config: { publicUrl: string; mail: { from: string } };
  secret: string;
};

/** Run once the message's bytes are all written and before its end is: throws to abandon the message unfinished. */
type HandOver = () => Promise<void>;

/**
 * The SMTP transport for the outbox: each message's end (and so the final dot) waits for the mail's `handOver` step,
 * given with the mail's options. A message whose step throws is never completed.
 */
export function createMailTransport(smtpUrl: string): Transporter {
  const transport = nodemailer.createTransport(smtpUrl);
  transport.use("stream", (mail, done) => {
    const handOver = (mail.data as { handOver?: HandOver }).handOver;
    if (handOver)
      mail.message.transform(
        () =>
          new Transform({
            transform: (chunk, _encoding, next) => next(null, chunk),
            flush: (next) => void handOver().then(() => next(), next),
          }),
      );
    done();
  });
  return transport;
}

/** Whether the SMTP server answered the attempt with a refusal (a 4xx or 5xx reply): it surely did not accept it. */
function refusedByServer(err: unknown) {
  const code = (err as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === "number" && code >= 400;
}

/** Delivers mail `id` unless it was sent, or an earlier attempt may have been accepted. A failure to retry throws. */
export async function deliverMail(services: DeliveryServices, transport: Transporter | null, id: string) {
  const { db, config, secret } = services;
  const mail = await getUnsentMail(db, id);
  if (!mail) return; // already sent
  // An earlier attempt handed it over and stopped before the answer was recorded: it has most likely arrived.
  if (mail.handedOverAt) return markMailUncertain(db, id);
  if (!transport) throw new Error("SMTP_URL is not set: the mail stays in the outbox");
  // A one-time link is opened only now, for the recipient (decision 0025); one that no longer works is not sent.
  const bodies = bodiesToDeliver(secret, mail);
  if (!bodies) return markMailLinkGone(db, id);
  const calendar = await getMailCalendarPart(db, id);
  const attachments = await getMailAttachments(db, id);
  let handedOver = false;
  const handOver: HandOver = async () => {
    if (!(await markMailHandedOver(db, id))) throw new Error("another attempt has handed this mail over");
    handedOver = true;
  };
  try {
    await transport.sendMail({
      // A booking's invitation (decision 0032): nodemailer sends it as text/calendar and as an .ics attachment.
      ...(calendar ? { icalEvent: { method: calendar.method, content: calendar.content, filename: "invitation.ics" } } : {}),
      // A payment's PDF receipt (decision 0044).
      ...(attachments.length ? { attachments } : {}),
      messageId: mail.messageId ?? messageIdFor(id, config.publicUrl),
      from: config.mail.from,
      to: mail.toAddress,
      subject: mail.subject,
      text: bodies.text,
      html: bodies.html,
      headers: mail.headers,
      handOver,
    } as Parameters<Transporter["sendMail"]>[0]);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    // The address stays out of the log: the message says what failed, the outbox row says for whom.
    if (handedOver && !refusedByServer(err)) return markMailUncertain(db, id, message);
    await markMailFailed(db, id, message);
    throw new Error(`mail ${id} not delivered: ${message}`, { cause: err });
  }
  await markMailSent(db, id);
}
