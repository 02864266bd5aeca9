// The coach's confirmation before deleting a testimonial (see DeleteTestimonial in testimonials-section.tsx).
import { Trash2 } from "lucide-react";
import { AlertDialog } from "radix-ui";
import { useState } from "react";
import { useFetcher } from "react-router";
import { buttonClass } from "~/components/ui/button";
import type { Testimonial } from "~/testimonials/rules";
import type { TestimonialAnswer } from "~/testimonials/schemas";
import { localHref } from "~/i18n/locale";
import { m } from "~/paraglide/messages";

export function DeleteTestimonialDialog({ testimonial, label, fetcherKey }: { testimonial: Testimonial; label: string; fetcherKey: string }) {
  const fetcher = useFetcher<TestimonialAnswer>({ key: fetcherKey });
  const [open, setOpen] = useState(false);
  const busy = fetcher.state !== "idle";
  return (
    <AlertDialog.Root open={open} onOpenChange={setOpen}>
      <AlertDialog.Trigger aria-label={label} disabled={busy} className={buttonClass("ghost", "-my-2 px-2 text-red-700 hover:bg-red-50")}>
        <Trash2 aria-hidden className="size-4" />
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <AlertDialog.Content className="fixed left-1/2 top-1/2 z-50 w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl">
          <AlertDialog.Title className="text-lg font-bold text-slate-900">{m.help_testimonial_delete_title()}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-slate-700">
            {m.help_testimonial_delete_text({ name: testimonial.name })}
          </AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-3">
            <AlertDialog.Cancel className={buttonClass("secondary")}>{m.help_testimonial_delete_cancel()}</AlertDialog.Cancel>
            <AlertDialog.Action
              className={buttonClass("danger")}
              onClick={() =>
                fetcher.submit({ intent: "delete", id: testimonial.id, via: "fetcher" }, { method: "post", action: localHref("/testimonials") })
              }
            >
              {m.help_testimonial_delete_confirm()}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
