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
const debts = { "app/booking/old.server.ts": 2 };

// Every case reads the list above, not the project's (whose files change as claims are mended).
const withDebts = <T extends RuleTester.ValidTestCase>(cases: T[]): T[] => cases.map((c) => ({ options: [{ debts }], ...c }));

tester.run("typed-rows", rule, {
  valid: withDebts([
    { code: parsed, filename: "app/booking/lists.server.ts" },
    // An execute without a claimed type (a write, or rows parsed after) is not a claim.
    { code: "await tx.execute(sql`delete from users where id = ${id}`);", filename: "app/auth/users.server.ts" },
    // db/ is where the helper lives and may type what it hands over.
    { code: claim, filename: "db/rows.ts" },
    // A file on the debts list may hold as many claims as it is listed for, no more.
    { code: claim + claim, filename: "app/booking/old.server.ts" },
  ]),
  invalid: withDebts([
    { code: claim, filename: "app/booking/lists.server.ts", errors: [{ messageId: "claim" }] },
    { code: claim, filename: "server/jobs.ts", errors: [{ messageId: "claim" }] },
    { code: "await tx.execute<Row>(query);", filename: "cli/new-command.ts", errors: [{ messageId: "claim" }] },
    {
      code: claim + claim + claim,
      filename: "app/booking/old.server.ts",
      errors: [{ messageId: "overDebt", data: { allowed: "2" }, line: 3 }],
    },
    // A listed file that holds fewer claims than listed is reported, so the list follows the code down.
    {
      code: claim,
      filename: "app/booking/old.server.ts",
      errors: [{ messageId: "paidDebt", data: { allowed: "2", count: "1", fix: "lower its count to 1" } }],
    },
    {
      code: parsed,
      filename: "app/booking/old.server.ts",
      errors: [{ messageId: "paidDebt", data: { allowed: "2", count: "0", fix: "take the file off the list" } }],
    },
  ]),
});
