// npm run user:role -- <email> <client|coach|safeguarding|admin>
// npm run user:role -- <email> coach --safe-play YYYY-MM-DD --background YYYY-MM-DD
// Sets a user's role, grants a coach the safeguarding lead capability (Safe Play: /safeguarding), or grants the
// administrator flag (/staff: invitations, roles, checks; decision 0030). Works while the site runs: it uses the running
// embedded database, or DATABASE_URL. Every change is written to the staff log, as made from the command line.
// Nobody becomes a coach with contact details in their name (coachNameProblem in app/models/users.server.ts): the same
// function (setUserRole) makes coaches here and on /staff. Nor does a minor athlete.
// A coach reaches children only once cleared (issue 37): Safe Play training and background check on record and current.
// Making a coach says whether they are; `--safe-play` and `--background` record the days the checks were done (as an
// administrator does on /staff: never in the future, logged as made from the command line).
import { z } from "zod";
import { createDb } from "../db/client";
import { runMigrations } from "../db/migrate";
import { COMMAND_LINE, grantAdmin, grantSafeguardingLead, updateUserRole } from "../app/models/users.server";
import { getStaffClearance } from "../app/staff/clearance.server";
import { getOwnCoachProfile, setStaffChecks } from "../app/staff/profiles.server";
import { checksSchema } from "../app/staff/schemas";
import { dayInZone } from "../app/lib/datetime";
import { ConfigError, loadConfig } from "../server/config";
import { connectEmbeddedPostgres } from "../server/embedded-postgres";
import { runCli } from "./run";

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

async function main(all: string[]) {
  const argv = all.slice(0, 2);
  const checks = checkOptions(all.slice(2));
  if (argv.length !== 2 || (all.length > 2 && argv[1] !== "coach")) throw new ConfigError(USAGE);
  const parsed = ArgsSchema.safeParse(argv);
  if (!parsed.success) throw new ConfigError(parsed.error.issues[0]!.message);
  const [email, role] = parsed.data;
  const config = loadConfig();
  const database = config.databaseUrl ? { url: config.databaseUrl, stop: async () => {} } : await connectEmbeddedPostgres(config.dataDir);
  const { db, pool } = createDb(database.url, 1);
  try {
    await runMigrations(database.url);
    if (role === "admin") {
      const admin = await grantAdmin(db, email);
      if (!admin) throw new ConfigError(`no user with the email ${email}`);
      console.log(`${admin.email} (${admin.fullName ?? "no name"}) is now an administrator (who can open /staff).`);
      return;
    }
    if (role === "safeguarding") {
      const lead = await grantSafeguardingLead(db, email);
      if (!lead) throw new ConfigError(`no user with the email ${email}`);
      if (lead === "not-coach") throw new ConfigError(`${email} is not a coach: make them one first (npm run user:role -- ${email} coach)`);
      console.log(`${lead.email} (${lead.fullName ?? "no name"}) is now the safeguarding lead (a coach who can open /safeguarding).`);
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
    console.log(`${profile.email} (${profile.fullName ?? "no name"}) is now a ${profile.role}.`);
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
    console.log(
      clearance.cleared
        ? `Cleared: Safe Play training current until ${clearance.trainingExpiresOn}, background check until ${clearance.backgroundExpiresOn} (the first day each is no longer current).`
        : `Not cleared yet (${clearance.missing.map((k) => (k === "training" ? "Safe Play training" : "background check")).join(" and ")} not on record or expired): until an administrator records current dates on /staff (or npm run user:role -- ${email} coach --safe-play YYYY-MM-DD --background YYYY-MM-DD), they cannot message minors or read families' medical notes, phones and birth dates.`,
    );
  } finally {
    await pool.end();
    await database.stop();
  }
}

runCli(main);
