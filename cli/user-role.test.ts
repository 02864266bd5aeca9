// npm run user:role, run as an operator runs it (a child process with DATABASE_URL) against a real PostgreSQL: nobody
// becomes a coach while their name has contact details; one line on stderr, exit code 1, nothing changed. `admin`
// grants the administrator flag, and the staff log records each role it sets as made from the command line.
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { coachProfiles, staffLog, users } from "../db/schema";
import { createTestDatabase } from "../tests/support/test-db";
import { runUserRoleCommand } from "./user-role-command";

const { db, url } = await createTestDatabase();
const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** The command as an operator runs it: a process of its own, its exit code and what it printed. */
function userRoleProcess(...args: string[]) {
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

/**
 * The same command run in this process (runUserRoleCommand: the code cli/run.ts ends it with), for the cases beyond
 * the first: a process costs about two seconds of loading, and the first test shows the process says the same.
 */
const userRole = (...args: string[]) => runUserRoleCommand(args, { ...process.env, DATABASE_URL: url });

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
    const refused = await userRoleProcess(person.email, "coach");
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe("");
    expect(refused.stderr).toBe(
      `Error: ${person.email} was not made a coach: their name "Sam Smash 202-555-0199" includes contact details (a link, email address, phone number or social media handle), which a coach's name can't. Ask them to change it on /account, then run this again.\n`,
    );
    expect(await roleOf(person.id)).toBe("client");

    await db.update(users).set({ fullName: "Sam Smash" }).where(eq(users.id, person.id));
    const granted = await userRoleProcess(person.email, "coach");
    expect(granted.stderr).toBe("");
    expect(granted.code).toBe(0);
    expect(granted.stdout).toBe(
      `${person.email} (Sam Smash) is now a coach.\nNot cleared yet (Safe Play training and background check not on record or expired): until an administrator records current dates on /staff (or npm run user:role -- ${person.email} coach --safe-play YYYY-MM-DD --background YYYY-MM-DD), they cannot message minors or read families' medical notes, phones and birth dates.\n`,
    );
    expect(await roleOf(person.id)).toBe("coach");
  });

  it("records the Safe Play training and background check days given (logged as the command line's), refusing a day to come", async () => {
    const person = await makeClient("Cleo Cleared");
    const day = new Date(Date.now() - 40 * 86_400_000).toISOString().slice(0, 10);
    const future = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const refused = await userRole(person.email, "coach", "--safe-play", future, "--background", day);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("the check dates must be days (YYYY-MM-DD) from 1990 until today");
    const bad = await userRole(person.email, "client", "--safe-play", day);
    expect([bad.code, bad.stderr]).toEqual([1, expect.stringContaining("usage: npm run user:role")]);

    const r = await userRole(person.email, "coach", "--safe-play", day, "--background", day);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`${person.email} (Cleo Cleared) is now a coach.\nCleared: Safe Play training current until `);
    const [profile] = await db.select().from(coachProfiles).where(eq(coachProfiles.userId, person.id));
    expect([profile!.safePlayCheckedOn, profile!.backgroundCheckedOn]).toEqual([day, day]);
    const lines = await db
      .select({ actor: staffLog.actorId, action: staffLog.action, detail: staffLog.detail })
      .from(staffLog)
      .where(eq(staffLog.subjectId, person.id));
    expect(lines).toEqual(
      expect.arrayContaining([
        { actor: null, action: "safe play check recorded", detail: day },
        { actor: null, action: "background check recorded", detail: day },
      ]),
    );
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
