// The public forms' front door (decision 0053): /contact, the registration form and the coaches' inbox reach them through
// here. Inside: public-forms.server.ts (a form received: honeypot, limits), registration.server.ts (a registration, with
// a session chosen, becomes an enrollment request or a visitor's kept request; its ask for financial help),
// submissions.server.ts (the inbox); schemas.ts and registration-help.tsx stay importable.
export { receivePublicForm } from "./public-forms.server";
export { getRegistrationHelpState, parseRegistrationHelp, storeRegistration, withHelpErrors } from "./registration.server";
export {
  INBOX_PAGE_SIZE,
  countSubmissions,
  createContactMessage,
  getContactMessages,
  getRegistrationRequests,
  updateSubmissionHandled,
} from "./submissions.server";
