// `pnpm start`: the one-process stack, compiled. Plain JavaScript so that a start with nothing to
// rebuild pays for no TypeScript loader and no second process: it checks the bundle against what it
// was built from (dist/stack/build-inputs.json, written by src/build/build-service.ts), builds it
// again only when an input is newer or the lockfile changed, then runs it in this process.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, rmSync, statSync } from "node:fs";
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

/**
 * One build at a time: the build empties dist/stack first, so a second start building beside it (two
 * tests of a fresh clone, two terminals) could load a half-written bundle. The lock is a directory
 * (made atomically); one older than two minutes is a crashed build's and is taken over.
 */
function whileLocked(run) {
  const lock = `${root}dist/stack-build.lock`;
  mkdirSync(`${root}dist`, { recursive: true });
  const until = Date.now() + 120_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if (error.code !== "EEXIST") throw error;
      const stale = Date.now() - statSync(lock, { throwIfNoEntry: false })?.mtimeMs > 120_000;
      if (stale || Date.now() > until) rmSync(lock, { recursive: true, force: true });
      else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
    }
  }
  try {
    run();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

if (!upToDate()) {
  let status = 0;
  whileLocked(() => {
    // Another start may have built it while this one waited.
    if (upToDate()) return;
    const tsx = createRequire(`${root}package.json`).resolve("tsx/cli");
    const built = spawnSync(process.execPath, [tsx, "services/stack/src/build/build-main.ts", "stack"], {
      cwd: root,
      stdio: ["ignore", "ignore", "inherit"],
    });
    status = built.status ?? 1;
  });
  if (status !== 0) process.exit(status);
}
// Source maps stay off: Node parses the bundle's whole map (every package in it) when it loads,
// which cost half a second of the start and about 80 MB of resident memory for the process's
// life (issue 17). NODE_OPTIONS=--enable-source-maps turns them on for stack traces in TypeScript.
await import(bundle);
