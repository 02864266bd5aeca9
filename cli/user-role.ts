// npm run user:role -- <email> <client|coach|safeguarding|admin>
// Sets a user's role, grants a coach the safeguarding lead capability (Safe Play: /safeguarding), or grants the
// administrator flag (/staff: invitations, roles, checks; decision 0030). Works while the site runs: it uses the running
// embedded database, or DATABASE_URL. Every change is written to the staff log, as made from the command line.
// Nobody becomes a coach with contact details in their name (coachNameProblem in app/models/users.server.ts): the same
// function (setUserRole) makes coaches here and on /staff. Nor does a minor athlete.
import { z } from "zod";
import { createDb } from "../db/client";
import { runMigrations } from "../db/migrate";
import { COMMAND_LINE, grantAdmin, grantSafeguardingLead, updateUserRole } from "../app/models/users.server";
import { ConfigError, loadConfig } from "../server/config";
import { connectEmbeddedPostgres } from "../server/embedded-postgres";
import { runCli } from "./run";

const ArgsSchema = z.tuple([
  z.email({ error: "the first argument must be an email address" }),
  z.enum(["client", "coach", "safeguarding", "admin"], { error: "the role must be client, coach, safeguarding or admin" }),
]);

async function main(argv: string[]) {
  if (argv.length !== 2) throw new ConfigError("usage: npm run user:role -- <email> <client|coach|safeguarding|admin>");
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
  } finally {
    await pool.end();
    await database.stop();
  }
}

runCli(main);
