// forms's front door (docs/decisions/0053): the only module of app/forms/ with server code that routes,
// other capabilities, the socket, jobs and commands import.
export { receivePublicForm } from "./public-forms.server";
export { storeRegistration } from "./registration.server";
export {
  INBOX_PAGE_SIZE,
  countSubmissions,
  createContactMessage,
  getContactMessages,
  getRegistrationRequests,
  updateSubmissionHandled,
} from "./submissions.server";
