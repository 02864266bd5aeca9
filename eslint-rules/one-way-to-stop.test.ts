import { RuleTester } from "eslint";
import { describe, it } from "vitest";
import tseslint from "typescript-eslint";
import oneWayToStop from "./one-way-to-stop.js";
import actionResults from "./action-results.js";

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({ languageOptions: { parser: tseslint.parser } });

tester.run("one-way-to-stop", oneWayToStop, {
  valid: [
    { code: "if (!post) notFound();", filename: "app/routes/general.$postId.tsx" },
    // An answer is returned, not thrown: a refused form is not a stopped request.
    { code: "return data({ ok: false, fieldErrors }, { status: 400 });", filename: "app/routes/account.tsx" },
    // The one place that throws it.
    { code: "throw data(body, { status });", filename: "app/lib/responses.server.ts" },
  ],
  invalid: [
    {
      code: 'if (!post) throw data("Announcement not found", { status: 404 });',
      filename: "app/routes/general.$postId.tsx",
      errors: [{ messageId: "thrown" }],
    },
    { code: "throw data({ error: words }, { status: 403 });", filename: "server/socket.ts", errors: [{ messageId: "thrown" }] },
  ],
});

const own = "type ActionData = { error?: string };\nexport function action() {}\n";

tester.run("action-results", actionResults, {
  valid: [
    { code: "type Answer = ActionResult<{ done: string }>;", filename: "app/routes/new.tsx" },
    // An answer the rule names as its own shape, with why (the composer's: the socket's send over HTTP).
    { code: "export type SendActionData = { ok: boolean };", filename: "app/messaging/composer.tsx" },
  ],
  invalid: [
    { code: own, filename: "app/routes/new.tsx", errors: [{ messageId: "own", data: { name: "ActionData" } }] },
    // No file is let off any more: the roster, the last to move, is refused one like every page.
    { code: own, filename: "app/enrollment/roster-page.tsx", errors: [{ messageId: "own", data: { name: "ActionData" } }] },
    { code: "export interface RosterActionData { ok: boolean }", filename: "app/enrollment/x.tsx", errors: [{ messageId: "own" }] },
  ],
});
