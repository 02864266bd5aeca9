// Downloads an attachment: only for people in its conversation (anyone else gets 404 and learns nothing).
// Always a download, never a page: a file is never shown by the browser as this site's content, whatever its
// name says (the stored name's extension already matches the bytes: file-type.server.ts).
import type { Route } from "./+types/messages.$conversationId.attachments.$attachmentId";
import { requireConversationMember, getAttachment } from "~/messaging/index.server";
import { requireUser } from "~/auth/index.server";
import { downloadResponse } from "~/lib/file-type.server";
import { invariantResponse } from "~/lib/responses.server";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  await requireConversationMember(context.db, params.conversationId, user.id);
  const file = await getAttachment(context.db, params.conversationId, params.attachmentId, user.id);
  invariantResponse(file, "Not found", 404);
  return downloadResponse(file);
}
