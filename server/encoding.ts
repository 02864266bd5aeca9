// Which stored encoding to answer with, from the request's Accept-Encoding: Brotli, then gzip, then none.
// Used where the server keeps a response compressed in advance (server/page-cache.ts, server/assets.ts).

export type Encoding = "br" | "gzip" | "identity";

/** Whether the header accepts `coding` (a listed coding with q=0 is refused). */
function accepts(header: string, coding: string) {
  for (const part of header.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (name !== coding && name !== "*") continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    return !q || Number(q.slice(2)) > 0;
  }
  return false;
}

export function pickEncoding(header: string | undefined, available: readonly Encoding[] = ["br", "gzip"]): Encoding {
  const h = header ?? "";
  for (const coding of available) if (coding !== "identity" && accepts(h, coding)) return coding;
  return "identity";
}
