import { Play } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "react-router";
import { useEmbedToggle, VideoEmbedToggle } from "~/videos/video-embed-toggle";
import { useHoverPreview, VideoHoverPreview } from "~/videos/video-hover-preview";
import { VideoThumbnail } from "~/videos/video-thumbnail";
import { EmbeddedPlayer, VideoWatchLink } from "~/videos/video-player";
import { formatPublishedDate, videoCategoryName } from "~/videos/video-format";
import { embedUrl, videoPath, type VideoPlatform } from "~/videos/video-url";
import { localHref } from "~/i18n/locale";
import { m } from "~/paraglide/messages";

export type CardVideo = {
  id: string;
  platform: VideoPlatform;
  youtubeId: string | null;
  sourceUrl: string | null;
  title: string;
  description: string | null;
  category: string;
  publishedAt: Date | string | null;
  embedAllowed: boolean;
  featured: boolean;
  thumbnailUrl: string | null;
};

export const videoTitle = (v: { title: string }) => v.title.trim() || m.calendar_video_untitled();

/** A video in the list: the full card with an inline player when embedding is allowed, else the skinny card. */
export function VideoCard({ video, canEdit, headingLevel = 2 }: { video: CardVideo; canEdit: boolean; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 3 ? "h3" : "h2";
  const toggle = useEmbedToggle(video);
  const titleId = useId();
  const title = videoTitle(video);
  const full = toggle.embedAllowed;
  const date = formatPublishedDate(video.publishedAt);
  const { previewing, handlers } = useHoverPreview(video.youtubeId);

  return (
    <article
      aria-labelledby={titleId}
      data-layout={full ? "full" : "skinny"}
      className={`flex overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm ${full ? "flex-col sm:col-span-1" : "flex-row items-start"}`}
    >
      <div
        {...handlers}
        className={`relative shrink-0 bg-slate-900 ${full ? "aspect-video w-full" : "m-3 mr-0 aspect-video w-32 overflow-hidden rounded sm:w-40"}`}
      >
        {full ? (
          <InlinePlayerArea video={video} title={title} previewing={previewing} />
        ) : (
          <>
            <VideoThumbnail video={video} />
            {previewing && video.youtubeId ? <VideoHoverPreview youtubeId={video.youtubeId} title={title} /> : null}
            <Link to={localHref(videoPath(video))} tabIndex={-1} aria-hidden="true" className="absolute inset-0" />
          </>
        )}
      </div>
      <div className={`flex min-w-0 flex-1 flex-col gap-2 ${full ? "p-4" : "p-3"}`}>
        <Heading id={titleId} className={`font-semibold text-slate-900 ${full ? "text-lg" : "text-base"}`}>
          <Link to={localHref(videoPath(video))} className="hover:text-court-800 hover:underline" prefetch="intent">
            {title}
          </Link>
        </Heading>
        <p className="flex flex-wrap items-center gap-x-2 text-sm text-slate-600">
          {video.featured ? (
            <span className="rounded bg-ball-400 px-1.5 py-0.5 text-xs font-bold text-navy-900">{m.calendar_video_featured()}</span>
          ) : null}
          <span className="capitalize">{videoCategoryName(video.category)}</span>
          {date ? (
            <span className="whitespace-nowrap">
              <span aria-hidden className="mr-2">
                ·
              </span>
              <time dateTime={new Date(video.publishedAt!).toISOString()}>{date}</time>
            </span>
          ) : null}
        </p>
        {full && video.description ? <p className="line-clamp-3 text-sm text-slate-700">{video.description}</p> : null}
        {full && embedUrl(video) ? <VideoWatchLink video={video} className="self-start" /> : null}
        {canEdit ? (
          <div className="mt-auto flex items-center justify-end gap-2 pt-1">
            <Link
              to={localHref(`${videoPath(video)}#edit-video`)}
              aria-label={m.calendar_video_edit_named({ title })}
              className="rounded-md border border-slate-400 bg-white px-2.5 py-1 text-xs font-semibold text-slate-800 hover:bg-slate-100"
            >
              {m.calendar_edit()}
            </Link>
            <VideoEmbedToggle video={{ id: video.id, title }} toggle={toggle} />
          </div>
        ) : null}
      </div>
    </article>
  );
}

/** The full card's picture: a thumbnail with a play button that swaps in the player, in place. */
function InlinePlayerArea({ video, title, previewing }: { video: CardVideo; title: string; previewing: boolean }) {
  const [playing, setPlaying] = useState(false);
  const src = embedUrl(video, { autoplay: true });
  if (playing && src) {
    return <EmbeddedPlayer src={src} title={title} />;
  }
  return (
    <>
      <VideoThumbnail video={video} />
      {previewing && video.youtubeId ? <VideoHoverPreview youtubeId={video.youtubeId} title={title} /> : null}
      {src ? (
        <button
          type="button"
          onClick={() => setPlaying(true)}
          className="group absolute inset-0 grid place-items-center focus-visible:outline-4 focus-visible:outline-offset-[-4px] focus-visible:outline-ball-400"
        >
          <span className="grid size-14 place-items-center rounded-full bg-white/90 text-court-800 shadow-lg transition-transform group-hover:scale-110">
            <Play aria-hidden className="ml-1 size-7 fill-current" />
          </span>
          <span className="sr-only">{m.calendar_video_play({ title })}</span>
        </button>
      ) : (
        <Link to={localHref(videoPath(video))} tabIndex={-1} aria-hidden="true" className="absolute inset-0" />
      )}
    </>
  );
}
