// A person's private calendar address (issue 30, decision 0032): the bookings of their family, and a coach's lessons,
// in their own calendar app. On /account/notifications, with every other way the site keeps someone informed. The
// address is shown once, when it is made (only its hash is kept); making a new one ends the old.
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { CardSection } from "~/components/ui/card-section";
import { formatDateTime } from "~/lib/datetime";
import { useOrgTimeZone } from "~/lib/use-org-time-zone";
import { m } from "~/paraglide/messages";
import { Input } from "~/components/ui/controls";

export function FeedSection({ feed, address }: { feed: { since: Date } | null; address: string | null }) {
  const zone = useOrgTimeZone();
  return (
    <CardSection title={m.booking_feed_heading()} id="feed-heading">
      <p>{m.booking_feed_intro()}</p>
      {address ? (
        <div className="mt-3 flex flex-col gap-2" role="status">
          <label htmlFor="feed-address" className="text-sm font-medium text-slate-800">
            {m.booking_feed_address()}
          </label>
          <Input id="feed-address" readOnly value={address} />
          <p className="text-sm text-slate-700">{m.booking_feed_once()}</p>
        </div>
      ) : feed ? (
        <p className="mt-3 text-slate-800">{m.booking_feed_exists({ date: formatDateTime(feed.since, zone) })}</p>
      ) : null}
      <Form method="post" className="mt-3">
        <input type="hidden" name="intent" value="feed" />
        <Button type="submit" variant="secondary">
          {feed || address ? m.booking_feed_reset() : m.booking_feed_make()}
        </Button>
      </Form>
    </CardSection>
  );
}
