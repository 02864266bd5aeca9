// The shapes /account/enrollments' page and its server share for a visitor's request waiting for the guardian
// (issue 37): types only, so the page's bundle takes nothing of the server's.

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

/** What the page shows after a post: the question to confirm, a refusal beside the request, or what was done. */
export type VisitorRequestAnswer =
  | { requestId: string; confirm: "keep" | "drop"; as?: string }
  | { requestId: string; error: string; field?: "as" }
  | { requestId: null; done: string; doneAt: number };
