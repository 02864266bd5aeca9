// The user-role command's work (cli/user-role.ts runs it from the command line; see there for what it does).
import { z } from "zod";
import { createDb } from "../db/client";
import { runMigrations } from "../db/migrate";
import { COMMAND_LINE, grantAdmin, grantSafeguardingLead, updateUserRole } from "../app/models/users.server";
import { getStaffClearance } from "../app/staff/index.server";
import { getOwnCoachProfile, setStaffChecks } from "../app/staff/index.server";
import { checksSchema } from "../app/staff/schemas";
import { dayInZone } from "../app/lib/datetime";
import { ConfigError, loadConfig } from "../server/config";
import { connectEmbeddedPostgres } from "../server/embedded-postgres";

const ArgsSchema = z.tuple([
  z.email({ error: "the first argument must be an email address" }),
  z.enum(["client", "coach", "safeguarding", "admin"], { error: "the role must be client, coach, safeguarding or admin" }),
]);

const USAGE =
  "usage: npm run user:role -- <email> <client|coach|safeguarding|admin>\n       npm run user:role -- <email> coach [--safe-play YYYY-MM-DD] [--background YYYY-MM-DD]";

/** `--safe-play DAY` and `--background DAY` after `coach`: the days the checks were done. */
function checkOptions(rest: string[]): { safePlay?: string; background?: string } {
  const options: { safePlay?: string; background?: string } = {};
  for (let i = 0; i < rest.length; i += 2) {
    const [flag, day] = [rest[i], rest[i + 1]];
    if (day === undefined || (flag !== "--safe-play" && flag !== "--background")) throw new ConfigError(USAGE);
    options[flag === "--safe-play" ? "safePlay" : "background"] = day;
  }
  return options;
}

/**
 * The command itself, for the command line (cli/user-role.ts) and for tests that make staff without starting a
 * process for it: `env` is read as the environment, `print` says what was done.
 */
export async function userRoleCommand(all: string[], env: NodeJS.ProcessEnv = process.env, print: (line: string) => void = console.log) {
  const argv = all.slice(0, 2);
  const checks = checkOptions(all.slice(2));
  if (argv.length !== 2 || (all.length > 2 && argv[1] !== "coach")) throw new ConfigError(USAGE);
  const parsed = ArgsSchema.safeParse(argv);
  if (!parsed.success) throw new ConfigError(parsed.error.issues[0]!.message);
  const [email, role] = parsed.data;
  const config = loadConfig(env);
  const database = config.databaseUrl ? { url: config.databaseUrl, stop: async () => {} } : await connectEmbeddedPostgres(config.dataDir);
  const { db, pool } = createDb(database.url, 1);
  try {
    await runMigrations(database.url);
    if (role === "admin") {
      const admin = await grantAdmin(db, email);
      if (!admin) throw new ConfigError(`no user with the email ${email}`);
      print(`${admin.email} (${admin.fullName ?? "no name"}) is now an administrator (who can open /staff).`);
      return;
    }
    if (role === "safeguarding") {
      const lead = await grantSafeguardingLead(db, email);
      if (!lead) throw new ConfigError(`no user with the email ${email}`);
      if (lead === "not-coach") throw new ConfigError(`${email} is not a coach: make them one first (npm run user:role -- ${email} coach)`);
      print(`${lead.email} (${lead.fullName ?? "no name"}) is now the safeguarding lead (a coach who can open /safeguarding).`);
      return;
    }
    // The days are checked before anything changes: a day to come or a slip refuses the whole command.
    const today = dayInZone(config.safePlay.clock(), config.safePlay.timeZone);
    const days = checksSchema(today).safeParse({
      userId: "-",
      safePlayCheckedOn: checks.safePlay ?? "",
      backgroundCheckedOn: checks.background ?? "",
    });
    if (!days.success) throw new ConfigError(`the check dates must be days (YYYY-MM-DD) from 1990 until today (${today})`);
    const profile = await updateUserRole(db, email, role, COMMAND_LINE, config.safePlay);
    if (!profile) throw new ConfigError(`no user with the email ${email}`);
    if ("refused" in profile && profile.refused === "minor")
      throw new ConfigError(`${email} was not made a coach: they are a student-athlete under 18 (Safe Play keeps coaches and minors apart).`);
    // Refused rather than granted with a warning: the name would reach every family (minors too) with the first
    // message, before anyone acted on a warning. The person changes it on /account, then this is run again.
    if ("refused" in profile)
      throw new ConfigError(
        `${email} was not made a coach: their name ${JSON.stringify(profile.fullName)} includes contact details (a link, email address, phone number or social media handle), which a coach's name can't. Ask them to change it on /account, then run this again.`,
      );
    print(`${profile.email} (${profile.fullName ?? "no name"}) is now a ${profile.role}.`);
    if (role !== "coach") return;
    if (checks.safePlay !== undefined || checks.background !== undefined) {
      const own = await getOwnCoachProfile(db, profile.id);
      await setStaffChecks(db, COMMAND_LINE, {
        userId: profile.id,
        safePlayCheckedOn: checks.safePlay ?? own.safePlayCheckedOn,
        backgroundCheckedOn: checks.background ?? own.backgroundCheckedOn,
      });
    }
    const clearance = (await getStaffClearance(db, profile.id, config.safePlay))!.clearance;
    print(
      clearance.cleared
        ? `Cleared: Safe Play training current until ${clearance.trainingExpiresOn}, background check until ${clearance.backgroundExpiresOn} (the first day each is no longer current).`
        : `Not cleared yet (${clearance.missing.map((k) => (k === "training" ? "Safe Play training" : "background check")).join(" and ")} not on record or expired): until an administrator records current dates on /staff (or npm run user:role -- ${email} coach --safe-play YYYY-MM-DD --background YYYY-MM-DD), they cannot message minors or read families' medical notes, phones and birth dates.`,
    );
  } finally {
    await pool.end();
    await database.stop();
  }
}

/** The command with what it printed and its exit code, as cli/run.ts would end it: for tests that run it in a process already running. */
export async function runUserRoleCommand(argv: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = "";
  try {
    await userRoleCommand(argv, env, (line) => (stdout += `${line}\n`));
    return { code: 0, stdout, stderr: "" };
  } catch (err) {
    return { code: 1, stdout, stderr: `Error: ${err instanceof Error ? err.message : String(err)}\n` };
  }
}
