import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { buildService, ENTRY_POINTS, type Deployable } from "./build-service.js";

/** `pnpm build [name...]`: compiles the named deployables (all when none) to dist/<name>/ at the repository root. */
const DIST = fileURLToPath(new URL("../../../../dist/", import.meta.url));
const all = Object.keys(ENTRY_POINTS) as Deployable[];
const asked = process.argv.slice(2).filter((a) => a !== "--");
const unknown = asked.filter((a) => !(a in ENTRY_POINTS));
if (unknown.length > 0) {
  process.stderr.write(`Unknown deployable ${unknown.join(", ")}; one of ${all.join(", ")}\n`);
  process.exit(64);
}
for (const name of asked.length > 0 ? (asked as Deployable[]) : all) {
  const started = performance.now();
  const file = await buildService(name, join(DIST, name));
  process.stdout.write(`${name}: ${file} (${Math.round(performance.now() - started)} ms)\n`);
}
