/** The part of the server's configuration the browser may see (server/config.ts fills it in). */
export type SiteConfig = {
  orgName: string;
  phone: string;
  email: string;
  /** An external calendar to embed on /calendar, or null for the organisation's own schedule. */
  calendarUrl: string | null;
  /** IANA zone every date and time is shown in (ORG_TIME_ZONE). */
  timeZone: string;
  googleEnabled: boolean;
};
