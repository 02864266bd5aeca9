// Safe Play's quiet hours as the configuration gives them (QUIET_HOURS, "20:00-08:00"). Nothing else imported: the
// configuration is read by `npm start` before the site (and its language catalog) is built, in a fresh clone too.
export type QuietHours = { start: number; end: number };

const CLOCK = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** "20:00-08:00" as minutes since midnight; null when it is not two 24-hour times that differ. */
export function parseQuietHours(text: string): QuietHours | null {
  const [from, to, ...rest] = text.split("-").map((s) => s.trim());
  const a = CLOCK.exec(from ?? "");
  const b = CLOCK.exec(to ?? "");
  if (!a || !b || rest.length) return null;
  const start = Number(a[1]) * 60 + Number(a[2]);
  const end = Number(b[1]) * 60 + Number(b[2]);
  return start === end ? null : { start, end };
}
