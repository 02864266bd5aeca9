// One way to stop a request (issue 38, docs/decisions/0077): notFound(), forbidden(), badRequest(), stopRequest() and
// invariantResponse() from app/lib/responses.server.ts, which all answer the one body the error boundary reads
// ({ error? }). A hand-written `throw data(...)` could answer a bare string or another shape, which no boundary reads.
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");
const HOME = "app/lib/responses.server.ts";

/** @type {import("eslint").Rule.RuleModule} */
export default {
  meta: {
    type: "problem",
    docs: { description: "A request is stopped through app/lib/responses.server.ts, never by a hand-written throw data(...)" },
    schema: [],
    messages: {
      thrown:
        "Stop a request with notFound(), forbidden(), badRequest(), stopRequest(status, words) or invariantResponse() from ~/lib/responses.server: they answer the body the error boundary reads. docs/decisions/0077.",
    },
  },
  create(context) {
    const file = path.relative(ROOT, context.filename).replaceAll("\\", "/");
    if (file === HOME) return {};
    return {
      "ThrowStatement > CallExpression.argument[callee.type='Identifier'][callee.name='data']"(node) {
        context.report({ node, messageId: "thrown" });
      },
    };
  },
};
