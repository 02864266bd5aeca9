// Who may manage staff (decision 0030): an administrator, read from the database on every request (never from the
// session, so removing the flag takes effect at once). The first line of every /staff loader and action.
import type { AppLoadContext } from "react-router";
import { requireUser } from "~/auth/index.server";
import type { Profile } from "~/lib/profile";
import { invariantResponse } from "~/lib/responses.server";
import { isAdmin } from "~/models/users.server";
import { m } from "~/paraglide/messages";

/** The signed-in administrator; a visitor is sent to sign in (401 for a form), anyone else gets 403. */
export async function requireAdmin(request: Request, context: AppLoadContext): Promise<Profile> {
  const user = await requireUser(request, context);
  invariantResponse(await isAdmin(context.db, user.id), m.staff_admin_only(), 403);
  return user;
}

/** The person as the staff log names them when they act. */
export const actorOf = (user: Pick<Profile, "id" | "fullName">) => ({ id: user.id, name: user.fullName });
