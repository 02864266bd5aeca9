// A content page that opts in with `handle = { documentForVisitors: true }` reaches visitors as a finished
// document without React (docs/decisions/0007): an `onClick` (or any other React event prop) there renders
// nothing and silently does nothing for them. Such behaviour must be native HTML or app/lib/page-behaviours.js.
// The rule checks the opted-in route files and the components made only for those pages (app/components/public/).

const OPT_IN = /documentForVisitors\s*:\s*true/;
const EVENT_PROP = /^on[A-Z]/;

/** @type {import("eslint").Rule.RuleModule} */
export default {
  meta: {
    type: "problem",
    docs: { description: "No React event handlers on pages visitors get without React" },
    schema: [{ type: "object", properties: { alwaysFor: { type: "array", items: { type: "string" } } }, additionalProperties: false }],
    messages: {
      handler:
        "`{{name}}` does nothing for visitors: this page reaches them without React (docs/decisions/0007). Use native HTML or a data- attribute handled by app/lib/page-behaviours.js.",
    },
  },
  create(context) {
    const alwaysFor = context.options[0]?.alwaysFor ?? [];
    const filename = context.filename.replaceAll("\\", "/");
    const applies = alwaysFor.some((part) => filename.includes(part)) || OPT_IN.test(context.sourceCode.getText());
    if (!applies) return {};
    return {
      JSXAttribute(node) {
        const name = node.name.type === "JSXIdentifier" ? node.name.name : null;
        if (name && EVENT_PROP.test(name)) context.report({ node, messageId: "handler", data: { name } });
      },
    };
  },
};
