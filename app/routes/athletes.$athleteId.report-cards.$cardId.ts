// Downloads a term's report card (issue 42, decision 0062): only for those getAthleteRights lets read report cards
// (the athlete's guardians, the athlete from 13, staff, education staff of their education session); anyone else,
// and an id of another athlete's card, gets 404 and learns nothing. The address holds ids only, never a name. Always a
// download, never shown as this site's page, as messages' attachments are (the stored name's extension matches the
// bytes: app/lib/file-type.server.ts).
import type { Route } from "./+types/athletes.$athleteId.report-cards.$cardId";
import { getReportCardFile, requireAthleteReader } from "~/athletes/index.server";
import { downloadResponse } from "~/lib/file-type.server";
import { invariantResponse } from "~/lib/responses.server";
import { m } from "~/paraglide/messages";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { rights } = await requireAthleteReader(request, context, params.athleteId);
  const file = await getReportCardFile(context.db, rights, params.cardId);
  invariantResponse(file, m.athletes_not_found(), 404);
  return downloadResponse(file);
}
