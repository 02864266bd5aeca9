// /account/forms/receipts/:signatureId (issue 40): the PDF receipt kept with a signature, exactly as made when it was
// signed. The athlete's guardians and the athlete read it; anyone else gets 404, as for an id that does not exist.
import type { Route } from "./+types/account.forms.receipts.$signatureId";
import { getReceipt, requireFormsFamily } from "~/consent/index.server";
import { m } from "~/paraglide/messages";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireFormsFamily(request, context);
  const receipt = await getReceipt(context, user, params.signatureId);
  if (!receipt) throw new Response(m.consent_error_signature(), { status: 404 });
  return new Response(new Uint8Array(receipt.pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${receipt.filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
