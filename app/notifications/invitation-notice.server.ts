// "An invitation waiting" (issue 27): when a family invites an address that already has an account here, that
// person's devices hear of it at once. The invitation's link stays in the mail (it proves the address, and a push
// service must never carry it); the notice names nobody, since the one inviting may be a minor (decision 0028).
import { and, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import { localizePath, type Locale } from "~/i18n/language";
import type { DbOrTx } from "~/mail/index.server";
import { addJob } from "~/models/jobs.server";
import { m } from "~/paraglide/messages";
import { pushToPerson, type PushConfig } from "./push.server";

export const INVITATION_NOTICE_JOB = "invitation_notice";

const PayloadSchema = z.object({ email: z.string().min(3).max(320) });

/** Queues the notice in the transaction that makes the invitation (nothing is told of one that did not commit). */
export async function queueInvitationNotice(tx: DbOrTx, email: string) {
  await addJob(tx, INVITATION_NOTICE_JOB, { email }, { maxAttempts: 5 });
}

/** The job: the account with that verified address, if any, gets the notice on its devices. */
export async function sendInvitationNotice(services: { db: Db; config: PushConfig }, payload: unknown) {
  const parsed = PayloadSchema.safeParse(payload);
  if (!parsed.success) return;
  const [person] = await services.db
    .select({ id: users.id, locale: users.locale })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, parsed.data.email.toLowerCase()), eq(users.emailVerified, true), isNull(users.deletedAt)));
  if (!person) return;
  const locale: Locale = person.locale ?? "en";
  await pushToPerson(services, person.id, {
    title: m.notice_invitation_title({}, { locale }),
    body: m.notice_invitation_text({}, { locale }),
    url: localizePath("/account", locale),
    tag: "invitation",
  });
}
