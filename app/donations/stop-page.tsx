// A monthly gift and the one way to stop it (decision 0067): its amount and since when, or the day it was stopped.
// Stopping asks once (the project's confirm control, decision 0049: a dialog with JavaScript, the question in place
// without it) and the server stops nothing unless the post is confirmed. The receipt's link page and a signed-in
// donor's /account/donations show the same card; every word was written by the loader in the reader's language.
import { ConfirmAction } from "~/components/ui/confirm-action";
import { CardSection } from "~/components/ui/card-section";
import { FormError } from "~/components/ui/field";
import type { ActionResult } from "~/lib/form-errors";
import { m } from "~/paraglide/messages";

export const STOP_INTENT = "stop-monthly-gift";

export type MonthlyGiftView = {
  id: string;
  summary: string;
  /** "Stopped on …" once stopped; null while it runs. */
  stopped: string | null;
  question: string;
};

/** The stop form's answer, its `intent` the gift's id: the question to ask first (`confirm`), or why it was not stopped. */
export type StopResult = ActionResult<{ confirm: string }>;

export function MonthlyGiftCard({ gift, actionData, busy }: { gift: MonthlyGiftView; actionData: StopResult | undefined; busy: boolean }) {
  const mine = actionData?.intent === gift.id ? actionData : undefined;
  const headingId = `gift-${gift.id}`;
  return (
    <div className="flex flex-col gap-3 border-t border-slate-200 pt-3 first:border-t-0 first:pt-0">
      <p id={headingId}>{gift.summary}</p>
      {gift.stopped ? (
        <p role="status">{gift.stopped}</p>
      ) : (
        <ConfirmAction
          fields={{ intent: STOP_INTENT, donationId: gift.id }}
          label={m.donations_stop_button()}
          question={gift.question}
          detail={m.donations_stop_detail()}
          confirmLabel={m.donations_stop_confirm()}
          asking={mine?.ok ? mine.confirm : null}
          variant="danger"
          busy={busy}
          describedBy={headingId}
        />
      )}
      <FormError message={mine && !mine.ok ? mine.formError : undefined} />
    </div>
  );
}

export function MonthlyGiftsPage({
  gifts,
  intro,
  empty,
  actionData,
  busy,
}: {
  gifts: MonthlyGiftView[];
  intro: string | null;
  empty: string | null;
  actionData: StopResult | undefined;
  busy: boolean;
}) {
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8">
      <CardSection title={m.donations_stop_heading()}>
        {intro ? <p className="mb-3">{intro}</p> : null}
        {gifts.length === 0 && empty ? <p>{empty}</p> : null}
        <div className="flex flex-col gap-4">
          {gifts.map((g) => (
            <MonthlyGiftCard key={g.id} gift={g} actionData={actionData} busy={busy} />
          ))}
        </div>
      </CardSection>
    </div>
  );
}
