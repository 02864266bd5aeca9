// The security programme's front door (issue 40, docs/security-programme.md): routes and tests call these, nothing
// behind them. Inside: programme.server.ts (the settings and the two rules), review.ts (when the review is due, pure),
// schemas.ts (the form), and the screens in security-card.tsx.
export {
  canChangeSecurityProgramme,
  canRecordSecurityReview,
  getCoordinatorChoices,
  getSecurityCard,
  getSecurityProgramme,
  getSecurityReminder,
  recordSecurityReview,
  setSecurityProgramme,
  type SecurityProgramme,
  type StaffChoice,
} from "./programme.server";
export { answerSecuritySettings } from "./settings-form.server";
