// The account menu's links beyond Messages and Settings: the pages a person has, by what they are (a family: their
// family, enrollments and lessons; a coach: rosters, availability, the funder report, programs; the safeguarding lead; an
// administrator). Worked out on the server, in the reader's language, from the database on
// every request (a role removed is a link gone at once), so the shell carries neither the labels nor the rules
// (decision 0023's budget). The pages themselves check again: a link is a courtesy, the page's guard is the rule.
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { maybeRow } from "../../db/rows";
import { localHref } from "~/i18n/locale";
import { m } from "~/paraglide/messages";
import { paymentStaffCondition } from "~/payments/index.server";
import { educationStaffCondition } from "~/athletes/index.server";
import { readsAllMedical } from "~/medical/index.server";
import type { ClearanceSettings } from "~/staff/index.server";

export type MenuLink = { to: string; label: string };

// The person's row with what else they are, by payments' and athletes' own rules (each its condition, asked in this one
// statement): on every signed-in page this was four statements for a family (the row, isAdmin, payment_staff,
// education_staff), each costing the server more than PostgreSQL (issue 41, decision 0095).
const MeRow = z.object({
  role: z.enum(["client", "coach"]),
  lead: z.boolean(),
  admin: z.boolean(),
  payment_staff: z.boolean(),
  education_staff: z.boolean(),
});

export async function getAccountMenu(db: Db, userId: string, settings: ClearanceSettings): Promise<MenuLink[]> {
  const me = await maybeRow(
    db,
    MeRow,
    sql`select u.role, u.safeguarding_lead as lead, u.admin, ${paymentStaffCondition} as payment_staff,
      ${educationStaffCondition} as education_staff from users u where u.id = ${userId}`,
  );
  if (!me) return [];
  // Medical information's rule (a clearance read) only for the few it can concern: the lead and administrators.
  const medical = me.lead || me.admin ? await readsAllMedical(db, { id: userId, role: me.role }, settings) : false;
  const paymentStaff = me.payment_staff;
  const educationStaff = me.role !== "coach" && !me.admin && me.education_staff;
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
