import { Pin } from "lucide-react";
import { localHref } from "~/i18n/locale";
import { Link } from "react-router";
import type { Route } from "./+types/general";
import type { AnnouncementFormResult } from "~/components/announcement-form";
import { lazyComponent } from "~/lib/lazy-component";
import { Suspense } from "react";
import { PageHeader } from "~/components/page-header";
import { Section } from "~/components/public/section";
import { buttonClass } from "~/components/ui/button";
import { getUser, isCoach, requireCoach } from "~/auth/index.server";
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
import { readAnnouncementForm } from "~/announcements/index.server";
import { createAnnouncement, getAnnouncementPage } from "~/announcements/index.server";
import { archiveCutoff, generalHref, readGeneralView } from "~/announcements/paging";
import { invariantResponse, notFound } from "~/lib/responses.server";

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
  // The newest first, ten a page; posts older than a year (on the site's clock) under the archive (issue 39).
  const view = readGeneralView(new URL(request.url));
  const { posts, hasOlder, archived } = await getAnnouncementPage(context.db, view, archiveCutoff(context.config.safePlay.clock()));
  if (view.page > 1 && posts.length === 0) notFound();
  const tz = context.config.site.timeZone;
  const locale = getLocale();
  return {
    page: pageWords("general"),
    canEdit: isCoach(user),
    view,
    links: {
      newer: view.page > 1 ? generalHref({ ...view, page: view.page - 1 }) : null,
      older: hasOlder ? generalHref({ ...view, page: view.page + 1 }) : null,
      // The recent list's last page leads to the archive; the archive leads back.
      archive: !view.archive && !hasOlder && archived ? generalHref({ archive: true, page: 1 }) : null,
      latest: view.archive ? generalHref({ archive: false, page: 1 }) : null,
    },
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
  invariantResponse(form.get("intent") === "create", m.calendar_error_unknown_action());
  const { input, failure } = readAnnouncementForm(form);
  if (!input) return failure;
  const id = await createAnnouncement(context.db, input, coach.id);
  throw await redirectWithToast(context, `/general/${id}`, { title: m.calendar_news_published(), type: "success" });
}

export default function General({ loaderData, actionData }: Route.ComponentProps) {
  const { page, posts, canEdit, view, links } = loaderData;
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
      <Section
        title={view.archive ? m.calendar_news_archive_title() : m.calendar_news_latest()}
        id="news"
        intro={view.page > 1 ? m.calendar_news_page({ page: String(view.page) }) : undefined}
      >
        <p className="mb-6 text-slate-700">
          <a href={localHref("/general/feed.xml")} className="font-medium text-court-800 underline">
            {m.calendar_news_feed_link()}
          </a>
        </p>
        {posts.length === 0 ? <p className="text-slate-700">{links.archive ? m.calendar_news_none_recent() : m.calendar_news_none()}</p> : null}
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
        <PostPages links={links} />
      </Section>
    </>
  );
}

/** Plain links between the pages and to the archive: they work without JavaScript. */
function PostPages({ links }: { links: { newer: string | null; older: string | null; archive: string | null; latest: string | null } }) {
  const items = [
    links.newer ? { href: links.newer, label: m.calendar_news_newer(), rel: "prev" } : null,
    links.older ? { href: links.older, label: m.calendar_news_older(), rel: "next" } : null,
    links.archive ? { href: links.archive, label: m.calendar_news_archive_link(), rel: undefined } : null,
    links.latest ? { href: links.latest, label: m.calendar_news_latest_link(), rel: undefined } : null,
  ].filter((i) => i !== null);
  if (items.length === 0) return null;
  return (
    <nav aria-label={m.calendar_news_pages()} className="mt-8">
      <ul className="flex flex-wrap gap-3">
        {items.map((i) => (
          <li key={i.href}>
            <Link to={localHref(i.href)} rel={i.rel} className={buttonClass("secondary")}>
              {i.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
