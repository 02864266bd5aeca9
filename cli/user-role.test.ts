// npm run user:role, run as an operator runs it (a child process with DATABASE_URL) against a real PostgreSQL: nobody
// becomes a coach while their name has contact details; one line on stderr, exit code 1, nothing changed. `admin`
// grants the administrator flag, and the staff log records each role it sets as made from the command line.
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { staffLog, users } from "../db/schema";
import { createTestDatabase } from "../tests/support/test-db";

const { db, url } = await createTestDatabase();
const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

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
const roleOf = async (id: string) => (await db.select({ role: users.role }).from(users).where(eq(users.id, id)))[0]!.role;

describe("npm run user:role -- EMAIL coach", () => {
  it("refuses an account whose name has contact details, in one line with exit code 1, until the name is changed", async () => {
    const person = await makeClient("Sam Smash 202-555-0199");
    const refused = await userRole(person.email, "coach");
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe("");
    expect(refused.stderr).toBe(
      `Error: ${person.email} was not made a coach: their name "Sam Smash 202-555-0199" includes contact details (a link, email address, phone number or social media handle), which a coach's name can't. Ask them to change it on /account, then run this again.\n`,
    );
    expect(await roleOf(person.id)).toBe("client");

    await db.update(users).set({ fullName: "Sam Smash" }).where(eq(users.id, person.id));
    const granted = await userRole(person.email, "coach");
    expect(granted.stderr).toBe("");
    expect(granted.code).toBe(0);
    expect(granted.stdout).toBe(`${person.email} (Sam Smash) is now a coach.\n`);
    expect(await roleOf(person.id)).toBe("coach");
  });

  it("still makes such an account a client (nothing to show families then)", async () => {
    const person = await makeClient("Pat @pat.parent");
    const r = await userRole(person.email, "client");
    expect(r.code, r.stderr).toBe(0);
    expect(await roleOf(person.id)).toBe("client");
  });
});

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
