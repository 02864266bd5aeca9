// getUser reads the signed-in person once per page request (decision 0070): React Router hands the root's loader and
// the page's loader each its own copy of the Request, so the answer is shared through the request's scope object the
// server puts in the context; a POST (whose action may sign in or out) and a context without a scope read each time.
import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import { getUser } from "./session.server";

function counting(requestScope?: object) {
  let reads = 0;
  const user = { id: "u-1", email: "ana@example.com", name: "Ana", role: "client", emailVerified: true };
  const context = {
    requestScope,
    auth: { api: { getSession: async () => (reads++, { user }) } },
  } as unknown as AppLoadContext;
  return { context, reads: () => reads };
}

// What React Router does for each loader (stripRoutesParam(stripIndexParam(request))): a new Request, same headers.
const copyOf = (r: Request) => new Request(r.url, { method: r.method, headers: r.headers });

describe("getUser", () => {
  it("asks once for a page's loaders, each with its own copy of the request", async () => {
    const { context, reads } = counting({});
    const page = new Request("http://localhost/athletes/a-1", { headers: { cookie: "nlte.session_token=t" } });
    const [root, route] = await Promise.all([getUser(copyOf(page), context), getUser(copyOf(page), context)]);
    expect(root?.id).toBe("u-1");
    expect(route).toEqual(root);
    expect(reads()).toBe(1);
  });

  it("asks again on a POST, and for each request when the context has no request scope", async () => {
    const post = counting({});
    const form = new Request("http://localhost/athletes/a-1", { method: "POST" });
    await getUser(copyOf(form), post.context);
    await getUser(copyOf(form), post.context);
    expect(post.reads()).toBe(2);
    const unscoped = counting();
    const page = new Request("http://localhost/athletes/a-1");
    await getUser(copyOf(page), unscoped.context);
    await getUser(copyOf(page), unscoped.context);
    expect(unscoped.reads()).toBe(2);
  });
});
