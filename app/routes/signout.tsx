import { redirect } from "react-router";
import { localHref } from "~/i18n/locale";
import type { Route } from "./+types/signout";
import { signOut } from "~/auth/accounts.server";
import { redirectWithToast } from "~/lib/toast.server";

export function loader() {
  throw redirect(localHref("/"));
}

export async function action({ request, context }: Route.ActionArgs) {
  const result = await signOut(request, context);
  if (!result.ok) {
    const back = new URL(request.headers.get("referer") ?? "/", context.config.publicUrl);
    throw await redirectWithToast(context, back.pathname + back.search, { type: "error", title: "Error", description: result.error });
  }
  throw await redirectWithToast(
    context,
    "/",
    { type: "success", title: "Signed out", description: "You have been successfully signed out." },
    { headers: result.headers },
  );
}
