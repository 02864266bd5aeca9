import { useRouteLoaderData } from "react-router";
import { DEFAULT_TIME_ZONE } from "~/lib/datetime";

type RootData = { site?: { timeZone?: string } } | undefined;

/** The organisation's time zone (ORG_TIME_ZONE), the same in the server's render and in the browser. */
export function useOrgTimeZone(): string {
  const root = useRouteLoaderData("root") as RootData;
  return root?.site?.timeZone ?? DEFAULT_TIME_ZONE;
}
