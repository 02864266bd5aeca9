// The family page's form intent for "Ask to delete <name>'s data": a module of its own so the page's scripts read it
// without the child-data schemas (and zod with them).
export const CHILD_DATA_INTENT = "ask-delete-child-data";
