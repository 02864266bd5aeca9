// One shape for what an action answers (issue 38, docs/decisions/0077): ActionResult from app/lib/forms.ts. A type
// named `...ActionData` is a page's own answer shape, the kind there were 36 of when this rule came: each page read
// its own mix of `error`, `fieldErrors`, `saved`, `done` and `ok`. New ones are refused.
//
// The files that still held one then are listed in ./action-results-debts.json, to be moved onto ActionResult; a
// listed file that no longer holds one is reported too, so the list only ever shrinks.
import fs from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");
/** @type {string[]} files (from the root) that may still declare their own ActionData type */
const DEBTS = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, "action-results-debts.json"), "utf8"));

/**
 * Answers that are not a form's and keep their own shape, each with why (not debts: nothing is owed on them).
 * @type {Record<string, string>}
 */
const OWN_SHAPES = {
  // A message's send (SendActionData) is the socket's send answered over HTTP (a file, or a text sent without the
  // socket): a refusal there carries what was stored before it (a file whose text was refused: `messages`) and the
  // quiet-hours offer to keep the text for their end (`offer`), as the socket's `error` event does. ActionResult's
  // refusal holds neither; forcing them into it would make the composer read two shapes for one send.
  "app/messaging/composer.tsx": "the socket's send over HTTP",
};

/** @type {import("eslint").Rule.RuleModule} */
export default {
  meta: {
    type: "problem",
    docs: { description: "An action answers with ActionResult (app/lib/forms.ts), not a page's own ActionData type" },
    schema: [{ type: "object", properties: { debts: { type: "array", items: { type: "string" } } }, additionalProperties: false }],
    messages: {
      own: "`{{name}}` is a page's own answer shape: use ActionResult<Done, Values> from ~/lib/forms (refused() / done() make it). docs/decisions/0077.",
      paid: "eslint-rules/action-results-debts.json lists this file, and it declares no ActionData type any more: take it off the list.",
    },
  },
  create(context) {
    const file = path.relative(ROOT, context.filename).replaceAll("\\", "/");
    if (file in OWN_SHAPES) return {};
    const listed = (context.options[0]?.debts ?? DEBTS).includes(file);
    let found = 0;
    const check = (node) => {
      if (!/ActionData$/.test(node.id.name)) return;
      found++;
      if (!listed) context.report({ node: node.id, messageId: "own", data: { name: node.id.name } });
    };
    return {
      TSTypeAliasDeclaration: check,
      TSInterfaceDeclaration: check,
      "Program:exit"(node) {
        if (listed && found === 0) context.report({ node, loc: { line: 1, column: 0 }, messageId: "paid" });
      },
    };
  },
};
