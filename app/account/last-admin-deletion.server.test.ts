// Audit (issue 38): the last administrator could delete their own account, leaving the site with none. /account's
// deletion is refused for them beside the delete form, in the page's language, and nothing ends (their account and
// session stay); once someone else is an administrator, it goes. Two administrators deleting at once: one stays.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../../db/schema";
import { localeStore } from "../../tests/support/locale-store";
import { anonymizeUser } from "~/account/account.server";
import { AUTH_ORIGIN, call, contextWithAuth, postForm, signedInUser } from "../../tests/support/route-context";
import { createTestDatabase } from "../../tests/support/test-db";
import * as account from "~/routes/account";

const store = localeStore();

const { db } = await createTestDatabase();
const context = contextWithAuth(db);

const LAST_ADMIN = "You are the site's only administrator: make someone else an administrator on the Staff page before deleting your account.";
const LAST_ADMIN_ES =
  "Usted es el único administrador del sitio: haga administrador a otra persona en la página de Personal antes de eliminar su cuenta.";

async function person(name: string, admin: boolean) {
  const p = await signedInUser(context, name);
  if (admin) await db.update(users).set({ admin: true }).where(eq(users.id, p.id));
  return p;
}
const deleteOwn = (cookie: string) =>
  call(account.action, {
    request: postForm("/account", { intent: "delete", password: "secret12", confirm: "DELETE" }, { cookie, origin: AUTH_ORIGIN }),
    context,
  });
const accountPage = (cookie: string) => call(account.loader, { request: new Request(`${AUTH_ORIGIN}/account`, { headers: { cookie } }), context });
const row = async (id: string) => (await db.select({ deletedAt: users.deletedAt, email: users.email }).from(users).where(eq(users.id, id)))[0]!;

describe("the last administrator deleting their account", () => {
  it("is refused beside the delete form, and the account and its session stay", async () => {
    await db.update(users).set({ admin: false });
    const only = await person("Only Admin", true);
    const page = await accountPage(only.cookie);
    expect(page.body).toMatchObject({ lastAdmin: true });
    const res = await deleteOwn(only.cookie);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ ok: false, intent: "delete", fieldErrors: {}, formError: LAST_ADMIN });
    expect(await row(only.id)).toEqual({ deletedAt: null, email: only.email });
    // Still signed in: the page still opens with the same cookie.
    expect((await accountPage(only.cookie)).status).toBe(200);
  });

  it("is refused in Spanish on a Spanish page", async () => {
    await db.update(users).set({ admin: false });
    const only = await person("Sola Admin", true);
    const res = await store.run("es", () => deleteOwn(only.cookie));
    expect(res.body).toEqual({ ok: false, intent: "delete", fieldErrors: {}, formError: LAST_ADMIN_ES });
    expect((await row(only.id)).deletedAt).toBeNull();
  });

  it("goes through once another administrator exists, who is then the last one", async () => {
    await db.update(users).set({ admin: false });
    const first = await person("First Admin", true);
    const second = await person("Second Admin", true);
    expect((await accountPage(first.cookie)).body).toMatchObject({ lastAdmin: false });
    expect((await deleteOwn(first.cookie)).status).toBe(302);
    expect((await row(first.id)).deletedAt).not.toBeNull();
    expect((await deleteOwn(second.cookie)).body).toEqual({ ok: false, intent: "delete", fieldErrors: {}, formError: LAST_ADMIN });
  });

  it("does not stop anyone who is not an administrator (a client deletes their account)", async () => {
    await db.update(users).set({ admin: false });
    await person("Some Admin", true);
    const client = await person("Plain Client", false);
    expect((await accountPage(client.cookie)).body).toMatchObject({ lastAdmin: false });
    expect((await deleteOwn(client.cookie)).status).toBe(302);
    expect((await row(client.id)).deletedAt).not.toBeNull();
  });

  it("keeps one of two administrators deleting their accounts at the same moment", async () => {
    await db.update(users).set({ admin: false });
    const a = await person("Twin Admin A", true);
    const b = await person("Twin Admin B", true);
    const results = await Promise.all([anonymizeUser(db, a.id), anonymizeUser(db, b.id)]);
    expect(results.filter((r) => r === "last-admin")).toHaveLength(1);
    const left = [await row(a.id), await row(b.id)].filter((r) => r.deletedAt === null);
    expect(left).toHaveLength(1);
  });
});
