import path from "node:path";
import { RuleTester } from "eslint";
import { describe, it } from "vitest";
import tseslint from "typescript-eslint";
import rule from "./capability-boundaries.js";

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: "latest", sourceType: "module" } });
// The rule places a file by its path from the project's root.
const at = (file: string) => path.resolve(import.meta.dirname, "..", file);

tester.run("capability-boundaries", rule, {
  valid: [
    // A capability's guard goes through auth's door: auth is a shared service below the capabilities.
    { code: 'import { requireUser } from "~/auth/index.server";', filename: at("app/payments/access.server.ts") },
    // Inside a capability, its own modules; and another capability's browser module (a page, a pure rule).
    { code: 'import { getFees } from "./fees.server";', filename: at("app/payments/access.server.ts") },
    { code: 'import { ConversationPage } from "~/messaging/conversation-page";', filename: at("app/routes/messages.$conversationId.tsx") },
    // A capability through another's door, and app/lib asking only app/lib.
    { code: 'import { anonymizeUser } from "~/account/index.server";', filename: at("app/childdata/carry-out.server.ts") },
    { code: 'import { isMinorPerson } from "~/lib/age";', filename: at("app/models/users.server.ts") },
  ],
  invalid: [
    // Behind a door.
    {
      code: 'import { requireUser } from "~/auth/session.server";',
      filename: at("app/payments/access.server.ts"),
      errors: [{ messageId: "frontDoor" }],
    },
    // A lower layer asking a capability, even through its door.
    {
      code: 'import { isMinorPerson } from "~/safe-play/index.server";',
      filename: at("app/models/users.server.ts"),
      errors: [{ messageId: "layer" }],
    },
    // A shared service asking a capability (its door closes no cycle only while it asks none).
    {
      code: 'import { getAccountMenu } from "~/account/index.server";',
      filename: at("app/auth/session.server.ts"),
      errors: [{ messageId: "layer" }],
    },
    {
      code: 'import type { ClientKind } from "~/safe-play/safe-play";',
      filename: at("app/mail/outbox.server.ts"),
      errors: [{ messageId: "layer" }],
    },
    // db reaching into app/, and a route-level import from a capability.
    { code: 'import { ADULT_AGE } from "../app/lib/age";', filename: at("db/schema-family.ts"), errors: [{ messageId: "layer" }] },
    { code: 'import type { Route } from "~/routes/account";', filename: at("app/account/account-page.tsx"), errors: [{ messageId: "layer" }] },
  ],
});
