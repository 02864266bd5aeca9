import { useEffect, useRef, useState } from "react";
import { THUMBNAIL_PLACEHOLDER, youTubeThumbnails } from "~/videos/video-url";

type ThumbnailVideo = { youtubeId: string | null; thumbnailUrl: string | null };

/** High quality, then medium, then the local placeholder: the site must look right offline too. */
export function thumbnailSources(video: ThumbnailVideo): string[] {
  const sources: string[] = [];
  if (video.thumbnailUrl) sources.push(video.thumbnailUrl);
  if (video.youtubeId) sources.push(...youTubeThumbnails(video.youtubeId).filter((s) => s !== video.thumbnailUrl));
  sources.push(THUMBNAIL_PLACEHOLDER);
  return sources;
}

export function VideoThumbnail({ video, className = "" }: { video: ThumbnailVideo; className?: string }) {
  const sources = thumbnailSources(video);
  const key = sources.join("|");
  const [state, setState] = useState({ key, index: 0 });
  const index = state.key === key ? state.index : 0;
  const src = sources[Math.min(index, sources.length - 1)]!;
  const imgRef = useRef<HTMLImageElement>(null);

  const next = () => setState((s) => ({ key, index: (s.key === key ? s.index : 0) + 1 }));

  useEffect(() => {
    // An image that failed before the page became interactive fired its error event before React listened.
    const img = imgRef.current;
    if (img && img.complete && img.naturalWidth === 0 && src !== THUMBNAIL_PLACEHOLDER) next();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [src]);

  return (
    <img
      ref={imgRef}
      src={src}
      alt=""
      width={480}
      height={270}
      decoding="async"
      referrerPolicy="no-referrer"
      onError={src === THUMBNAIL_PLACEHOLDER ? undefined : next}
      className={`size-full object-cover ${className}`}
    />
  );
}
