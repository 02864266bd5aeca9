// Signing a form for an athlete and a season (issue 40, decision 0043). Every rule is checked here, on the server, before
// anything is stored: who signs (acting for the athlete), which version (one that exists and is in force), the
// guardian's statement, the consent to sign electronically, the photo release's answer, and the typed name (the
// signer's own). The signature, its receipt PDF and its mail commit together; a signature of an older version is
// superseded in the same transaction, and the database keeps one in force per form, athlete and season.
import { sql } from "drizzle-orm";
import { z } from "zod";
import { maybeRow, row } from "../../db/rows";
import type { Locale } from "~/i18n/language";
import { isUuid } from "~/lib/uuid";
import type { Profile } from "~/lib/profile";
import { m } from "~/paraglide/messages";
import { getFormsAthleteIds, signAsRefusal } from "./access.server";
import { getVersion } from "./forms.server";
import { enrollWaitingRequests } from "./gate.server";
import { mailReceipt, type ConsentServices } from "./mails.server";
import { buildReceiptPdf } from "./receipt.server";
import { sameName, type SignInput } from "./schemas";

export type SignResult =
  { ok: true; signatureId: string; enrolled: string[] } | { ok: false; status: number; error: string; field?: keyof SignInput | undefined };

export type SignContext = { ipAddress: string; userAgent: string; locale: Locale };

const isUniqueViolation = (err: unknown) => {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) if (e.code === "23505") return true;
  return false;
};

/** Null when the season is one (or "none": a session without a season); else the refusal. */
async function seasonRefusal(services: ConsentServices, seasonId: string): Promise<string | null> {
  if (seasonId === "none") return null;
  if (!isUuid(seasonId)) return m.consent_error_season();
  const { rows } = await services.db.execute(sql`select 1 from seasons where id = ${seasonId}`);
  return rows.length ? null : m.consent_error_season();
}

