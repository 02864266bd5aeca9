// The endorsements in English, for the end-to-end tests that compare them with the page. The page's words, in both
// languages, are in grants.server.ts: never import this file from a component (it would send them to the browser).
export { ENDORSEMENTS_EN as ENDORSEMENTS } from "./grants.server";
