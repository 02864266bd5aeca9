import { ExternalLink } from "lucide-react";
import { embedUrl, watchLabel, watchUrl, type VideoPlatform } from "~/videos/video-url";
import { VideoThumbnail } from "~/videos/video-thumbnail";
import { m } from "~/paraglide/messages";

type PlayerVideo = { platform: VideoPlatform; youtubeId: string | null; sourceUrl: string | null; thumbnailUrl: string | null; title: string };

/** A platform's embedded player filling its positioned parent. */
export function EmbeddedPlayer({ src, title }: { src: string; title: string }) {
  return (
    <iframe
      src={src}
      title={m.calendar_video_player({ title })}
      allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
      allowFullScreen
      referrerPolicy="strict-origin-when-cross-origin"
      className="absolute inset-0 size-full border-0"
    />
  );
}

/**
 * A plain link to the video on its platform ("Watch on YouTube"), shown beside every embedded player: a family on a
 * network that blocks the player still reaches the video. Works without JavaScript.
 */
export function VideoWatchLink({ video, className = "" }: { video: Omit<PlayerVideo, "thumbnailUrl" | "title">; className?: string }) {
  const href = watchUrl(video);
  if (!href) return null;
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className={`inline-flex items-center gap-1.5 text-sm font-medium text-court-800 underline hover:text-court-900 ${className}`}
    >
      {watchLabel(video.platform)} <ExternalLink aria-hidden className="size-4" />
    </a>
  );
}

/** The detail page's player: YouTube and Facebook play embedded and start by themselves; others link out. */
export function VideoPlayer({ video, title }: { video: PlayerVideo; title: string }) {
  const src = embedUrl(video, { autoplay: true });
  return (
    <>
      <div className="relative aspect-video w-full overflow-hidden rounded-lg bg-slate-900 shadow">
        {src ? (
          <EmbeddedPlayer src={src} title={title} />
        ) : (
          <>
            <VideoThumbnail video={video} className="opacity-60" />
            {video.sourceUrl ? (
              <a
                href={video.sourceUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="absolute inset-0 grid place-items-center text-lg font-semibold text-white underline"
              >
                <span className="inline-flex items-center gap-2 rounded-md bg-navy-800/90 px-4 py-2">
                  {watchLabel(video.platform)} <ExternalLink aria-hidden className="size-5" />
                </span>
              </a>
            ) : null}
          </>
        )}
      </div>
      {src ? <VideoWatchLink video={video} className="mt-2" /> : null}
    </>
  );
}