export async function signForm(
  services: ConsentServices,
  actor: Pick<Profile, "id" | "role" | "fullName">,
  input: SignInput,
  context: SignContext,
): Promise<SignResult> {
  const { db, config } = services;
  const who = await signAsRefusal(db, actor, input.athleteId, config.safePlay);
  if ("refusal" in who) return { ok: false, status: 403, error: who.refusal, field: "athleteId" };
  const version = await getVersion(db, input.versionId);
  if (!version) return { ok: false, status: 400, error: m.consent_error_version(), field: "versionId" };
  if (!version.current) return { ok: false, status: 409, error: m.consent_error_version_replaced(), field: "versionId" };
  const season = await seasonRefusal(services, input.seasonId);
  if (season) return { ok: false, status: 400, error: season, field: "seasonId" };
  if (who.role === "guardian" && !input.guardian) return { ok: false, status: 400, error: m.consent_error_guardian(), field: "guardian" };
  if (version.kind === "photo" && !input.photoChoice) return { ok: false, status: 400, error: m.consent_error_photo_choice(), field: "photoChoice" };
  if (!sameName(input.typedName, actor.fullName ?? ""))
    return { ok: false, status: 400, error: m.consent_error_name_not_signer(), field: "typedName" };

  const signer = await maybeRow(
    db,
    z.object({ athlete_name: z.string().nullable(), email: z.string(), verified: z.boolean() }),
    sql`
    select (select full_name from users where id = ${input.athleteId}) as athlete_name, email, email_verified as verified
    from users where id = ${actor.id}`,
  );
  const athleteName = signer?.athlete_name ?? "";
  const signedAt = config.safePlay.clock();
  const seasonId = input.seasonId === "none" ? null : input.seasonId;
  const photoChoice = version.kind === "photo" ? (input.photoChoice ?? null) : null;
  const userAgent = context.userAgent.slice(0, 400);
  const ipAddress = context.ipAddress.slice(0, 64);
  const pdf = await buildReceiptPdf({
    orgName: config.site.orgName,
    locale: context.locale,
    timeZone: config.site.timeZone,
    title: version.title[context.locale],
    body: version.body[context.locale],
    version: version.version,
    hash: version.hash,
    athleteName,
    typedName: input.typedName,
    signerRole: who.role,
    photoChoice,
    signedAt,
    ipAddress,
    userAgent,
  });
  try {
    return await db.transaction(async (tx) => {
      // One signature in force a form, athlete and season (a unique index): none or one.
      const inForce = await maybeRow(
        tx,
        z.object({ id: z.string(), version_id: z.string() }),
        sql`
        select id, version_id from consent_signatures
        where form_id = ${version.formId} and athlete_id = ${input.athleteId} and state = 'active' and season_id is not distinct from ${seasonId}::uuid
        for update`,
      );
      if (inForce?.version_id === version.versionId) return { ok: false, status: 409, error: m.consent_error_already_signed() } as const;
      if (inForce)
        await tx.execute(sql`
          update consent_signatures set state = 'superseded', ended_at = ${signedAt.toISOString()}::timestamptz, ended_by = ${actor.id}
          where id = ${inForce.id}`);
      const { id: signatureId } = await row(
        tx,
        z.object({ id: z.string() }),
        sql`
        insert into consent_signatures (form_id, version_id, athlete_id, season_id, signer_id, signer_role, athlete_name, typed_name,
          photo_choice, language, ip_address, user_agent, receipt_pdf, signed_at)
        values (${version.formId}, ${version.versionId}, ${input.athleteId}, ${seasonId}::uuid, ${actor.id}, ${who.role}, ${athleteName},
          ${input.typedName}, ${photoChoice}, ${context.locale}, ${ipAddress}, ${userAgent}, ${pdf}, ${signedAt.toISOString()}::timestamptz)
        returning id`,
      );
      if (signer?.verified)
        await mailReceipt(tx, services, {
          to: signer.email,
          locale: context.locale,
          title: version.title[context.locale],
          version: version.version,
          hash: version.hash,
          athleteName,
          signedAt,
          signatureId,
          pdf,
        });
      const enrolled = await enrollWaitingRequests(tx, services, input.athleteId);
      return { ok: true, signatureId, enrolled } as const;
    });
  } catch (err) {
    if (isUniqueViolation(err)) return { ok: false, status: 409, error: m.consent_error_already_signed() };
    throw err;
  }
}

/** A guardian (or the adult athlete) withdraws a signature in force; it stays, withdrawn, with its receipt. */
export async function withdrawSignature(services: ConsentServices, actor: Pick<Profile, "id" | "role">, signatureId: string): Promise<boolean> {
  if (!isUuid(signatureId)) return false;
  const signature = await maybeRow(
    services.db,
    z.object({ athlete_id: z.string() }),
    sql`select athlete_id from consent_signatures where id = ${signatureId} and state = 'active'`,
  );
  if (!signature || "refusal" in (await signAsRefusal(services.db, actor, signature.athlete_id, services.config.safePlay))) return false;
  const { rows: done } = await services.db.execute(sql`
    update consent_signatures set state = 'withdrawn', ended_at = ${services.config.safePlay.clock().toISOString()}::timestamptz, ended_by = ${actor.id}
    where id = ${signatureId} and state = 'active' returning id`);
  return done.length === 1;
}

/** A receipt the person may read (their household's athlete's, or their own); null otherwise, as if there were none. */
export async function getReceipt(services: Pick<ConsentServices, "db">, actor: Pick<Profile, "id" | "role">, signatureId: string) {
  if (!isUuid(signatureId)) return null;
  const athletes = await getFormsAthleteIds(services.db, actor);
  const signature = await maybeRow(
    services.db,
    z.object({ athlete_id: z.string(), receipt_pdf: z.instanceof(Buffer) }),
    sql`select athlete_id, receipt_pdf from consent_signatures where id = ${signatureId}`,
  );
  if (!signature || !athletes.includes(signature.athlete_id)) return null;
  return { pdf: Buffer.from(signature.receipt_pdf), filename: `receipt-${signatureId.slice(0, 8)}.pdf` };
}
