// `npm start`: build when needed, then run the production server in this process.
import { register } from "tsx/esm/api";
import { buildIfStale } from "./build-if-stale.mjs";

process.env.NODE_ENV ??= "production";
if (process.env.NODE_ENV === "production") buildIfStale();
register();
await import("../server/index.ts");
