// "Download my data": a JSON file of what the site keeps about the signed-in person.
import type { Route } from "./+types/account.data";
import { requireUser } from "~/auth/index.server";
import { exportUserData } from "~/account/index.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const body = await exportUserData(context.db, user.id);
  return new Response(JSON.stringify(body, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": 'attachment; filename="my-data.json"',
      "Cache-Control": "no-store",
    },
  });
}
