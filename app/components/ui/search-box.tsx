import { Search } from "lucide-react";
import type { ComponentPropsWithRef } from "react";
import { Input } from "./controls";

/**
 * A search box with its magnifying glass drawn inside it (the ui kit, decision 0078). Its label is the page's (an
 * aria-label, or a hidden label tied by id); `className` places the box (its width inside a row).
 */
export function SearchBox({ className, ...input }: Omit<ComponentPropsWithRef<"input">, "type">) {
  return (
    <div className={className ? `relative ${className}` : "relative"}>
      <Search aria-hidden className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-500" />
      <Input type="search" spacing="icon" className="w-full" {...input} />
    </div>
  );
}
