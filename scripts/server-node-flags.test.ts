// `npm start` runs the server with the flags the tests and benches start it with (scripts/server-node-flags.mjs):
// a flag added to one and not the other would measure a server nobody runs.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SERVER_NODE_FLAGS } from "./server-node-flags.mjs";

describe("the server's Node flags", () => {
  it("are the ones npm start passes to node, before the start script", () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, "..", "package.json"), "utf8")) as { scripts: { start: string } };
    expect(pkg.scripts.start).toBe(["node", ...SERVER_NODE_FLAGS, "scripts/start.mjs"].join(" "));
  });

  it("are flags this Node accepts", async () => {
    const { execFileSync } = await import("node:child_process");
    // An unknown or misspelt V8 flag makes node refuse to start.
    expect(execFileSync(process.execPath, [...SERVER_NODE_FLAGS, "-e", "process.stdout.write('ok')"]).toString()).toBe("ok");
  });
});
