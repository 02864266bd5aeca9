import type { ReactNode } from "react";
import { isRouteErrorResponse, useRouteError, type ErrorResponse } from "react-router";
import { ErrorFallback } from "~/components/error-fallback";
import { NotFound } from "~/components/not-found";

type StatusHandler = (error: ErrorResponse) => ReactNode;

/**
 * The one error boundary every route uses. A status the route threw on purpose (404, 403 ...) gets the route's own
 * words through `statusHandlers`; anything unexpected shows a calm message, never the error's text: the details
 * are in the server log (handleError in app/entry.server.tsx, which leaves out the message: it may hold what people typed), and in the browser's console for a client-side error.
 */
export function GeneralErrorBoundary({ statusHandlers = {} }: { statusHandlers?: Partial<Record<number, StatusHandler>> }) {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) {
    const handler = statusHandlers[error.status];
    if (handler) return <>{handler(error)}</>;
    if (error.status === 404) return <NotFound />;
    return <ErrorFallback status={error.status} />;
  }
  if (typeof document !== "undefined") console.error(error);
  return <ErrorFallback />;
}

/** The words a route put in a thrown `data({ error: "..." }, { status })`, when it put any. */
export function thrownMessage(error: ErrorResponse): string | undefined {
  const data = error.data as { error?: unknown; message?: unknown } | null | undefined;
  const text = data?.error ?? data?.message;
  return typeof text === "string" ? text : undefined;
}
