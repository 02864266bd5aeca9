// Accepting a family's emailed invitation on /invitation confirms the invited address (issue 39): the link reached only
// that mailbox, as a confirmation mail's does. Against the real database, through the routes a family uses. (A coach's
// staff invitation: app/staff/invitations.server.test.ts.)
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import { mailOutbox, users } from "../../db/schema";
import { call, contextFor, postForm } from "../../tests/support/route-context";
import { createTestDatabase } from "../../tests/support/test-db";
import { bodiesToDeliver } from "~/mail/outbox.server";
import { action as familyAction } from "~/routes/account.family";
import { action as invitationAction } from "~/routes/invitation";

const { db } = await createTestDatabase();
const NOW = "2026-06-15T14:00:00-04:00";

type Person = { id: string; email: string; fullName: string };
async function guardian(fullName: string, emailVerified: boolean): Promise<Person> {
  const id = crypto.randomUUID();
  const email = `${fullName.split(" ")[0]!.toLowerCase()}-${id.slice(0, 8)}@example.com`;
  await db.insert(users).values({ id, email, fullName, role: "client", clientKind: "guardian", dateOfBirth: "1980-01-01", emailVerified });
  return { id, email, fullName };
}

/** The route context of a signed-in person (the session lookup stood in for, as tests/support/route-context does). */
function as(p: Person): AppLoadContext {
  const base = contextFor(db, "client", { SAFE_PLAY_NOW: NOW, PUBLIC_URL: "http://localhost:3000" });
  const session = { user: { id: p.id, email: p.email, name: p.fullName, role: "client" } };
  return { ...base, auth: { api: { getSession: async () => session } } } as unknown as AppLoadContext;
}
const post = (action: unknown, path: string, who: Person, fields: Record<string, string>) =>
  call(action as never, { request: postForm(path, fields, { Origin: "http://localhost:3000" }), context: as(who) });
const verified = async (id: string) => (await db.select({ v: users.emailVerified }).from(users).where(eq(users.id, id)))[0]!.v;

describe("a family's emailed invitation", () => {
  it("confirms the address of the guardian who accepts it, signed in with that address", async () => {
    const mum = await guardian("Rosa Inviter", true);
    await post(familyAction, "/account/family", mum, { intent: "add-athlete", fullName: "Teo Inviter", dateOfBirth: "2014-02-02" });
    const dad = await guardian("Raul Invited", false);
    const sent = await post(familyAction, "/account/family", mum, { intent: "invite-coguardian", coGuardianEmail: dad.email });
    expect(sent.body).toMatchObject({ ok: true, message: `We sent an invitation to ${dad.email} to join your family.` });
    const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, dad.email));
    const text = bodiesToDeliver(as(mum).secret, mail!)!.text;
    const token = new URL(/https?:\/\/\S+\/invitation\?token=\S+/.exec(text)![0]).searchParams.get("token")!;

    expect(await verified(dad.id)).toBe(false);
    const accepted = await post(invitationAction, "/invitation", dad, { intent: "accept", token });
    expect(accepted.status).toBe(302);
    expect(await verified(dad.id)).toBe(true);
  });
});
