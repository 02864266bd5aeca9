// The video forms and cards are in the browser's bundle of /vlog, /blog and /video/:id, which every reader loads. The
// forms' zod schema (schemas.ts) is the server's: a value imported from its module brings zod with it, about 23 KB
// gzip on those pages (it did, through the forms' category list).
import path from "node:path";
import { describe, expect, it } from "vitest";
import { staticImports } from "../../scripts/shell-chunk";

const APP = path.resolve(import.meta.dirname, "..");
const BROWSER_PARTS = ["video-add-form.tsx", "video-edit-form.tsx", "video-card.tsx", "video-detail-skeleton.tsx"];

describe("the videos' browser parts", () => {
  it.each(BROWSER_PARTS)("%s reaches neither zod nor the forms' schema module", (file) => {
    const { modules, packages } = staticImports(path.join(APP, "videos", file), APP);
    expect([...packages].filter((p) => p === "zod" || p.startsWith("zod/"))).toEqual([]);
    expect([...modules].map((f) => path.relative(APP, f))).not.toContain(path.join("videos", "schemas.ts"));
  });
});
