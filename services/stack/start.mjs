// `pnpm start`: the one-process stack, compiled. Plain JavaScript so that a start with nothing to
// rebuild pays for no TypeScript loader and no second process: it checks the bundle against what it
// was built from (dist/stack/build-inputs.json, written by src/build/build-service.ts), builds it
// again only when an input is newer or the lockfile changed, then runs it in this process.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import process from "node:process";
import { fileURLToPath, URL } from "node:url";

const root = fileURLToPath(new URL("../../", import.meta.url));
const dist = `${root}dist/stack/`;
const bundle = `${dist}bin/main.js`;

function upToDate() {
  try {
    const built = statSync(bundle).mtimeMs;
    const { lockfile, inputs } = JSON.parse(readFileSync(`${dist}build-inputs.json`, "utf8"));
    const lock = createHash("sha256")
      .update(readFileSync(`${root}pnpm-lock.yaml`))
      .digest("hex");
    return lock === lockfile && inputs.every((input) => statSync(`${root}${input}`).mtimeMs <= built);
  } catch {
    // No bundle, no record of its inputs, or an input gone: build.
    return false;
  }
}

if (!upToDate()) {
  const tsx = createRequire(`${root}package.json`).resolve("tsx/cli");
  const built = spawnSync(process.execPath, [tsx, "services/stack/src/build/build-main.ts", "stack"], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
// Source maps stay off: Node parses the bundle's whole map (every package in it) when it loads,
// which cost half a second of the start and about 80 MB of resident memory for the process's
// life (issue 17). NODE_OPTIONS=--enable-source-maps turns them on for stack traces in TypeScript.
await import(bundle);
