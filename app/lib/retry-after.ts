// A refusal for too many attempts says when to try again. An action's headers reach a page's own response only through
// the route's `headers` export: a route whose action can answer 429 exports this one (decision 0024).
export function retryAfterHeaders({ actionHeaders }: { actionHeaders: Headers }) {
  const retryAfter = actionHeaders.get("Retry-After");
  return new Headers(retryAfter ? { "Retry-After": retryAfter } : {});
}
