import { ArrowLeft, CalendarDays, Clock, Eye } from "lucide-react";
import { localHref, pathWithoutLocale } from "~/i18n/locale";
import { Link, useNavigation } from "react-router";
import type { Route } from "./+types/video.$videoId";
import { getUser, isCoach, requireCoach } from "~/auth/index.server";
import { buttonClass } from "~/components/ui/button";
import { VideoCard, videoTitle } from "~/videos/video-card";
import { VideoDetailSkeleton } from "~/videos/video-detail-skeleton";
import { VideoEditForm, type VideoPageActionResult } from "~/videos/video-edit-form";
import { VideoPlayer } from "~/videos/video-player";
import { pageWords } from "~/content/words.server";
import { m } from "~/paraglide/messages";
import { dayInZone } from "~/lib/datetime";
import { pageMeta } from "~/lib/meta";
import { redirectWithToast } from "~/lib/toast.server";
import { formatDuration, formatPublishedDate, formatViewCount } from "~/videos/video-format";
import { readVideoForm, type AddVideoValues } from "~/videos/schemas";
import { refused, type FieldErrors } from "~/lib/forms";
import { videoPath } from "~/videos/video-url";
import { fetchYouTubeDetails } from "~/videos/index.server";
import {
  deleteVideo,
  DuplicateVideoError,
  getRandomOtherVideos,
  getVideoByRouteId,
  getVideoIdBySource,
  getVideoSource,
  updateVideo,
  videoDetailFields,
  videoFieldsFromForm,
  type VideoChanges,
} from "~/videos/index.server";
import { GeneralErrorBoundary, thrownMessage } from "~/components/general-error-boundary";
import { badRequest, notFound } from "~/lib/responses.server";

/** Why the page is missing, in the page's language. */
const notFoundMessage = () => m.calendar_video_not_found_message();

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return pageMeta({ title: `${m.calendar_video_not_found_title()} | NLTE`, description: notFoundMessage() });
  const { video, page } = loaderData;
  return pageMeta({ title: `${videoTitle(video)} | NLTE`, description: video.description?.slice(0, 160) || page.description });
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await getUser(request, context);
  const video = await getVideoByRouteId(context.db, params.videoId.slice(0, 200));
  if (!video) notFound(notFoundMessage());
  const others = await getRandomOtherVideos(context.db, video.id, 3);
  // Only coaches get the edit form, filled with what is saved.
  const edit = isCoach(user) ? { saved: savedValues(video), today: dayInZone(new Date(), context.config.site.timeZone) } : null;
  return { page: pageWords("video"), video, others, edit };
}

function savedValues(video: NonNullable<Awaited<ReturnType<typeof getVideoByRouteId>>>): AddVideoValues {
  return {
    platform: video.platform,
    url: video.sourceUrl ?? video.youtubeId ?? "",
    title: video.title,
    description: video.description ?? "",
    category: video.category,
    publishedOn: video.publishedAt ? new Date(video.publishedAt).toISOString().slice(0, 10) : "",
    embedAllowed: video.embedAllowed,
  };
}

/** A coach's edit or delete of this video. Everyone else is refused before anything is read. */
export async function action({ request, params, context }: Route.ActionArgs) {
  await requireCoach(request, context);
  const video = await getVideoByRouteId(context.db, params.videoId.slice(0, 200));
  if (!video) notFound(notFoundMessage());
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "edit") return editVideo(video.id, form, context);
  if (intent === "delete") return removeVideo(video.id, context);
  badRequest();
}

async function editVideo(id: string, form: FormData, context: Route.ActionArgs["context"]) {
  const reading = readVideoForm(form);
  const fail = (status: number, result: { fieldErrors?: FieldErrors; formError?: string }) =>
    refused<AddVideoValues, { intent: "edit" }>({ intent: "edit", values: reading.values, ...result }, status);
  if (!reading.ok) return fail(400, { fieldErrors: reading.fieldErrors });
  const { parsed } = reading;

  const current = await getVideoSource(context.db, id);
  if (!current) notFound(notFoundMessage());
  const sameVideo = current.platform === parsed.platform && current.sourceId === parsed.sourceId;
  let found: boolean;
  try {
    if (!sameVideo) {
      const other = await getVideoIdBySource(context.db, parsed.platform, parsed.sourceId);
      if (other && other !== id) throw new DuplicateVideoError();
    }
    // Another video: the details fetched for the old one no longer apply.
    const details = !sameVideo && parsed.youtubeId ? await fetchYouTubeDetails(context.config.youtube, parsed.youtubeId) : null;
    const changes: VideoChanges = {
      ...videoFieldsFromForm(reading, details, context.config.site.timeZone),
      ...(sameVideo ? {} : videoDetailFields(details)),
    };
    found = await updateVideo(context.db, id, changes);
  } catch (err) {
    if (err instanceof DuplicateVideoError) return fail(409, { fieldErrors: { url: err.message } });
    console.error("Error saving video:", err);
    return fail(500, { formError: m.calendar_video_error_saving() });
  }
  if (!found) notFound(notFoundMessage());
  // A YouTube video's page is named after its YouTube id, which the edit may have changed.
  throw await redirectWithToast(context, videoPath({ id, youtubeId: parsed.youtubeId }), { title: m.calendar_video_saved(), type: "success" });
}

