// The account menu's links beyond Messages and Settings: the pages a person has, by what they are (a family: their
// family, enrollments and lessons; a coach: rosters, availability, the funder report, programs; the safeguarding lead; an
// administrator). Worked out on the server, in the reader's language, from the database on
// every request (a role removed is a link gone at once), so the shell carries neither the labels nor the rules
// (decision 0023's budget). The pages themselves check again: a link is a courtesy, the page's guard is the rule.
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import { localHref } from "~/i18n/locale";
import { m } from "~/paraglide/messages";
import { isPaymentStaff } from "~/payments/index.server";
import { isEducationStaff } from "~/athletes/index.server";
import { readsAllMedical } from "~/medical/index.server";
import type { ClearanceSettings } from "~/staff/index.server";

export type MenuLink = { to: string; label: string };

export async function getAccountMenu(db: Db, userId: string, settings: ClearanceSettings): Promise<MenuLink[]> {
  const [me] = await db.select({ role: users.role, lead: users.safeguardingLead, admin: users.admin }).from(users).where(eq(users.id, userId));
  if (!me) return [];
  // What else the person is, asked at once (each rule its own function): on every signed-in page, these round trips
  // one after another were the layout's longest wait on a loaded machine (bench:payments' p99).
  const [medical, paymentStaff, educationStaff] = await Promise.all([
    me.lead || me.admin ? readsAllMedical(db, { id: userId, role: me.role }, settings) : false,
    isPaymentStaff(db, userId),
    me.role !== "coach" && !me.admin ? isEducationStaff(db, userId) : false,
  ]);
  const link = (to: string, label: string): MenuLink => ({ to: localHref(to), label });
  const links: MenuLink[] = [];
  if (me.role === "client")
    links.push(
      link("/account/family", m.account_family_page_title()),
      link("/account/enrollments", m.account_menu_enrollments()),
      link("/account/forms", m.consent_family_heading()),
      link("/lessons", m.account_menu_lessons()),
      link("/account/payments", m.pay_heading()),
    );
  if (me.role === "coach")
    links.push(
      link("/rosters", m.account_menu_rosters()),
      link("/appointments/availability", m.account_menu_availability()),
      link("/reports/funders", m.account_menu_report()),
      link("/athletes", m.athletes_list_heading()),
    );
  if (me.role === "coach" || me.admin) links.push(link("/programs/edit", m.account_menu_programs()));
  // Medical information (issues 39 and 40): the read rule's staff (readsAllMedical: administrators, the lead; cleared).
  if (medical) links.push(link("/staff/medical", m.season_medical_heading()));
  if (me.role === "coach" && me.lead) links.push(link("/safeguarding", m.account_safeguarding()));
  if (me.admin) links.push(link("/staff", m.account_menu_staff()));
  if (me.admin) links.push(link("/staff/forms", m.consent_staff_heading()));
  if (me.admin) links.push(link("/staff/data-requests", m.childdata_staff_heading()));
  if (me.admin) links.push(link("/staff/lesson-prices", m.lessonfees_heading()));
  if (paymentStaff) links.push(link("/aid", m.aid_heading()));
  // Athletes' paths (issue 42): education staff and administrators who are not coaches read them and the outcomes.
  if (me.role !== "coach" && (me.admin || educationStaff))
    links.push(link("/athletes", m.athletes_list_heading()), link("/reports/outcomes", m.athletes_outcomes_heading()));
  if (me.admin) links.push(link("/athletes/settings", m.athletes_settings_heading()));
  return links;
}
