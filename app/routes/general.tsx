import { Pin } from "lucide-react";
import { localHref } from "~/i18n/locale";
import { Link } from "react-router";
import type { Route } from "./+types/general";
import type { AnnouncementFormResult } from "~/components/announcement-form";
import { lazyComponent } from "~/lib/lazy-component";
import { Suspense } from "react";
import { PageHeader } from "~/components/page-header";
import { Section } from "~/components/public/section";
import { getUser, isCoach, requireCoach } from "~/auth/session.server";
import { pageWords } from "~/content/words.server";
import { m } from "~/paraglide/messages";
import { renderPostBody } from "~/announcements/markdown";
import { InEnglishMark, Typed } from "~/components/public/typed-text";
import { getLocale } from "~/i18n/locale";
import { inReaderLanguage } from "~/lib/typed-content";
import { pageMeta } from "~/lib/meta";
import { formatDateIn } from "~/lib/datetime";
import type { PageHandle } from "~/lib/page-mode";
import { redirectWithToast } from "~/lib/toast.server";
import { readAnnouncementForm } from "~/announcements/actions.server";
import { createAnnouncement, getAnnouncements } from "~/announcements/announcements.server";
import { invariantResponse } from "~/lib/responses.server";

// Only coaches write announcements: families do not download the form.
const AnnouncementForm = lazyComponent(() => import("~/components/announcement-form").then((mod) => mod.AnnouncementForm));

export const handle: PageHandle = { documentForVisitors: true };

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) =>
  loaderData
    ? [
        ...pageMeta(loaderData.page, { matches, location }),
        { tagName: "link", rel: "alternate", type: "application/atom+xml", title: loaderData.page.heading, href: localHref("/general/feed.xml") },
      ]
    : [];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getUser(request, context);
  const posts = await getAnnouncements(context.db);
  const tz = context.config.site.timeZone;
  const locale = getLocale();
  return {
    page: pageWords("general"),
    canEdit: isCoach(user),
    posts: posts.map((p) => {
      const { html, lang, fallback } = renderPostBody(p, locale);
      return {
        id: p.id,
        title: inReaderLanguage({ en: p.title, es: p.titleEs }, locale),
        pinned: p.pinned,
        date: formatDateIn(p.publishedAt, tz),
        iso: p.publishedAt.toISOString(),
        body: { html, lang, fallback },
      };
    }),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const coach = await requireCoach(request, context);
  const form = await request.formData();
  invariantResponse(form.get("intent") === "create", "Unknown action");
  const { input, failure } = readAnnouncementForm(form);
  if (!input) return failure;
  const id = await createAnnouncement(context.db, input, coach.id);
  throw await redirectWithToast(context, `/general/${id}`, { title: m.calendar_news_published(), type: "success" });
}

export default function General({ loaderData, actionData }: Route.ComponentProps) {
  const { page, posts, canEdit } = loaderData;
  return (
    <>
      <PageHeader heading={page.heading} intro={page.description} />
      {canEdit ? (
        <div className="mx-auto max-w-7xl px-4 pt-10">
          <Suspense fallback={null}>
            <AnnouncementForm
              intent="create"
              heading={m.calendar_news_new()}
              submitLabel={m.calendar_news_publish()}
              result={actionData as AnnouncementFormResult | undefined}
            />
          </Suspense>
        </div>
      ) : null}
      <Section title={m.calendar_news_latest()} id="news">
        <p className="mb-6 text-slate-700">
          <a href={localHref("/general/feed.xml")} className="font-medium text-court-800 underline">
            {m.calendar_news_feed_link()}
          </a>
        </p>
        {posts.length === 0 ? <p className="text-slate-700">{m.calendar_news_none()}</p> : null}
        <ol className="space-y-6">
          {posts.map((a) => (
            <li key={a.id}>
              <article aria-labelledby={`post-${a.id}`} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
                <p className="flex items-center gap-2 text-sm font-semibold uppercase tracking-wide text-court-800">
                  {a.pinned ? (
                    <span className="inline-flex items-center gap-1 rounded-full bg-ball-300 px-2 py-0.5 text-navy-900">
                      <Pin aria-hidden className="size-3" /> {m.calendar_news_pinned()}
                    </span>
                  ) : null}
                  <time dateTime={a.iso}>{a.date}</time>
                  <InEnglishMark of={[a.title, a.body]} />
                </p>
                <h3 id={`post-${a.id}`} className="mt-1 text-xl font-semibold text-navy-900">
                  <Link to={localHref(`/general/${a.id}`)} className="hover:underline">
                    <Typed value={a.title} />
                  </Link>
                </h3>
                <div
                  lang={a.body.fallback ? a.body.lang : undefined}
                  className="prose-post mt-2 text-slate-700"
                  dangerouslySetInnerHTML={{ __html: a.body.html }}
                />
              </article>
            </li>
          ))}
        </ol>
      </Section>
    </>
  );
}