async function removeVideo(id: string, context: Route.ActionArgs["context"]) {
  try {
    await deleteVideo(context.db, id);
  } catch (err) {
    console.error("Error deleting video:", err);
    return refused<AddVideoValues, { intent: "delete" }>({ intent: "delete", formError: m.calendar_video_error_deleting() }, 500);
  }
  throw await redirectWithToast(context, "/vlog", { title: m.calendar_video_deleted(), type: "success" });
}

function BackToVideos() {
  return (
    <Link to={localHref("/blog")} className={buttonClass("secondary")}>
      <ArrowLeft aria-hidden className="size-4" /> {m.calendar_video_back()}
    </Link>
  );
}

export default function VideoPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  if (navigation.state === "loading" && pathWithoutLocale(navigation.location.pathname).startsWith("/video/")) return <VideoDetailSkeleton />;
  const { video, others, edit } = loaderData;
  const title = videoTitle(video);
  const views = formatViewCount(video.viewCount);
  const date = formatPublishedDate(video.publishedAt);
  const duration = formatDuration(video.duration);

  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <BackToVideos />
      <div className="mt-6">
        <VideoPlayer key={video.id} video={video} title={title} />
      </div>
      <h1 className="mt-6 text-2xl font-bold text-slate-900 sm:text-3xl">{title}</h1>
      <dl className="mt-3 flex flex-wrap gap-x-6 gap-y-2 text-sm text-slate-700">
        {views ? (
          <MetaItem icon={Eye} label={m.calendar_video_views_label()}>
            {views}
          </MetaItem>
        ) : null}
        {date ? (
          <MetaItem icon={CalendarDays} label={m.calendar_video_published()}>
            <time dateTime={new Date(video.publishedAt!).toISOString()}>{date}</time>
          </MetaItem>
        ) : null}
        {duration ? (
          <MetaItem icon={Clock} label={m.calendar_video_duration()}>
            {duration}
          </MetaItem>
        ) : null}
        {video.channelTitle ? (
          <div className="flex items-center gap-1.5">
            <dt className="sr-only">{m.calendar_video_channel()}</dt>
            <dd className="font-medium">{video.channelTitle}</dd>
          </div>
        ) : null}
      </dl>
      {video.description ? <p className="mt-6 whitespace-pre-line text-slate-800">{video.description}</p> : null}
      {edit ? <VideoEditForm saved={edit.saved} today={edit.today} result={actionData as VideoPageActionResult | undefined} /> : null}

      {others.length > 0 ? (
        <section aria-labelledby="more-videos" className="mt-12">
          <h2 id="more-videos" className="text-xl font-bold text-slate-900">
            {m.calendar_video_more()}
          </h2>
          <ul className="mt-4 grid gap-4">
            {others.map((v) => (
              <li key={v.id}>
                <VideoCard video={{ ...v, embedAllowed: false }} canEdit={false} headingLevel={3} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

export function ErrorBoundary({ params }: Route.ErrorBoundaryProps) {
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        404: (error) => (
          <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
            <h1 className="text-3xl font-bold text-slate-900">{m.calendar_video_not_found_title()}</h1>
            <p className="mt-3 text-slate-700">
              {m.calendar_video_id()} <code className="rounded bg-slate-100 px-1.5 py-0.5 text-slate-900">{params.videoId}</code>
            </p>
            <p role="alert" className="mt-2 text-slate-700">
              {thrownMessage(error) ?? m.calendar_video_not_found_text()}
            </p>
            <div className="mt-6">
              <BackToVideos />
            </div>
          </div>
        ),
      }}
    />
  );
}

/** One fact under the video's title: an icon standing for its name, and the value. */
function MetaItem({ icon: Icon, label, children }: { icon: typeof Eye; label: string; children: React.ReactNode }) {
  return (
    <div className="flex items-center gap-1.5">
      <dt>
        <Icon aria-hidden className="size-4" />
        <span className="sr-only">{label}</span>
      </dt>
      <dd>{children}</dd>
    </div>
  );
}
