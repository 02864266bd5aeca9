// `npm run user:role -- EMAIL admin`, run as an operator runs it (a child process with DATABASE_URL) against a real
// PostgreSQL: it grants the administrator flag, says so in one line, and the staff log records the change as made from
// the command line, as it does every role the command sets.
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { staffLog, users } from "../../db/schema";
import { createTestDatabase } from "../../tests/support/test-db";

const { db, url } = await createTestDatabase();
const projectRoot = path.resolve(import.meta.dirname, "../..");

function userRole(...args: string[]) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "cli/user-role.ts", ...args], {
      cwd: projectRoot,
      env: { ...process.env, DATABASE_URL: url },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c) => (stdout += c));
    child.stderr.on("data", (c) => (stderr += c));
    child.on("exit", (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}

async function makeClient(fullName: string) {
  const id = crypto.randomUUID();
  const email = `${id}@example.com`;
  await db.insert(users).values({ id, email, fullName, role: "client" });
  return { id, email };
}
const flags = async (id: string) =>
  (await db.select({ role: users.role, admin: users.admin, lead: users.safeguardingLead }).from(users).where(eq(users.id, id)))[0]!;
const logOf = async (id: string) =>
  (await db.select().from(staffLog).where(eq(staffLog.subjectId, id)).orderBy(staffLog.createdAt)).map((l) => [l.actorId, l.action, l.subjectName]);

describe("npm run user:role -- EMAIL admin", () => {
  it("grants the administrator flag, keeps the role, and logs it as the command line's", async () => {
    const person = await makeClient("Ada Admin");
    const r = await userRole(person.email.toUpperCase(), "admin");
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`${person.email} (Ada Admin) is now an administrator (who can open /staff).\n`);
    expect(await flags(person.id)).toEqual({ role: "client", admin: true, lead: false });
    expect(await logOf(person.id)).toEqual([[null, "admin granted", "Ada Admin"]]);
  });

  it("logs the coach and lead roles it sets, and the lead ended by setting a role again", async () => {
    const person = await makeClient("Carla Coach");
    for (const role of ["coach", "safeguarding", "coach"]) expect((await userRole(person.email, role)).code).toBe(0);
    expect(await flags(person.id)).toEqual({ role: "coach", admin: false, lead: false });
    expect(await logOf(person.id)).toEqual([
      [null, "coach granted", "Carla Coach"],
      [null, "lead granted", "Carla Coach"],
      [null, "lead ended with role", "Carla Coach"],
    ]);
  });

  it("refuses an unknown email and an unknown role in one line with exit code 1", async () => {
    expect(await userRole("nobody@example.com", "admin")).toEqual({
      code: 1,
      stdout: "",
      stderr: "Error: no user with the email nobody@example.com\n",
    });
    const person = await makeClient("Pat Parent");
    expect(await userRole(person.email, "owner")).toMatchObject({
      code: 1,
      stderr: "Error: the role must be client, coach, safeguarding or admin\n",
    });
    expect(await flags(person.id)).toEqual({ role: "client", admin: false, lead: false });
  });
});
