// A season's term: the browser's forms and the server share the list.
export const TERMS = ["spring", "summer", "fall", "winter"] as const;
export type Term = (typeof TERMS)[number];
