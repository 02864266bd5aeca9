import { X } from "lucide-react";
import { localHref } from "~/i18n/locale";
import { Dialog } from "radix-ui";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { ClientBadges, ConfirmFamilyLink, type ClientLabelWords } from "~/components/client-label";
import { m } from "~/paraglide/messages";
import type { Participant } from "~/messaging/core";
import type { ClientLabel } from "~/safe-play/safe-play";
import { personName } from "~/lib/displayable-address";

type Client = Pick<Participant, "id" | "fullName" | "email" | "phone"> & { label?: ClientLabel | null };

/** Coaches' 'New Conversation': pick a client; an existing conversation with them is opened instead of a new one. */
export function NewConversationDialog({ clients, labels, children }: { clients: Client[]; labels: ClientLabelWords; children: ReactNode }) {
  return (
    <Dialog.Root>
      <Dialog.Trigger asChild>{children}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl">
          <Dialog.Title className="text-xl font-bold text-slate-900">{m.messaging_new_conversation()}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-700">{m.messaging_new_description()}</Dialog.Description>
          <Dialog.Close aria-label={m.messaging_close()} className="absolute right-3 top-3 rounded-md p-1 text-slate-600 hover:bg-slate-100">
            <X aria-hidden className="size-5" />
          </Dialog.Close>
          <ul className="mt-4 max-h-60 overflow-y-auto rounded-md border border-slate-200" aria-label={m.messaging_clients_label()} tabIndex={-1}>
            {clients.length === 0 ? <li className="p-4 text-sm text-slate-700">{m.messaging_no_clients()}</li> : null}
            {clients.map((c) => (
              <li key={c.id} className="border-b border-slate-100 last:border-b-0">
                <Form method="post" action={localHref("/messages")}>
                  <input type="hidden" name="intent" value="start" />
                  <input type="hidden" name="clientId" value={c.id} />
                  <button type="submit" className="flex w-full flex-col items-start px-4 py-3 text-left hover:bg-court-50 focus-visible:bg-court-50">
                    <span className="font-medium text-slate-900">{personName(c)}</span>
                    {c.phone ? <span className="text-sm text-slate-700">{c.phone}</span> : null}
                    <ClientBadges label={c.label} words={labels} className="mt-1" />
                  </button>
                </Form>
                <ConfirmFamilyLink label={c.label} words={labels} className="mb-3 ml-4 inline-block" />
              </li>
            ))}
          </ul>
          <div className="mt-4 flex justify-end">
            <Dialog.Close asChild>
              <Button variant="secondary">{m.messaging_cancel()}</Button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
