// The enrollment status machine (issue 29, decision 0033), pure so the roster page shows only the steps the server
// would accept. The server asks the same function before every change.
export const STATUSES = ["requested", "evaluation", "placed", "enrolled", "waitlisted", "offered", "withdrawn", "declined"] as const;
export type EnrollmentStatus = (typeof STATUSES)[number];

/** Statuses that hold one of the session's places (the database's capacity trigger counts the same ones). */
export const HOLDS_PLACE: ReadonlySet<EnrollmentStatus> = new Set(["requested", "evaluation", "placed", "enrolled", "offered"]);
/** Statuses a request ends in; it then stays as history. */
export const CLOSED: ReadonlySet<EnrollmentStatus> = new Set(["withdrawn", "declined"]);

/** What a coach does to a request: each is one button (or the placement form) on the roster. */
export type CoachStep = "evaluate" | "place" | "enroll" | "withdraw" | "decline";

const COACH_STEPS: Record<EnrollmentStatus, readonly CoachStep[]> = {
  requested: ["evaluate", "place", "decline", "withdraw"],
  evaluation: ["place", "decline", "withdraw"],
  placed: ["place", "enroll", "decline", "withdraw"],
  // A placement of an enrolled athlete is a new level in their history; they stay enrolled.
  enrolled: ["place", "withdraw"],
  waitlisted: ["decline", "withdraw"],
  offered: ["withdraw"],
  withdrawn: [],
  declined: [],
};

export function coachSteps(status: EnrollmentStatus): readonly CoachStep[] {
  return COACH_STEPS[status];
}

export function canCoachStep(status: EnrollmentStatus, step: CoachStep): boolean {
  return COACH_STEPS[status].includes(step);
}

/** The status a step leads to, from `status`. */
export function statusAfter(status: EnrollmentStatus, step: CoachStep): EnrollmentStatus {
  switch (step) {
    case "evaluate":
      return "evaluation";
    case "place":
      return status === "enrolled" ? "enrolled" : "placed";
    case "enroll":
      return "enrolled";
    case "withdraw":
      return "withdrawn";
    case "decline":
      return "declined";
  }
}

/** A family may withdraw any open request, and answer an offer. */
export function canFamilyWithdraw(status: EnrollmentStatus): boolean {
  return !CLOSED.has(status);
}

export const LEVELS = [1, 2, 3, 4, 5] as const;
