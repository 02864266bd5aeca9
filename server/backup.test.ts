import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { backupFileName, pruneBackups } from "./backup";

describe("pruneBackups", () => {
  it("keeps the newest BACKUP_KEEP backups and nothing else is touched", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nlte-prune-"));
    try {
      const names = [1, 2, 3, 4].map((d) => backupFileName(new Date(Date.UTC(2026, 10, d, 3, 0, 0))));
      for (const n of [...names, "notes.txt"]) fs.writeFileSync(path.join(dir, n), "x");
      expect(pruneBackups(dir, 2)).toEqual(names.slice(0, 2));
      expect(fs.readdirSync(dir).sort()).toEqual([...names.slice(2), "notes.txt"].sort());
      expect(names[0]).toBe("nlte-backup-20261101T030000Z.jsonl.gz");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
