// /lessons/feed.ics?key=…: a person's private calendar of their bookings, for calendar apps to subscribe to. The key
// is the whole of the access: no session (a calendar app has none); an unknown or reset key is a plain 404.
import type { Route } from "./+types/lessons.feed.ics";
import { getFeedForSecret } from "~/booking/index.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const key = new URL(request.url).searchParams.get("key") ?? "";
  const body = await getFeedForSecret(context, key);
  if (body === null) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'inline; filename="lessons.ics"',
      "Cache-Control": "private, no-cache",
      "Referrer-Policy": "no-referrer",
    },
  });
}
