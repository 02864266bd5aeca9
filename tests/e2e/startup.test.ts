// The server refuses to start with one clear line and a non-zero exit when it cannot work.
import net from "node:net";
import { describe, expect, it } from "vitest";
import { freePort, startServerExpectingFailure } from "./support/server";

describe("start-up errors", () => {
  it("says so when the port is taken", async () => {
    const port = await freePort();
    const blocker = net.createServer();
    await new Promise<void>((r) => blocker.listen(port, "127.0.0.1", () => r()));
    try {
      const { code, stderr } = await startServerExpectingFailure({ PORT: String(port), DATABASE_URL: "" });
      expect(code).toBe(1);
      expect(stderr.trim().split("\n")).toContain(`Error: port ${port} is already in use; set PORT to a free port`);
    } finally {
      blocker.close();
    }
  });

  it("says so when the database cannot be reached", async () => {
    const port = await freePort();
    const { code, stderr } = await startServerExpectingFailure({ DATABASE_URL: `postgres://app:pw@127.0.0.1:${port}/tennis` });
    expect(code).toBe(1);
    expect(stderr).toMatch(new RegExp(`^Error: cannot reach the database at 127\\.0\\.0\\.1:${port}/tennis: .+`, "m"));
  });

  it("says so when the configuration is invalid", async () => {
    const { code, stderr } = await startServerExpectingFailure({ PORT: "eighty" });
    expect(code).toBe(1);
    expect(stderr.trim()).toMatch(/^Error: Invalid configuration: PORT: .+$/);
  });
});
