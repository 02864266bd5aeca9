import { redirect } from "react-router";
import type { Route } from "./+types/signout";
import { signOut } from "~/auth/accounts.server";
import { setToastCookie } from "~/lib/toast.server";

export function loader() {
  throw redirect("/");
}

export async function action({ request, context }: Route.ActionArgs) {
  const result = await signOut(request, context);
  if (!result.ok) {
    const back = new URL(request.headers.get("referer") ?? "/", context.config.publicUrl);
    throw redirect(back.pathname + back.search, {
      headers: { "Set-Cookie": await setToastCookie(context, { type: "error", title: "Error", description: result.error }) },
    });
  }
  result.headers.append(
    "Set-Cookie",
    await setToastCookie(context, { type: "success", title: "Signed out", description: "You have been successfully signed out." }),
  );
  throw redirect("/", { headers: result.headers });
}
