// /staff's security programme form (issue 40): parsed with its schema, refused beside the field with nothing changed,
// saved through setSecurityProgramme (which asks the administrator rule itself). The route hands the answer on.
import { m } from "~/paraglide/messages";
import { setSecurityProgramme } from "./programme.server";
import { securitySettingsSchema } from "./schemas";
import { SECURITY_SETTINGS_INTENT, type SecurityAnswer } from "./security-card";
import { parseForm } from "~/lib/forms";

export async function answerSecuritySettings(
  db: Parameters<typeof setSecurityProgramme>[0],
  userId: string,
  form: FormData,
  today: string,
): Promise<{ body: SecurityAnswer; status: number }> {
  const intent = SECURITY_SETTINGS_INTENT;
  const values = { coordinatorId: String(form.get("coordinatorId") ?? ""), reviewDueOn: String(form.get("reviewDueOn") ?? "") };
  const { data: input, fieldErrors } = parseForm(securitySettingsSchema(today), form);
  if (!input) return { body: { ok: false, intent, fieldErrors: fieldErrors ?? {}, values }, status: 400 };
  const r = await setSecurityProgramme(db, userId, input);
  if (!r.ok && r.status === 403) return { body: { ok: false, intent, fieldErrors: {}, formError: m.security_change_refused(), values }, status: 403 };
  if (!r.ok) return { body: { ok: false, intent, fieldErrors: { coordinatorId: m.security_error_coordinator() }, values }, status: 400 };
  return { body: { ok: true, intent, message: m.security_saved() }, status: 200 };
}
