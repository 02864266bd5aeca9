import { Link } from "react-router";
import { localHref } from "~/i18n/locale";
import { ClientBadges, type ClientLabelWords } from "~/components/client-label";
import { formatMonthDay } from "~/lib/datetime";
import { andList, initialOf } from "~/messaging/core";
import { useOrgTimeZone } from "~/lib/use-org-time-zone";
import type { ConversationSummary } from "~/messaging/core";
import { m } from "~/paraglide/messages";
import { displayableEmail } from "~/lib/displayable-address";

/** "with Sofia, 15": whose thread a guardian's card is (their own children in it). */
export function childrenLine(children: ConversationSummary["children"]): string | null {
  if (children.length === 0) return null;
  const each = children.map((ch) => (ch.age === null ? ch.firstName : `${ch.firstName}, ${ch.age}`));
  return m.messaging_card_with({ names: andList(each, undefined, "; ") });
}

/**
 * One row of /messages: the other participant, the last message and its date. A guardian's card says whose thread it
 * is ("with Sofia, 15": theirs alone with a coach, or their child's); a coach's says what the client is.
 */
export function ConversationCard({ conversation: c, labels }: { conversation: ConversationSummary; labels: ClientLabelWords }) {
  const zone = useOrgTimeZone();
  const name = c.other?.fullName || c.title || m.messaging_heading_conversation();
  const last = c.lastMessage;
  const lastText = last ? (last.messageType === "text" ? last.content : m.messaging_card_file({ name: last.content })) : "";
  const withWhom = childrenLine(c.children);
  return (
    <Link
      to={localHref(`/messages/${c.id}`)}
      className="flex gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition-colors hover:border-court-600 hover:bg-court-50"
    >
      <span aria-hidden className="grid size-11 shrink-0 place-items-center rounded-full bg-court-700 text-lg font-bold text-white">
        {initialOf(name)}
      </span>
      <span className="min-w-0 flex-1">
        <span className="flex items-baseline justify-between gap-2">
          <span className="truncate font-semibold text-slate-900">{name}</span>
          {last ? (
            <time dateTime={last.createdAt} className="shrink-0 text-sm text-slate-600">
              {formatMonthDay(last.createdAt, zone)}
            </time>
          ) : null}
        </span>
        <span className="mt-0.5 flex flex-wrap items-center gap-x-3 text-sm text-slate-700">
          <span>{c.other ? (c.other.role === "coach" ? m.messaging_role_coach() : m.messaging_role_client()) : m.messaging_role_user()}</span>
          {withWhom ? <span className="font-semibold text-slate-900">{withWhom}</span> : null}
          {c.otherLabel ? <ClientBadges label={c.otherLabel} words={labels} /> : null}
          {c.other?.phone ? <span>{c.other.phone}</span> : null}
          {displayableEmail(c.other?.email) ? <span className="truncate">{c.other?.email}</span> : null}
        </span>
        {lastText ? <span className="mt-1 block truncate text-sm text-slate-800">{lastText}</span> : null}
      </span>
      {c.unread > 0 ? (
        <span className="self-center rounded-full bg-court-700 px-2 py-0.5 text-xs font-bold text-white">
          {c.unread}
          <span className="sr-only">{m.messaging_card_unread()}</span>
        </span>
      ) : null}
    </Link>
  );
}
