import { RuleTester } from "eslint";
import { describe, it } from "vitest";
import tseslint from "typescript-eslint";
import rule from "./no-handlers-on-visitor-documents.js";

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } },
});

const optIn = `export const handle = { documentForVisitors: true };\n`;

tester.run("no-handlers-on-visitor-documents", rule, {
  valid: [
    { code: `${optIn}export default function Page() { return <a href="/programs">Programs</a>; }`, filename: "app/routes/home.tsx" },
    {
      code: `${optIn}export default function Page() { return <button type="button" data-copy="x">Copy</button>; }`,
      filename: "app/routes/donate.tsx",
    },
    // Pages that run React for everyone may use handlers.
    { code: `export default function Page() { return <button onClick={() => 1}>Go</button>; }`, filename: "app/routes/vlog.tsx" },
  ],
  invalid: [
    {
      code: `${optIn}export default function Page() { return <button onClick={() => alert(1)}>Copy</button>; }`,
      filename: "app/routes/donate.tsx",
      errors: [{ messageId: "handler", data: { name: "onClick" } }],
    },
    {
      code: `export function Tabs() { return <div onKeyDown={() => 1} />; }`,
      filename: "app/components/public/tabs.tsx",
      options: [{ alwaysFor: ["app/components/public/"] }],
      errors: [{ messageId: "handler", data: { name: "onKeyDown" } }],
    },
  ],
});
