// The one way a loader or action stops a request (decision 0077): a status, and perhaps the words the page's error
// boundary shows (thrownMessage in general-error-boundary.tsx reads `error`), always in the one body shape StopBody.
// Lint refuses `throw data(` anywhere else (eslint-rules/one-way-to-stop.js). A refused form is not stopped: it is
// answered with its fields' messages (refused() in app/lib/forms.ts). Redirects that say something go through
// redirectWithToast (toast.server.ts).
import { data } from "react-router";

/** What a stopped request answers: the words for the person, when the page has any of its own to give. */
export type StopBody = { error?: string };

/** Stops the request with `status`, and `error` for the error boundary to show where the page shows a reason. */
export function stopRequest(status: number, error?: string): never {
  const body: StopBody = error === undefined ? {} : { error };
  throw data(body, { status });
}

/** Stops with 400 (a request the page never sends: an unknown intent, a missing id) unless `condition` holds. */
export function invariantResponse(condition: unknown, error?: string, status = 400): asserts condition {
  if (!condition) stopRequest(status, error);
}

/** 400: a request no form of the page sends (an unknown intent). */
export function badRequest(error?: string): never {
  return stopRequest(400, error);
}

/** 403: the person is signed in but may not do or see this. */
export function forbidden(error?: string): never {
  return stopRequest(403, error);
}

/** 404: nothing is at this address (or, to someone who may not know it exists, it is as if nothing were). */
export function notFound(error?: string): never {
  return stopRequest(404, error);
}
