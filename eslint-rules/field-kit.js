// One way to draw a form control (issue 38, docs/decisions/0078): a text box, choice, text area, checkbox or radio
// button is the ui kit's (Input, Select, TextArea, Checkbox, Radio in app/components/ui/controls.tsx, or a labelled
// Field, SelectField, TextAreaField from app/components/ui/field.tsx), not an `<input>`, `<select>` or `<textarea>`
// with classes of its own: a hand-styled one drifts (a border too faint to see, no red while invalid, a size of its own).
// A control with no classes (a hidden input, the browser's own look) and one only visually hidden (`sr-only`: its
// label draws it, as the star rating does) are not hand-styled.
//
// The 66 hand-styled controls there were when the rule came (decision 0078) are all on the kit now: no file may hold one.
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");
const CONTROLS = new Set(["input", "select", "textarea"]);
const KIT = "app/components/ui/";
/** Classes that hide a control without drawing it. */
const HIDING = new Set(["sr-only", "peer"]);

/** @param {{ value?: any } | undefined} attribute a JSX attribute */
function onlyHides(attribute) {
  const value = attribute?.value;
  if (!value || value.type !== "Literal" || typeof value.value !== "string") return false;
  return value.value
    .split(/\s+/)
    .filter(Boolean)
    .every((name) => HIDING.has(name));
}

/** @type {import("eslint").Rule.RuleModule} */
export default {
  meta: {
    type: "problem",
    docs: { description: "Form controls come from the ui kit, not hand-styled <input>, <select>, <textarea>" },
    schema: [],
    messages: {
      handStyled:
        "A hand-styled <{{tag}}>: use the ui kit (Input, Select, TextArea, Checkbox, Radio from ~/components/ui/controls, or Field, SelectField, TextAreaField from ~/components/ui/field). docs/decisions/0078.",
    },
  },
  create(context) {
    const file = path.relative(ROOT, context.filename).replaceAll("\\", "/");
    if (file.startsWith(KIT)) return {};
    return {
      JSXOpeningElement(node) {
        if (node.name.type !== "JSXIdentifier" || !CONTROLS.has(node.name.name)) return;
        const attributes = node.attributes.filter((a) => a.type === "JSXAttribute" && a.name.type === "JSXIdentifier");
        const className = attributes.find((a) => a.name.name === "className");
        if (!className || onlyHides(className)) return;
        context.report({ node, messageId: "handStyled", data: { tag: node.name.name } });
      },
    };
  },
};
