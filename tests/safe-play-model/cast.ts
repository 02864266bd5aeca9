// The cast of Safe Play's model (model.ts) and what its actions are made of: the addresses, staff and people the
// search plays, the arguments it draws for them, and the shape of one action. Apart from model.ts so that actions
// kept in other files (coach-actions.ts) use the same cast without importing the model at run time.
import fc from "fast-check";
import type { World } from "./model";

/** Addresses people can sign up with, be invited at, or move to: the teen's three, the stranger's, the parents', the child's. */
export const ADDRESSES = ["t1", "t2", "t3", "s", "p", "q", "c"] as const;
export type Address = (typeof ADDRESSES)[number];
/** A run's address for a label (World.address; openings.ts for a recorded run's). */
export const addressOf = (a: Address, run: string) => `${a}-${run}@example.com`;
/** Staff: a cleared coach, an uncleared coach, the safeguarding lead (cleared), an administrator (a coach, not cleared). */
export const STAFF = ["K1", "K2", "L", "A"] as const;
export type StaffLabel = (typeof STAFF)[number];
export const CLEARED: ReadonlySet<string> = new Set(["K1", "L"]);
/** Athlete records made without a login (by a guardian, or from a kept request), by order of creation. */
export const KIDS = ["kid1", "kid2", "kid3"] as const;
/** Everyone a form can name: accounts by the address they signed up with, the real child C, athletes made later. */
export const PEOPLE = [...ADDRESSES, "C", ...KIDS] as const;
export const CLIENTS_ACTING = ADDRESSES;
export const NAMES = ["Casey Parker", "Jordan Carter", "Mallory Kid"] as const;
/** 18 in AGES: the eighteenth birthday is tomorrow (a minor until the model's midnight: model.ts dobForAge). */
export const EIGHTEEN_TOMORROW = 18;
/** Ages the forms are given (each a date of birth on the 4th of March, but EIGHTEEN_TOMORROW). */
export const AGES = [10, 15, 17, EIGHTEEN_TOMORROW, 19, 45] as const;
/** The coaches of the session the model plays (its roster's coaches): a cleared one and one not cleared. */
export const SESSION_COACHES: ReadonlySet<string> = new Set(["K1", "K2"]);

export type ActionSpec<A> = {
  name: string;
  /** How often the search picks it (a whole number; 2 when not said). */
  weight?: number;
  /** The site functions, routes or intents this entry stands for (coverage.ts compares them with the site). */
  covers: string[];
  args: fc.Arbitrary<A>;
  show: (a: A) => string;
  /** Runs it as the site would; true when the site accepted it (then the invariants are asked). */
  run: (w: World, a: A) => Promise<boolean>;
};

// Arguments lean toward what exists (the teenager, the parent, the real child) so that short searches reach deep doors.
export const address = fc.constantFrom(...ADDRESSES);
export const client = fc.oneof(
  { arbitrary: fc.constantFrom("t1" as const, "t2" as const, "p" as const), weight: 3 },
  { arbitrary: address, weight: 1 },
);
export const anyone = fc.oneof({ arbitrary: fc.constantFrom("t1", "C", "t2"), weight: 3 }, { arbitrary: fc.constantFrom(...PEOPLE), weight: 1 });
export const staff = fc.oneof(
  { arbitrary: fc.constantFrom("K1" as const, "L" as const), weight: 3 },
  { arbitrary: fc.constantFrom(...STAFF), weight: 1 },
);
export const invitation = fc.nat(2);
/** Whom families invite: the real parent and the teenager's other addresses, most often. */
export const invitee = fc.oneof(
  { arbitrary: fc.constantFrom("p" as const, "t2" as const, "t3" as const), weight: 3 },
  { arbitrary: address, weight: 1 },
);
/** Whom staff unlink: the real parent, the teenager's other addresses, the second parent. */
export const guardianLike = fc.oneof({ arbitrary: fc.constantFrom("p", "t2"), weight: 3 }, { arbitrary: fc.constantFrom(...PEOPLE), weight: 1 });
export const kind = fc.constantFrom("guardian" as const, "athlete" as const);
export const age = fc.constantFrom(...AGES);
export const name = fc.constantFrom(...NAMES);

/** What a request's form says about who may pick the child up and whom to call, as typed by `who` (the oracle reads it back). */
export const onCourtOf = (who: string, emergencyPhone: string) => ({
  medicalNotes: `Inhaler in the bag (said by ${who})`,
  pickupPeople: `Pickup of ${who}`,
  photoConsent: false,
  emergencyName: `Emergency of ${who}`,
  emergencyPhone,
});

export function spec<A>(s: ActionSpec<A>): ActionSpec<unknown> {
  return s as ActionSpec<unknown>;
}

/** A refusal a route answers with a status (a thrown 4xx), as opposed to a failure (a 500). */
export const isRefusal = (err: unknown) => Boolean(err && typeof err === "object" && "status" in err && (err as { status: number }).status < 500);
