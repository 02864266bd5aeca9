// The conversation page's list of the messages kept for the end of quiet hours (issue 39). Most conversations have
// none, so the page loads this where it shows (lazyComponent, decision 0023). It is a module of its own because the
// roster's message form imports the list itself (scheduled-list.tsx) statically: a page that imports a module lazily
// while another imports it statically gets a build warning, and the lazy import splits nothing off.
import { ScheduledList, type ScheduledItem } from "~/messaging/scheduled-list";

export function KeptMessageList({ items }: { items: ScheduledItem[] }) {
  return <ScheduledList items={items} busy={false} className="border-t border-slate-200 px-4 py-2" />;
}
