import { data } from "react-router";
import type { Route } from "./+types/messages.$conversationId";
import { requireUser } from "~/auth/session.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  // Conversations arrive with the messaging issue; until then no conversation exists.
  throw data(null, { status: 404 });
}

export default function Conversation() {
  return null;
}
