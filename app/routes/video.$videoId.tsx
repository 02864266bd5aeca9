import { ArrowLeft, CalendarDays, Clock, Eye } from "lucide-react";
import { data, Link, useNavigation } from "react-router";
import type { Route } from "./+types/video.$videoId";
import { buttonClass } from "~/components/ui/button";
import { VideoCard, videoTitle } from "~/components/video-card";
import { VideoDetailSkeleton } from "~/components/video-detail-skeleton";
import { VideoPlayer } from "~/components/video-player";
import { PAGES } from "~/content/pages";
import { pageMeta } from "~/lib/meta";
import { formatDuration, formatPublishedDate, formatViewCount } from "~/lib/video-format";
import { getRandomOtherVideos, getVideoByRouteId } from "~/models/videos.server";
import { GeneralErrorBoundary, thrownMessage } from "~/components/general-error-boundary";

export const NOT_FOUND_MESSAGE = "This video does not exist or has been removed.";

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return pageMeta({ title: "Video Not Found | NLTE", description: PAGES.video.description });
  const { video } = loaderData;
  return pageMeta({ title: `${videoTitle(video)} | NLTE`, description: video.description?.slice(0, 160) || PAGES.video.description });
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const video = await getVideoByRouteId(context.db, params.videoId.slice(0, 200));
  if (!video) throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
  const others = await getRandomOtherVideos(context.db, video.id, 3);
  return { video, others };
}

function BackToVideos() {
  return (
    <Link to="/blog" className={buttonClass("secondary")}>
      <ArrowLeft aria-hidden className="size-4" /> Back to Videos
    </Link>
  );
}

export default function VideoPage({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  if (navigation.state === "loading" && navigation.location.pathname.startsWith("/video/")) return <VideoDetailSkeleton />;
  const { video, others } = loaderData;
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
          <MetaItem icon={Eye} label="Views">
            {views}
          </MetaItem>
        ) : null}
        {date ? (
          <MetaItem icon={CalendarDays} label="Published">
            <time dateTime={new Date(video.publishedAt!).toISOString()}>{date}</time>
          </MetaItem>
        ) : null}
        {duration ? (
          <MetaItem icon={Clock} label="Duration">
            {duration}
          </MetaItem>
        ) : null}
        {video.channelTitle ? (
          <div className="flex items-center gap-1.5">
            <dt className="sr-only">Channel</dt>
            <dd className="font-medium">{video.channelTitle}</dd>
          </div>
        ) : null}
      </dl>
      {video.description ? <p className="mt-6 whitespace-pre-line text-slate-800">{video.description}</p> : null}

      {others.length > 0 ? (
        <section aria-labelledby="more-videos" className="mt-12">
          <h2 id="more-videos" className="text-xl font-bold text-slate-900">
            More Videos
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
            <h1 className="text-3xl font-bold text-slate-900">Video Not Found</h1>
            <p className="mt-3 text-slate-700">
              Video ID: <code className="rounded bg-slate-100 px-1.5 py-0.5 text-slate-900">{params.videoId}</code>
            </p>
            <p role="alert" className="mt-2 text-slate-700">
              {thrownMessage(error) ?? "We could not find this video."}
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
