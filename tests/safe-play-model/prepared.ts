// The attack's lanes send each repeated statement as a named (prepared) statement of its connection (issue 37,
// decision 0093). Every parameterised statement a lane sends (the model's own, the site's functions' through drizzle,
// its realtime server's) goes through node-postgres's extended protocol already: parse, bind, execute, with an
// unnamed statement that PostgreSQL parses, analyses and plans again each time. Named by a hash of its text, a
// statement a connection has sent before is only bound and executed: PostgreSQL keeps its parse tree (and, after five
// executions, may keep a generic plan). The statements, their parameters and their answers are the same; only the
// server's repeated work is saved. A text is named from its second sending on, so a statement with values written
// into its text (used once) leaves nothing behind on the server; the texts counted are forgotten past a bound.
import crypto from "node:crypto";
import pg from "pg";

const SEEN_BOUND = 20_000;

/** Patches node-postgres's client (every client of this process) so repeated parameterised statements are prepared. */
export function prepareRepeatedStatements() {
  pg.Client.prototype.query = preparing(pg.Client.prototype.query);
}

/** `query` (a node-postgres client's), sending a parameterised text it sent before as a statement named by its hash. */
export function preparing<Q extends pg.Client["query"]>(query: Q): Q {
  const seen = new Map<string, string | null>();
  return function (this: pg.Client, config: unknown, ...rest: unknown[]) {
    const named = nameOf(config, rest[0], seen);
    return (query as (...a: unknown[]) => unknown).apply(this, [named ?? config, ...rest]);
  } as Q;
}

/** The query config to send instead (the same, with a name), or null to send it as it is. */
function nameOf(config: unknown, values: unknown, seen: Map<string, string | null>): Record<string, unknown> | null {
  let text: string;
  let base: Record<string, unknown>;
  if (typeof config === "string") {
    if (!Array.isArray(values) || values.length === 0) return null;
    text = config;
    base = { text };
  } else if (config && typeof config === "object" && typeof (config as { text?: unknown }).text === "string") {
    const c = config as Record<string, unknown>;
    // A cursor or stream (submittable), a statement named already, or one sent by the simple protocol (no values:
    // it may hold several statements, which a named statement may not) goes as it is.
    if (typeof c.submit === "function" || c.name) return null;
    const v = Array.isArray(values) ? values : c.values;
    if (!Array.isArray(v) || v.length === 0) return null;
    text = c.text as string;
    base = c;
  } else return null;
  let name = seen.get(text);
  if (name === undefined) {
    if (seen.size >= SEEN_BOUND) seen.clear();
    seen.set(text, null);
    return null;
  }
  if (name === null) {
    name = `safe-play-${crypto.createHash("sha1").update(text).digest("hex")}`;
    seen.set(text, name);
  }
  return { ...base, name };
}
