// A guardian's mobile phone as the site keeps it (issue 39, decision 0051): one form per number, so a coach reads and
// taps the same thing everywhere and two spellings of one number are one number. Pure: the browser and the server
// share it (the server decides, through the account forms' schemas in app/auth/schemas.ts).
// - A North American number (10 digits, or 11 starting with 1, or +1 ...) is kept as "(202) 555-0123"; its area code
//   and exchange start with 2-9, as every such number's do.
// - Any other country's number is written with + (or 00) and its country code, 8 to 15 digits in all (E.164), and is
//   kept as "+" and its digits.
// - Anything else (7 digits with no area code, letters, an extension) is not a number a coach can call from the
//   roster: null, and the form says so beside the field.

const NANP = /^([2-9][0-9]{2})([2-9][0-9]{2})([0-9]{4})$/;

/** The number as the site keeps it, or null when it is not one a coach could call. */
export function normalisePhone(raw: string): string | null {
  const value = raw.trim();
  if (!/^(\+|00)?[0-9().\-\s]+$/.test(value)) return null;
  const international = value.startsWith("+") || value.startsWith("00");
  let digits = value.replace(/[^0-9]/g, "");
  if (value.startsWith("00")) digits = digits.slice(2);
  if (international && !digits.startsWith("1")) return digits.length >= 8 && digits.length <= 15 ? `+${digits}` : null;
  if (digits.length === 11 && digits.startsWith("1")) digits = digits.slice(1);
  const us = NANP.exec(digits);
  return us ? `(${us[1]}) ${us[2]}-${us[3]}` : null;
}

/** A phone number as a tel: address (its digits and a leading +), for a link a phone dials on a tap. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^0-9+]/g, "")}`;
}
