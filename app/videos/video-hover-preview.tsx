import { useEffect, useRef, useState } from "react";
import { previewUrl } from "~/videos/video-url";
import { m } from "~/paraglide/messages";

/** Screens where hovering means something: a mouse or trackpad, on a screen wide enough for a grid. */
const CAN_PREVIEW = "(hover: hover) and (pointer: fine) and (min-width: 768px) and (prefers-reduced-motion: no-preference)";
const HOVER_DELAY_MS = 350;

/**
 * Hovering a card for a moment starts a muted, looping preview. The player is mounted only while the pointer
 * stays, so a page of cards loads no players at all.
 */
export function useHoverPreview(youtubeId: string | null) {
  const [previewing, setPreviewing] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  if (!youtubeId) return { previewing: false, handlers: {} };
  return {
    previewing,
    handlers: {
      onPointerEnter: (e: React.PointerEvent) => {
        if (e.pointerType !== "mouse" || !window.matchMedia(CAN_PREVIEW).matches) return;
        clearTimeout(timer.current);
        timer.current = setTimeout(() => setPreviewing(true), HOVER_DELAY_MS);
      },
      onPointerLeave: () => {
        clearTimeout(timer.current);
        setPreviewing(false);
      },
    },
  };
}

export function VideoHoverPreview({ youtubeId, title }: { youtubeId: string; title: string }) {
  return (
    <iframe
      src={previewUrl(youtubeId)}
      title={m.calendar_video_preview({ title })}
      tabIndex={-1}
      allow="autoplay; encrypted-media"
      referrerPolicy="strict-origin-when-cross-origin"
      className="pointer-events-none absolute inset-0 size-full border-0"
      data-testid="video-preview"
    />
  );
}
