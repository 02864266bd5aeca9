// One way to type a statement's rows (issue 38, docs/decisions/0072): `rows(db, Schema, sql...)` from db/rows.ts,
// which parses them. `db.execute<T>(sql...)` claims a row type that nothing checks (a count PostgreSQL hands over as a
// string, a timestamptz that Drizzle leaves as text, typed as a number and a Date), so outside db/ it is refused.
//
// The claims there were when the rule came are counted per file in ./typed-rows-debts.json, to be mended: a file may
// hold at most its count, and a file holding fewer than its count is reported too, so the list only ever shrinks.
import fs from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");
/** @type {Record<string, number>} file (from the root) -> how many claims it may still hold */
const DEBTS = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, "typed-rows-debts.json"), "utf8"));

/** @type {import("eslint").Rule.RuleModule} */
export default {
  meta: {
    type: "problem",
    docs: { description: "A statement's rows are parsed (rows() from db/rows.ts), not claimed with execute<T>" },
    schema: [{ type: "object", properties: { debts: { type: "object" } }, additionalProperties: false }],
    messages: {
      claim:
        "`execute<T>` claims a row type nothing checks: use rows(db, Schema, sql`...`) (or row / maybeRow) from db/rows.ts. docs/decisions/0072.",
      overDebt:
        "`execute<T>` claims a row type nothing checks: this file may hold {{allowed}} (eslint-rules/typed-rows-debts.json) and this is one more. Use rows(db, Schema, sql`...`) from db/rows.ts.",
      paidDebt: "eslint-rules/typed-rows-debts.json lets this file hold {{allowed}} `execute<T>` claims and it holds {{count}}: {{fix}}.",
    },
  },
  create(context) {
    const file = path.relative(ROOT, context.filename).replaceAll("\\", "/");
    if (file.startsWith("db/")) return {};
    const debts = context.options[0]?.debts ?? DEBTS;
    const allowed = debts[file] ?? 0;
    let count = 0;
    return {
      CallExpression(node) {
        const callee = node.callee;
        const typeArguments = node.typeArguments ?? node.typeParameters;
        if (callee.type !== "MemberExpression" || callee.computed || callee.property.name !== "execute" || !typeArguments) return;
        count++;
        if (count <= allowed) return;
        if (allowed === 0) context.report({ node: typeArguments, messageId: "claim" });
        else context.report({ node: typeArguments, messageId: "overDebt", data: { allowed: String(allowed) } });
      },
      "Program:exit"(node) {
        if (count >= allowed) return;
        const fix = count === 0 ? "take the file off the list" : `lower its count to ${count}`;
        context.report({ node, loc: { line: 1, column: 0 }, messageId: "paidDebt", data: { allowed: String(allowed), count: String(count), fix } });
      },
    };
  },
};
