// Where a coach will need to call the family (issue 39): booking a lesson or an evaluation with no phone on record asks
// for one, with a link to the family page's phone field. A note, never a block: the phone stays optional.
import { Link } from "react-router";
import { localHref } from "~/i18n/locale";
import { m } from "~/paraglide/messages";

export function PhonePrompt() {
  return (
    <p role="note" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-slate-900">
      {m.account_phone_booking_prompt()}{" "}
      <Link to={localHref("/account/family#phone")} className="font-semibold text-court-800 underline">
        {m.account_phone_add_link()}
      </Link>
    </p>
  );
}
