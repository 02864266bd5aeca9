// A file's size as a person reads it, in the reader's language (issue 41's review): "1.5 MB" in English and "1,5 MB"
// in Spanish (a decimal comma: INTL_LOCALE's es-US writes a point, which reads wrong to most Spanish readers). Every
// size shown (messages' attachments, report cards) is written here. Runs in the browser too.
import { getLocale, type Locale } from "~/i18n/language";

const NUMBER_LOCALE: Record<Locale, string> = { en: "en-US", es: "es" };

/**
 * `bytes` in B, KB or MB with one decimal ("2.0 KB", "1,5 MB"); `wholeKilobytes` rounds kilobytes to a whole number
 * of at least 1 ("120 KB"), for lists where a tenth of a kilobyte says nothing.
 */
export function fileSizeText(bytes: number, options: { locale?: Locale; wholeKilobytes?: boolean } = {}): string {
  const locale = options.locale ?? getLocale();
  const number = (value: number, digits: number) =>
    new Intl.NumberFormat(NUMBER_LOCALE[locale], { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: false }).format(value);
  if (bytes < 1024 * 1024) {
    if (options.wholeKilobytes) return `${number(Math.max(1, Math.round(bytes / 1024)), 0)} KB`;
    return bytes < 1024 ? `${number(bytes, 0)} B` : `${number(bytes / 1024, 1)} KB`;
  }
  return `${number(bytes / 1024 / 1024, 1)} MB`;
}
