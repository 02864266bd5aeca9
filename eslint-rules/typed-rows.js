// One way to type a statement's rows (issue 38, docs/decisions/0072): `rows(db, Schema, sql...)` from db/rows.ts,
// which parses them. `db.execute<T>(sql...)` claims a row type that nothing checks (a count PostgreSQL hands over as a
// string, a timestamptz that Drizzle leaves as text, typed as a number and a Date), so outside db/ it is refused.
//
// The 165 claims there were when the rule came have all moved to rows(), so the rule allows none: its debts list
// (typed-rows-debts.json) and the counting that let listed files keep theirs are gone.
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");

/** @type {import("eslint").Rule.RuleModule} */
export default {
  meta: {
    type: "problem",
    docs: { description: "A statement's rows are parsed (rows() from db/rows.ts), not claimed with execute<T>" },
    schema: [],
    messages: {
      claim:
        "`execute<T>` claims a row type nothing checks: use rows(db, Schema, sql`...`) (or row / maybeRow) from db/rows.ts. docs/decisions/0072.",
    },
  },
  create(context) {
    const file = path.relative(ROOT, context.filename).replaceAll("\\", "/");
    if (file.startsWith("db/")) return {};
    return {
      CallExpression(node) {
        const callee = node.callee;
        const typeArguments = node.typeArguments ?? node.typeParameters;
        if (callee.type !== "MemberExpression" || callee.computed || callee.property.name !== "execute" || !typeArguments) return;
        context.report({ node: typeArguments, messageId: "claim" });
      },
    };
  },
};
