import { Link } from "react-router";
import type { Route } from "./+types/messages";
import { getUser } from "~/auth/session.server";
import { buttonClass } from "~/components/ui/button";
import { PAGES } from "~/content/pages";
import { pageMeta } from "~/lib/meta";

export const meta = () => pageMeta(PAGES.messages);

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getUser(request, context);
  return { role: user?.role ?? null };
}

export default function Messages({ loaderData }: Route.ComponentProps) {
  if (!loaderData.role) {
    return (
      <section className="mx-auto flex max-w-md flex-col items-center px-4 py-24 text-center">
        <h1 className="text-2xl font-bold text-slate-900">Sign In Required</h1>
        <p className="mt-2 text-slate-700">Please sign in to access messages.</p>
        <Link to="/signin?redirectTo=%2Fmessages" className={`${buttonClass("primary")} mt-6`}>
          Sign In
        </Link>
      </section>
    );
  }
  const coach = loaderData.role === "coach";
  return (
    <section className="mx-auto max-w-4xl px-4 py-10">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-slate-900">Messages</h1>
          <p className="text-slate-700">{coach ? "Manage client communications" : "Chat with your coaches"}</p>
        </div>
        <Link to="/" className={buttonClass("secondary")}>
          Back to Home
        </Link>
      </div>
      <div className="mt-10 rounded-xl border border-dashed border-slate-300 p-10 text-center">
        <h2 className="text-lg font-semibold text-slate-900">No conversations yet</h2>
        <p className="mt-1 text-slate-700">
          {coach ? "Start a conversation with a client to begin messaging." : "Send a message to a coach to start a conversation."}
        </p>
      </div>
    </section>
  );
}
