// Consent's front door (issue 40, decision 0043): routes and enrollment call these, nothing behind them. Inside:
// forms.server.ts (the forms, their versions and which programs require them), signatures.server.ts (signing, its
// rules, withdrawing, receipts), receipt.server.ts (the PDF), gate.server.ts (the enrollment gate: holdForForms, and
// the last signature enrolling what waited), family.server.ts (what a family sees), access.server.ts (who may),
// mails.server.ts (the receipt, the forms needed, the enrollment completed), reminders.server.ts (7 and 2 days before
// the first session, the daily job), disclosures.server.ts (separate consent for each disclosure: the one rule,
// disclosureAllowed / mayDisclose, decision 0061) and disclosures-family.server.ts (the family page's part), funder-names.server.ts
// (participants named for funders, only with their family's yes: decision 0069), roster-paperwork.server.ts (the roster's photo release,
// forms missing and "Send a reminder"), photo-names.server.ts (athletes named on gallery photos, only with a release).
export {
  DISCLOSURE_KINDS,
  disclosureAllowed,
  disclosureAnswerRefusal,
  getDisclosureHistory,
  getDisclosures,
  mayDisclose,
  setDisclosure,
  type DisclosureKind,
  type DisclosureStates,
} from "./disclosures.server";
export { answerDisclosureForm, getDisclosuresForFamily } from "./disclosures-family.server";
export { funderNamesRows, getFunderNames, type FunderNames } from "./funder-names.server";
export {
  getNameableAthletes,
  getPhotoNames,
  getPublicCaptions,
  nameAthleteOnPhoto,
  unnameAthleteOnPhoto,
  type NameableAthlete,
} from "./photo-names.server";
export { countSeasonSignatures, isStillReferenced } from "./season-signatures.server";
export { getRosterPaperwork, sendRosterReminder, type RosterPaperwork } from "./roster-paperwork.server";
export { getFormsAthleteIds, requireFormsFamily } from "./access.server";
export { getFamilyForms, getFormsOfAthletes, getSigningFacts, type AthleteForms } from "./family.server";
export {
  createForm,
  getCurrentForms,
  getCurrentVersionOf,
  getFormPrograms,
  getProgramSlugs,
  getVersion,
  inLanguage,
  publishVersion,
  setFormPrograms,
  type FormVersion,
} from "./forms.server";
export { formsMissing, holdForForms, waitingEnrollmentIds, type MissingForm } from "./gate.server";
export { type ConsentServices } from "./mails.server";
export { getReceipt, signForm, withdrawSignature, type SignResult } from "./signatures.server";
export { FORMS_REMINDER_JOB, sendFormsReminders } from "./reminders.server";
