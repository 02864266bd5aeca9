// What a coach sees in place of a photo whose copies are not there: being prepared (the job queue makes them, issue
// 38), or failed and why. With JavaScript the page looks again every few seconds while one is being prepared.
import { useEffect } from "react";
import { useRevalidator } from "react-router";
import { m } from "~/paraglide/messages";

export type PhotoCopiesState = { copies: "preparing" } | { copies: "failed"; problem: string };

export function PhotoCopiesNote({ state, className = "" }: { state: PhotoCopiesState; className?: string }) {
  const failed = state.copies === "failed";
  return (
    <p
      role="status"
      className={`flex items-center justify-center rounded p-3 text-center text-sm ${failed ? "bg-red-50 text-red-800" : "bg-slate-100 text-slate-800"} ${className}`}
    >
      {failed ? m.calendar_photo_copies_failed({ problem: state.problem }) : m.calendar_photo_copies_preparing()}
    </p>
  );
}

/** Reloads the page's data every 3 seconds while `preparing`, so the photo appears without the coach reloading. */
export function useRevalidateWhilePreparing(preparing: boolean) {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!preparing) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, 3000);
    return () => clearInterval(timer);
  }, [preparing, revalidator]);
}
