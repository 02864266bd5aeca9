import { Mail, MapPin, Phone } from "lucide-react";
import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/contact";
import { telHref } from "~/lib/phone";
import { PageHeader } from "~/components/page-header";
import { HoneypotField, SuccessPanel } from "~/components/public/form-panels";
import { Card } from "~/components/public/section";
import { Button, buttonClass } from "~/components/ui/button";
import { Field, FormError, EmailField, PhoneField, TextAreaField } from "~/components/ui/field";
import { CONTACT } from "~/content/contact.server";
import { pageWords } from "~/content/words.server";
import { getLocale, localHref } from "~/i18n/locale";
import { pageMeta } from "~/lib/meta";
import { m } from "~/paraglide/messages";
import { receivePublicForm } from "~/forms/index.server";
import { ContactSchema } from "~/forms/schemas";
import { createContactMessage } from "~/forms/index.server";
import { useRootData } from "~/root";

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => (loaderData ? pageMeta(loaderData.page, { matches, location }) : []);

export function loader() {
  return { page: pageWords("contact"), words: CONTACT[getLocale()] };
}

export async function action({ request, context }: Route.ActionArgs) {
  return receivePublicForm(request, context, "contact", ContactSchema, (input) => createContactMessage(context.db, input, context));
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const { page, words } = loaderData;
  const site = useRootData()?.site;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === localHref("/contact");
  const failed = actionData && !actionData.ok ? actionData : null;
  const errors = failed?.fieldErrors ?? {};
  const values = failed?.values ?? {};
  return (
    <>
      <PageHeader heading={page.heading} intro={page.description} />
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 lg:grid-cols-[20rem_1fr]">
        <div className="space-y-4">
          {site ? (
            <>
              <Card>
                <h2 className="flex items-center gap-2 font-semibold text-navy-900">
                  <Phone aria-hidden className="size-5 text-court-700" /> {words.phoneTitle}
                </h2>
                <p className="mt-1 text-lg">{site.phone}</p>
                <a href={telHref(site.phone)} className={buttonClass("primary", "mt-3")}>
                  {words.callNow}
                </a>
              </Card>
              <Card>
                <h2 className="flex items-center gap-2 font-semibold text-navy-900">
                  <Mail aria-hidden className="size-5 text-court-700" /> {words.emailTitle}
                </h2>
                <p className="mt-1 break-all text-lg">{site.email}</p>
                <a href={`mailto:${site.email}`} className={buttonClass("secondary", "mt-3")}>
                  {words.emailUs}
                </a>
              </Card>
            </>
          ) : null}
          <Card>
            <h2 className="flex items-center gap-2 font-semibold text-navy-900">
              <MapPin aria-hidden className="size-5 text-court-700" /> {words.locationsTitle}
            </h2>
            <ul className="mt-1 space-y-1 text-slate-700">
              {words.locations.map((l) => (
                <li key={l}>{l}</li>
              ))}
            </ul>
          </Card>
        </div>
        <section aria-labelledby="contact-form-heading">
          <h2 id="contact-form-heading" className="text-2xl font-bold text-navy-900">
            {words.formTitle}
          </h2>
          {actionData?.ok ? (
            <div className="mt-4">
              <SuccessPanel title={m.help_contact_success_title()} text={m.help_contact_success_text()} />
            </div>
          ) : (
            <Form method="post" noValidate className="relative mt-4 grid gap-4 sm:grid-cols-2">
              <Field label={m.help_contact_name()} name="name" autoComplete="name" required defaultValue={values.name} error={errors.name} />
              <EmailField label={m.help_contact_email()} name="email" required defaultValue={values.email} error={errors.email} />
              <PhoneField label={m.help_contact_phone()} name="phone" defaultValue={values.phone} error={errors.phone} className="sm:col-span-2" />
              <div className="sm:col-span-2">
                <TextAreaField label={m.help_contact_message()} name="message" required defaultValue={values.message} error={errors.message} />
              </div>
              <HoneypotField />
              <div className="sm:col-span-2">
                <FormError message={failed?.error} />
              </div>
              <div className="sm:col-span-2">
                <Button type="submit" disabled={busy}>
                  {busy ? m.help_contact_sending() : m.help_contact_submit()}
                </Button>
              </div>
            </Form>
          )}
        </section>
      </div>
    </>
  );
}
