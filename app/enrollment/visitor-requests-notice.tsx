// Said on /account (and the family page) while requests sent with the guardian's verified address wait for their
// answer (issue 37): where a guardian looks first, pointing to where they answer (/account/enrollments). Few guardians
// ever have one, so the note's code loads where it shows (decision 0023), rendered in place by the server.
import { Suspense } from "react";
import { lazyComponent } from "~/lib/lazy-component";

const VisitorRequestsNote = lazyComponent(() => import("~/enrollment/visitor-requests-note").then((mod) => mod.VisitorRequestsNote));

export function VisitorRequestsNotice({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <Suspense fallback={null}>
      <VisitorRequestsNote count={count} />
    </Suspense>
  );
}
