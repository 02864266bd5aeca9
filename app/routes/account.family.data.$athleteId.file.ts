// /account/family/data/:athleteId/file: "Download <name>'s data", the JSON file of everything held about one athlete
// (the page beside it shows the same). requireUser first, then the one rule (childDataRole): anyone else gets 404 and
// nothing. Logged (who, whose, when), never its content; never cached.
import type { Route } from "./+types/account.family.data.$athleteId.file";
import { requireUser } from "~/auth/index.server";
import { childDataRole, getChildData } from "~/childdata/index.server";
import { getLocale } from "~/i18n/language";
import { invariantResponse } from "~/lib/responses.server";
import { m } from "~/paraglide/messages";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const settings = context.config.safePlay;
  const role = await childDataRole(context.db, user, params.athleteId, settings);
  invariantResponse(role, m.childdata_not_found(), 404);
  const body = await getChildData(context.db, user, role, params.athleteId, { settings, locale: getLocale(), form: "file" });
  invariantResponse(body, m.childdata_not_found(), 404);
  return new Response(JSON.stringify(body, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      // The file's name holds no name of the child.
      "Content-Disposition": 'attachment; filename="athlete-data.json"',
      "Cache-Control": "no-store",
    },
  });
}
