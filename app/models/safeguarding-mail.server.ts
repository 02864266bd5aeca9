// Mail to the safeguarding lead (decision 0022): every lead, or, while the organisation has named none, its contact
// address, so nothing is promised that nobody keeps. No names and no message text: the lead reads them signed in.
import { and, eq, isNull } from "drizzle-orm";
import { users } from "../../db/schema";
import { enqueueMail, type DbOrTx, type MailServices } from "./mail.server";

/** Who reviews what reaches the lead: the safeguarding lead, or, while none is named, the organisation. */
export type Reviewer = "lead" | "organisation";

export type SafeguardingMailServices = MailServices & { config: MailServices["config"] & { site: { email: string } } };

/** Queues `mail` to every lead (in the caller's transaction), or to the organisation's address; says which. */
export async function mailSafeguarding(
  tx: DbOrTx,
  services: SafeguardingMailServices,
  mail: { kind: string; subject: string; paragraphs: string[] },
): Promise<Reviewer> {
  const leads = await tx
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.role, "coach"), eq(users.safeguardingLead, true), isNull(users.deletedAt)));
  if (leads.length === 0) {
    await enqueueMail(tx, services, {
      to: services.config.site.email,
      kind: mail.kind,
      subject: `${mail.subject}, and no safeguarding lead is named`,
      paragraphs: [
        ...mail.paragraphs,
        "The site has no safeguarding lead yet, so this mail comes to the organisation's address. Name a lead (npm run user:role -- EMAIL safeguarding, for a coach): they then follow this up on the safeguarding page.",
      ],
      action: { label: "Open the site", url: services.config.publicUrl },
    });
    return "organisation";
  }
  for (const lead of leads) {
    await enqueueMail(tx, services, {
      to: lead.email,
      kind: mail.kind,
      subject: mail.subject,
      paragraphs: [...mail.paragraphs, "Please review it on the safeguarding page."],
      action: { label: "Open the safeguarding page", url: `${services.config.publicUrl}/safeguarding` },
    });
  }
  return "lead";
}
