import { redirect } from "react-router";
import { localHref } from "~/i18n/locale";
import type { Route } from "./+types/signout";
import { signOut } from "~/auth/index.server";
import { redirectWithToast } from "~/lib/toast.server";
import { m } from "~/paraglide/messages";

export function loader() {
  throw redirect(localHref("/"));
}

export async function action({ request, context }: Route.ActionArgs) {
  const result = await signOut(request, context);
  if (!result.ok) {
    const back = new URL(request.headers.get("referer") ?? "/", context.config.publicUrl);
    throw await redirectWithToast(context, back.pathname + back.search, { type: "error", title: m.account_toast_error(), description: result.error });
  }
  throw await redirectWithToast(
    context,
    "/",
    { type: "success", title: m.account_toast_signed_out_title(), description: m.account_toast_signed_out() },
    { headers: result.headers },
  );
}
