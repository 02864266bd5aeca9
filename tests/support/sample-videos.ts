// Tests of the video library need videos; real sites start with none (migration 0005 removed the made-up starters).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const SAMPLE_VIDEOS_SQL = fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), "sample-videos.sql"), "utf8");
