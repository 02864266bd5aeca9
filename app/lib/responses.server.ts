// The one way a loader or action stops with a status the page's error boundary explains (the shape
// GeneralErrorBoundary reads: { error }). Redirects that say something go through redirectWithToast (toast.server.ts).
import { data } from "react-router";

/** Throws `{ error }` with `status` (400 unless told) unless `condition` holds; afterwards TypeScript knows it holds. */
export function invariantResponse(condition: unknown, error: string, status = 400): asserts condition {
  if (!condition) throw data({ error }, { status });
}
