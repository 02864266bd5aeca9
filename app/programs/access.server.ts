// Who may edit programs, seasons and the organisation's policies (issue 28): a coach or an administrator, read from
// the database on every request. The first line of every programs editor loader and action; the server decides.
import type { AppLoadContext } from "react-router";
import { isCoach, requireUser } from "~/auth/index.server";
import type { Profile } from "~/lib/profile";
import { invariantResponse } from "~/lib/responses.server";
import { isAdmin } from "~/models/users.server";
import { m } from "~/paraglide/messages";

/** Whether this person may edit programs (the program page's "Edit this program" link asks the same). */
export async function canEditPrograms(context: AppLoadContext, user: Pick<Profile, "id" | "role"> | null): Promise<boolean> {
  if (!user) return false;
  return isCoach(user) || (await isAdmin(context.db, user.id));
}

/** The signed-in coach or administrator; a visitor is sent to sign in (401 for a form), a client gets 403. */
export async function requireProgramEditor(request: Request, context: AppLoadContext): Promise<Profile> {
  const user = await requireUser(request, context);
  invariantResponse(await canEditPrograms(context, user), m.site_no_permission(), 403);
  return user;
}
