import { ArrowLeft } from "lucide-react";
import { localHref } from "~/i18n/locale";
import { data, Form, Link } from "react-router";
import type { Route } from "./+types/general.$postId";
import { AnnouncementForm, type AnnouncementFormResult } from "~/components/announcement-form";
import { PageHeader } from "~/components/page-header";
import { Button } from "~/components/ui/button";
import { getUser, isCoach, requireCoach } from "~/auth/session.server";
import { markdownToPlainText, renderMarkdown } from "~/announcements/markdown";
import { formatDateIn } from "~/lib/datetime";
import type { PageHandle } from "~/lib/page-mode";
import { redirectWithToast } from "~/lib/toast.server";
import { readAnnouncementForm } from "~/announcements/actions.server";
import { deleteAnnouncement, getAnnouncement, updateAnnouncement } from "~/announcements/announcements.server";
import { invariantResponse } from "~/lib/responses.server";
import { pageWords } from "~/content/words.server";
import { m } from "~/paraglide/messages";

export const handle: PageHandle = { documentForVisitors: true };

export const meta: Route.MetaFunction = ({ loaderData: post }) =>
  post ? [{ title: `${post.title} | ${post.section}` }, { name: "description", content: post.summary }] : [{ title: m.calendar_news_not_found() }];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await getUser(request, context);
  const post = await getAnnouncement(context.db, params.postId);
  if (!post) throw data("Announcement not found", { status: 404 });
  return {
    /** "Updates and Announcements", the page the post belongs to, in the reader's language. */
    section: pageWords("general").heading,
    canEdit: isCoach(user),
    id: post.id,
    title: post.title,
    body: post.body,
    pinned: post.pinned,
    date: formatDateIn(post.publishedAt, context.config.site.timeZone),
    iso: post.publishedAt.toISOString(),
    html: renderMarkdown(post.body),
    summary: markdownToPlainText(post.body).slice(0, 160),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  await requireCoach(request, context);
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "delete") {
    if (!(await deleteAnnouncement(context.db, params.postId))) throw data("Announcement not found", { status: 404 });
    throw await redirectWithToast(context, "/general", { title: m.calendar_news_deleted(), type: "success" });
  }
  invariantResponse(intent === "update", "Unknown action");
  const { input, failure } = readAnnouncementForm(form);
  if (!input) return failure;
  if (!(await updateAnnouncement(context.db, params.postId, input))) throw data("Announcement not found", { status: 404 });
  throw await redirectWithToast(context, `/general/${params.postId}`, { title: m.calendar_news_saved(), type: "success" });
}

export default function Announcement({ loaderData, actionData }: Route.ComponentProps) {
  const post = loaderData;
  return (
    <>
      <PageHeader heading={post.title} intro={`${post.section} · ${post.date}`} />
      <div className="mx-auto flex max-w-3xl flex-col gap-8 px-4 py-10">
        <article aria-label={post.title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <p className="text-sm font-semibold uppercase tracking-wide text-court-800">
            {post.pinned ? `${m.calendar_news_pinned()} · ` : ""}
            <time dateTime={post.iso}>{post.date}</time>
          </p>
          <div className="prose-post mt-2 text-slate-700" dangerouslySetInnerHTML={{ __html: post.html }} />
        </article>
        <Link to={localHref("/general")} className="inline-flex items-center gap-2 font-medium text-court-800 underline">
          <ArrowLeft aria-hidden className="size-4" /> {m.calendar_news_all()}
        </Link>
        {post.canEdit ? (
          <>
            <AnnouncementForm
              intent="update"
              heading={m.calendar_news_edit()}
              submitLabel={m.calendar_news_save()}
              values={{ title: post.title, body: post.body, pinned: post.pinned }}
              result={actionData as AnnouncementFormResult | undefined}
            />
            <Form method="post" aria-label={m.calendar_news_delete_form()}>
              <input type="hidden" name="intent" value="delete" />
              <Button type="submit" variant="danger">
                {m.calendar_news_delete()}
              </Button>
            </Form>
          </>
        ) : null}
      </div>
    </>
  );
}
