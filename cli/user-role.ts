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
import { runCli } from "./run";
import { userRoleCommand } from "./user-role-command";

runCli((argv) => userRoleCommand(argv));
