import { RuleTester } from "eslint";
import { describe, it } from "vitest";
import tseslint from "typescript-eslint";
import rule from "./typed-rows.js";

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({ languageOptions: { parser: tseslint.parser } });

const claim = "const { rows } = await db.execute<{ n: number }>(sql`select count(*) as n from users`);\n";
const parsed = "const list = await rows(db, z.object({ n: z.coerce.number() }), sql`select count(*) as n from users`);\n";

tester.run("typed-rows", rule, {
  valid: [
    { code: parsed, filename: "app/booking/lists.server.ts" },
    // An execute without a claimed type (a write, or rows parsed after) is not a claim.
    { code: "await tx.execute(sql`delete from users where id = ${id}`);", filename: "app/auth/users.server.ts" },
    // db/ is where the helper lives and may type what it hands over.
    { code: claim, filename: "db/rows.ts" },
  ],
  invalid: [
    { code: claim, filename: "app/booking/lists.server.ts", errors: [{ messageId: "claim" }] },
    { code: claim, filename: "server/jobs.ts", errors: [{ messageId: "claim" }] },
    { code: "await tx.execute<Row>(query);", filename: "cli/new-command.ts", errors: [{ messageId: "claim" }] },
    // Every claim in a file is reported, the files that once held many included (no file is let off any more).
    {
      code: claim + claim,
      filename: "app/payments/refunds.server.ts",
      errors: [
        { messageId: "claim", line: 1 },
        { messageId: "claim", line: 2 },
      ],
    },
  ],
});
