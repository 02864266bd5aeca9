// Downloads an attachment: only for participants of its conversation; anyone else gets 404 and learns nothing.
import { data } from "react-router";
import type { Route } from "./+types/messages.$conversationId.attachments.$attachmentId";
import { requireUser } from "~/auth/session.server";
import { getAttachmentForUser } from "~/models/messages.server";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const file = await getAttachmentForUser(context.db, params.conversationId, params.attachmentId, user.id);
  if (!file) throw data({ error: "Not found" }, { status: 404 });
  const inline = file.mimeType.startsWith("image/");
  return new Response(new Uint8Array(file.data), {
    headers: {
      "Content-Type": file.mimeType,
      "Content-Length": String(file.data.length),
      "Content-Disposition": `${inline ? "inline" : "attachment"}; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
      "Cache-Control": "private, max-age=3600",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
    },
  });
}
