// The coaches a signed-in person may message (the chat widget's selector).
import type { Route } from "./+types/messages.coaches";
import { requireUser } from "~/auth/session.server";
import { getCoaches } from "~/models/conversations.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  return { coaches: await getCoaches(context.db) };
}
