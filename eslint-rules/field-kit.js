// One way to draw a form control (issue 38, docs/decisions/0078): a text box, choice, text area, checkbox or radio
// button is the ui kit's (Input, Select, TextArea, Checkbox, Radio in app/components/ui/controls.tsx, or a labelled
// Field, SelectField, TextAreaField from app/components/ui/field.tsx), not an `<input>`, `<select>` or `<textarea>`
// with classes of its own: a hand-styled one drifts (a border too faint to see, no red while invalid, a size of its own).
// A control with no classes (a hidden input, the browser's own look) and one only visually hidden (`sr-only`: its
// label draws it, as the star rating does) are not hand-styled.
//
// The hand-styled controls there were when the rule came are counted per file in ./field-kit-debts.json, to be moved
// onto the kit: a file may hold at most its count, and one holding fewer is reported too, so the list only shrinks.
import fs from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");
/** @type {Record<string, number>} file (from the root) -> how many hand-styled controls it may still hold */
const DEBTS = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, "field-kit-debts.json"), "utf8"));
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
    schema: [{ type: "object", properties: { debts: { type: "object" } }, additionalProperties: false }],
    messages: {
      handStyled:
        "A hand-styled <{{tag}}>: use the ui kit (Input, Select, TextArea, Checkbox, Radio from ~/components/ui/controls, or Field, SelectField, TextAreaField from ~/components/ui/field). docs/decisions/0078.",
      overDebt:
        "A hand-styled <{{tag}}>: this file may hold {{allowed}} (eslint-rules/field-kit-debts.json) and this is one more. Use the ui kit (~/components/ui/controls or ~/components/ui/field).",
      paidDebt: "eslint-rules/field-kit-debts.json lets this file hold {{allowed}} hand-styled controls and it holds {{count}}: {{fix}}.",
    },
  },
  create(context) {
    const file = path.relative(ROOT, context.filename).replaceAll("\\", "/");
    if (file.startsWith(KIT)) return {};
    const debts = context.options[0]?.debts ?? DEBTS;
    const allowed = debts[file] ?? 0;
    let count = 0;
    return {
      JSXOpeningElement(node) {
        if (node.name.type !== "JSXIdentifier" || !CONTROLS.has(node.name.name)) return;
        const attributes = node.attributes.filter((a) => a.type === "JSXAttribute" && a.name.type === "JSXIdentifier");
        const className = attributes.find((a) => a.name.name === "className");
        if (!className || onlyHides(className)) return;
        count++;
        if (count <= allowed) return;
        const tag = node.name.name;
        if (allowed === 0) context.report({ node, messageId: "handStyled", data: { tag } });
        else context.report({ node, messageId: "overDebt", data: { tag, allowed: String(allowed) } });
      },
      "Program:exit"(node) {
        if (count >= allowed) return;
        const fix = count === 0 ? "take the file off the list" : `lower its count to ${count}`;
        context.report({ node, loc: { line: 1, column: 0 }, messageId: "paidDebt", data: { allowed: String(allowed), count: String(count), fix } });
      },
    };
  },
};
