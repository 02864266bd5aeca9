// The forms of /account/family, apart from their schemas (schemas.ts): the page itself reads this list, and
// a value imported from a module that builds zod schemas brings all of zod into the page's JavaScript.
export const FAMILY_INTENTS = [
  "kind",
  "add-athlete",
  "edit-athlete",
  "invite-athlete",
  "cancel-invitation",
  "remove-athlete",
  "invite-guardian",
  "remove-guardian",
  "invite-coguardian",
  "approve-testimonial",
  "decline-testimonial",
] as const;
export type FamilyIntent = (typeof FAMILY_INTENTS)[number];
