/**
 * What may be logged about an error: its kind and code, never its message. A failed query's message holds its
 * parameters (what people typed: children's names, families' addresses), and the log must never hold those.
 */
export function errorSummary(err: unknown): string {
  if (err instanceof Error) {
    const cause = err.cause as { code?: unknown; name?: unknown } | undefined;
    const code = (err as { code?: unknown }).code ?? cause?.code;
    return `${err.name}${code ? ` (${String(code)})` : ""}${cause?.name && !code ? ` caused by ${String(cause.name)}` : ""}`;
  }
  return typeof err;
}
