// The shapes /account/enrollments' page and its server share for a visitor's request waiting for the guardian
// (issue 37): types and the forms' intents only, so the page's bundle takes nothing of the server's.
import type { ActionDone, ActionRefusal } from "~/lib/forms";

/** Every field the visitor typed, the session in the reader's language, and the household's child it may be. */
export type VisitorRequestView = {
  id: string;
  studentName: string;
  dateOfBirth: string;
  /** Null: the session was deleted since (the request can then only be dropped). */
  session: { title: string; when: string; place: string | null } | null;
  sentAt: string;
  medicalNotes: string;
  pickupPeople: string;
  photoConsent: boolean;
  emergencyName: string;
  emergencyPhone: string;
  /** "I would like financial help" with its answers (issue 41), or null when the visitor did not tick it. */
  help: { householdSize: number | null; schoolLunch: string | null; incomeBand: string | null; note: string } | null;
  /** Athletes of the guardian's household with the same name and date of birth: the guardian may say it is one. */
  sameAs: Array<{ id: string; name: string }>;
};

/** The intents of the keep and drop forms (the page tells their answers from the rest of the page's by them). */
export const VISITOR_REQUEST_INTENTS = ["keep-request", "drop-request"] as const;

/** Whether an answer is a visitor request's (keep or drop), which its own section shows. */
export const isVisitorRequestAnswer = (answer: { intent?: string | undefined }): answer is VisitorRequestAnswer =>
  (VISITOR_REQUEST_INTENTS as readonly unknown[]).includes(answer.intent);

/** The question a first post is answered with (nothing done yet): keep or drop this request, and as whom. */
export type VisitorRequestAsk = { requestId: string; confirm: "keep" | "drop"; as?: string };

/**
 * What the page shows after a post, in the one answer shape (decision 0077): the question to confirm (a success
 * carrying the ask), what was done (a success with its words, `message` and `savedAt`), or a refusal beside the
 * request (its id among what was sent; the choice of child's message beside that choice, `fieldErrors.as`).
 */
export type VisitorRequestAnswer = ActionDone<VisitorRequestAsk> | ActionDone | ActionRefusal<{ requestId: string }>;
