import type { ReactNode } from "react";

/** A titled band of an information page. `id` doubles as the heading's anchor. */
export function Section({
  title,
  id,
  children,
  className = "",
  intro,
}: {
  title: string;
  id?: string;
  children: ReactNode;
  className?: string;
  intro?: string;
}) {
  const headingId = id ? `${id}-heading` : undefined;
  return (
    <section aria-labelledby={headingId} className={`mx-auto max-w-7xl px-4 py-10 ${className}`}>
      <h2 id={headingId} className="text-2xl font-bold tracking-tight text-navy-900 sm:text-3xl">
        {title}
      </h2>
      {intro ? <p className="mt-2 max-w-3xl text-slate-700">{intro}</p> : null}
      <div className="mt-6">{children}</div>
    </section>
  );
}

export function Card({ children, className = "" }: { children: ReactNode; className?: string }) {
  return <div className={`rounded-xl border border-slate-200 bg-white p-6 shadow-sm ${className}`}>{children}</div>;
}
