import { ArrowLeft } from "lucide-react";
import { localHref } from "~/i18n/locale";
import { Form, Link } from "react-router";
import type { Route } from "./+types/general.$postId";
import type { AnnouncementFormResult } from "~/components/announcement-form";
import { lazyComponent } from "~/lib/lazy-component";
import { Suspense } from "react";
import { PageHeader } from "~/components/page-header";
import { Button } from "~/components/ui/button";
import { getUser, isCoach, requireCoach } from "~/auth/index.server";
import { markdownToPlainText, renderPostBody } from "~/announcements/markdown";
import { InEnglishMark } from "~/components/public/typed-text";
import { getLocale } from "~/i18n/locale";
import { inReaderLanguage } from "~/lib/typed-content";
import { formatDateIn } from "~/lib/datetime";
import type { PageHandle } from "~/lib/page-mode";
import { redirectWithToast } from "~/lib/toast.server";
import { readAnnouncementForm } from "~/announcements/index.server";
import { deleteAnnouncement, getAnnouncement, updateAnnouncement } from "~/announcements/index.server";
import { invariantResponse, notFound } from "~/lib/responses.server";
import { pageWords } from "~/content/words.server";
import { m } from "~/paraglide/messages";

// Only coaches write announcements: families do not download the form.
const AnnouncementForm = lazyComponent(() => import("~/components/announcement-form").then((mod) => mod.AnnouncementForm));

export const handle: PageHandle = { documentForVisitors: true };

export const meta: Route.MetaFunction = ({ loaderData: post }) =>
  post
    ? [{ title: `${post.title.text} | ${post.section}` }, { name: "description", content: post.summary }]
    : [{ title: m.calendar_news_not_found() }];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await getUser(request, context);
  const post = await getAnnouncement(context.db, params.postId);
  if (!post) notFound();
  const locale = getLocale();
  const { html, text, lang, fallback } = renderPostBody(post, locale);
  return {
    /** "Updates and Announcements", the page the post belongs to, in the reader's language. */
    section: pageWords("general").heading,
    id: post.id,
    /** The title and text in the reader's language: the Spanish where a coach wrote it, else the English, marked. */
    title: inReaderLanguage({ en: post.title, es: post.titleEs }, locale),
    body: { html, lang, fallback },
    pinned: post.pinned,
    date: formatDateIn(post.publishedAt, context.config.site.timeZone),
    iso: post.publishedAt.toISOString(),
    summary: markdownToPlainText(text).slice(0, 160),
    /** What the coach's edit form starts from: both versions as they were typed. */
    values: isCoach(user)
      ? { title: post.title, body: post.body, titleEs: post.titleEs ?? "", bodyEs: post.bodyEs ?? "", pinned: post.pinned }
      : null,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  await requireCoach(request, context);
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "delete") {
    if (!(await deleteAnnouncement(context.db, params.postId))) notFound();
    throw await redirectWithToast(context, "/general", { title: m.calendar_news_deleted(), type: "success" });
  }
  invariantResponse(intent === "update", m.calendar_error_unknown_action());
  const { input, failure } = readAnnouncementForm(form);
  if (!input) return failure;
  if (!(await updateAnnouncement(context.db, params.postId, input))) notFound();
  throw await redirectWithToast(context, `/general/${params.postId}`, { title: m.calendar_news_saved(), type: "success" });
}

export default function Announcement({ loaderData, actionData }: Route.ComponentProps) {
  const post = loaderData;
  const intro = `${post.section} · ${post.date}`;
  return (
    <>
      {post.title.fallback ? (
        // The page's heading is the English title standing in for a Spanish one: the header is English, and what it
        // says besides the title (the section, the date, the mark) is in the page's language again.
        <div lang={post.title.lang}>
          <PageHeader heading={post.title.text}>
            <div lang={getLocale()} className="mt-3 flex flex-wrap items-center gap-3">
              <p className="max-w-2xl text-lg text-slate-100">{intro}</p>
              <InEnglishMark of={[post.title]} />
            </div>
          </PageHeader>
        </div>
      ) : (
        <PageHeader heading={post.title.text} intro={intro} />
      )}
      <div className="mx-auto flex max-w-3xl flex-col gap-8 px-4 py-10">
        <article aria-label={post.title.text} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <p className="text-sm font-semibold uppercase tracking-wide text-court-800">
            {post.pinned ? `${m.calendar_news_pinned()} · ` : ""}
            <time dateTime={post.iso}>{post.date}</time>
            {/* Marked once: when the title is English too, the page's heading already carries the mark. */}
            <InEnglishMark of={post.title.fallback ? [] : [post.body]} />
          </p>
          <div
            lang={post.body.fallback ? post.body.lang : undefined}
            className="prose-post mt-2 text-slate-700"
            dangerouslySetInnerHTML={{ __html: post.body.html }}
          />
        </article>
        <Link to={localHref("/general")} className="inline-flex items-center gap-2 font-medium text-court-800 underline">
          <ArrowLeft aria-hidden className="size-4" /> {m.calendar_news_all()}
        </Link>
        {post.values ? (
          <>
            <Suspense fallback={null}>
              <AnnouncementForm
                intent="update"
                heading={m.calendar_news_edit()}
                submitLabel={m.calendar_news_save()}
                values={post.values}
                result={actionData as AnnouncementFormResult | undefined}
              />
            </Suspense>
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
