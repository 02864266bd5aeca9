// How a page shows what coaches typed, once app/lib/typed-content.ts has chosen the version for the reader: the
// English standing in for a missing Spanish is wrapped in lang="en" (screen readers then pronounce it as English)
// and marked "En inglés" where the reader sees it. Plain markup: visitors' documents use it without React.
import type { TypedText } from "~/lib/typed-content";
import { m } from "~/paraglide/messages";

/** A typed text; an English fallback is wrapped in lang="en". */
export function Typed({ value }: { value: TypedText | null | undefined }) {
  if (!value) return null;
  return value.fallback ? <span lang={value.lang}>{value.text}</span> : <>{value.text}</>;
}

/**
 * The visible mark "En inglés" (after a space) when any of the texts is an English fallback; nothing otherwise. Takes
 * anything that says whether it fell back (a rendered Markdown body too).
 */
export function InEnglishMark({ of, className = "" }: { of: Array<{ fallback: boolean } | null | undefined>; className?: string }) {
  if (!of.some((t) => t?.fallback)) return null;
  return (
    <>
      {" "}
      <span
        className={`inline-block rounded-full border border-slate-300 bg-slate-100 px-2 py-0.5 align-middle text-xs font-semibold normal-case tracking-normal text-slate-800 ${className}`}
      >
        {m.calendar_in_english()}
      </span>
    </>
  );
}
