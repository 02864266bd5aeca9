// One shape for what an action answers (issue 38, docs/decisions/0077): ActionResult from app/lib/forms.ts. A type
// named `...ActionData` is a page's own answer shape, the kind there were 36 of when this rule came: each page read
// its own mix of `error`, `fieldErrors`, `saved`, `done` and `ok`. Every page has moved onto ActionResult (the roster
// and its message form last), so the rule refuses one anywhere but the own shapes below.
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");

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
    schema: [],
    messages: {
      own: "`{{name}}` is a page's own answer shape: use ActionResult<Done, Values> from ~/lib/forms (refused() / done() make it). docs/decisions/0077.",
    },
  },
  create(context) {
    const file = path.relative(ROOT, context.filename).replaceAll("\\", "/");
    if (file in OWN_SHAPES) return {};
    const check = (node) => {
      if (/ActionData$/.test(node.id.name)) context.report({ node: node.id, messageId: "own", data: { name: node.id.name } });
    };
    return { TSTypeAliasDeclaration: check, TSInterfaceDeclaration: check };
  },
};
