import { RuleTester } from "eslint";
import { describe, it } from "vitest";
import tseslint from "typescript-eslint";
import rule from "./field-kit.js";

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } },
});

const handStyled = `<input name="q" className="rounded-md border border-slate-400 px-3 py-2" />;\n`;
const kit = `<Input name="q" className="w-full" />;\n`;

tester.run("field-kit", rule, {
  valid: [
    { code: kit, filename: "app/booking/lessons-page.tsx" },
    { code: `<Checkbox name="all" className="mt-1" />;`, filename: "app/routes/staff.tsx" },
    // No classes: a hidden input, or the browser's own look.
    { code: `<input type="hidden" name="intent" value="save" />;`, filename: "app/routes/staff.tsx" },
    // Only visually hidden: its label draws it (the star rating, the attach button).
    { code: `<input type="radio" name="rating" value={5} className="sr-only" />;`, filename: "app/components/star-rating-input.tsx" },
    { code: `<input type="checkbox" className="peer sr-only" />;`, filename: "app/routes/staff.tsx" },
    // The kit itself draws the controls.
    { code: handStyled, filename: "app/components/ui/controls.tsx" },
  ],
  invalid: [
    { code: handStyled, filename: "app/booking/lessons-page.tsx", errors: [{ messageId: "handStyled", data: { tag: "input" } }] },
    {
      code: `<select name="kind" className={inputClass}><option>a</option></select>;`,
      filename: "app/routes/staff.tsx",
      errors: [{ messageId: "handStyled", data: { tag: "select" } }],
    },
    {
      code: `<textarea name="body" className="resize-y" />;`,
      filename: "app/routes/staff.tsx",
      errors: [{ messageId: "handStyled", data: { tag: "textarea" } }],
    },
    // A class beside sr-only draws something: hand-styled.
    { code: `<input type="checkbox" className="sr-only size-4" />;`, filename: "app/routes/staff.tsx", errors: [{ messageId: "handStyled" }] },
    // Every one in a file is reported (the list of files allowed some while they were moved is gone).
    {
      code: handStyled + handStyled,
      filename: "app/booking/old-page.tsx",
      errors: [
        { messageId: "handStyled", line: 1 },
        { messageId: "handStyled", line: 2 },
      ],
    },
  ],
});
