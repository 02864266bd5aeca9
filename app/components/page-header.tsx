import type { ReactNode } from "react";

/** The band at the top of an information page: its one h1 and an optional lead paragraph. */
export function PageHeader({ heading, intro, children }: { heading: string; intro?: string | undefined; children?: ReactNode }) {
  return (
    <div className="bg-gradient-to-br from-court-800 to-navy-800 text-white">
      <div className="mx-auto max-w-7xl px-4 py-14">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{heading}</h1>
        {intro ? <p className="mt-3 max-w-3xl text-lg text-slate-100">{intro}</p> : null}
        {children}
      </div>
    </div>
  );
}
