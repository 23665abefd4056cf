// `pnpm test`, the README's test command: every check and every test at once, then where the time
// went. Run one after another, the checks (generated code, type-check, lint, formatting, unused
// code) took 77 s and the tests 93 s on a quiet 2-core machine, and 9 minutes beside another stack
// (issue 36). Here the checks run beside the tests, each at a lower CPU priority (nice), so they fill
// the time the test workers spend waiting on sockets and timers, and a busy machine slows them
// rather than the tests, whose deadlines are real (nice 5: about a third of a test worker's share,
// not so little that other work on a busy machine starves them). The type-check and the lint share
// one TypeScript program (scripts/typecheck-and-lint.mjs, which says why it keeps nothing between
// runs). Prettier and knip keep their caches in node_modules/.cache/tarmac (a fresh clone starts
// without). The other steps of the package's `lint` script (formatting, unused code, whatever is
// added there) run as phases of their own. The run fails when any phase fails; the tests' own
// summary lines come last, after the table of phases.
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import process from "node:process";
import { fileURLToPath, URL } from "node:url";

const root = fileURLToPath(new URL("../", import.meta.url));
const cache = join(root, "node_modules/.cache/tarmac");
mkdirSync(cache, { recursive: true });
const generated = mkdtempSync(join(tmpdir(), "tarmac-generated-"));
const env = {
  ...process.env,
  PATH: `${join(root, "node_modules/.bin")}${delimiter}${process.env.PATH ?? ""}`,
  // Their output goes through a pipe; on a terminal it keeps its colours.
  ...(process.stdout.isTTY && { FORCE_COLOR: "1" }),
};
// Below the tests: the checks wait when the machine is busy, the tests do not.
const niced = spawnSync("nice", ["-n", "5", "true"]).status === 0;

/** Cache flags for the lint script's steps that keep results between runs. */
const CACHED = [
  [/^prettier --check\b/, `--log-level warn --cache --cache-strategy content --cache-location ${cache}/prettier`],
  [/^knip\b/, `--cache --cache-location ${cache}/knip`],
];

/**
 * The package's `lint` script, step by step, less its ESLint step (run with the type-check, below):
 * a check added to `lint` runs here too, as a phase of its own.
 */
function lintSteps() {
  const { scripts } = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
  const steps = String(scripts.lint)
    .split("&&")
    .map((step) => step.trim());
  if (!steps.some((step) => step.startsWith("eslint "))) throw new Error("the lint script has no ESLint step: see scripts/test.mjs");
  return steps
    .filter((step) => !step.startsWith("eslint "))
    .map((step) => {
      const cached = CACHED.find(([pattern]) => pattern.test(step));
      return { name: step.split(" ")[0], run: cached ? `${step} ${cached[1]}` : step };
    });
}

/** Each phase is one command line; its output is shown when it fails. */
const checks = [
  {
    // Generated into a directory of its own (buf.gen.yaml cleans its output first): the tests and
    // the type-check read proto/gen meanwhile. The package's check:generated does it in place.
    name: "generated code (buf lint, buf generate)",
    run: `buf lint && buf generate -o ${generated} && diff -r proto/gen/src ${generated}/proto/gen/src`,
  },
  // One TypeScript program for both: the lint's typed rules read the checker the type-check filled.
  { name: "type-check and lint (tsc, eslint)", run: "node scripts/typecheck-and-lint.mjs" },
  ...lintSteps(),
];

const started = Date.now();
const loadAtStart = loadavg()[0] ?? 0;
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

function runPhase(name, command, args, { priority, live }) {
  const t0 = Date.now();
  const [file, argv] = priority && niced ? ["nice", ["-n", "5", command, ...args]] : [command, args];
  const child = spawn(file, argv, { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (chunk) => {
    output += chunk;
    if (live) process.stdout.write(chunk);
  });
  child.stderr.on("data", (chunk) => {
    output += chunk;
    if (live) process.stderr.write(chunk);
  });
  return new Promise((resolve) => {
    child.once("error", (error) => resolve({ name, ok: false, ms: Date.now() - t0, output: `${output}${error.message}\n` }));
    child.once("close", (code) => {
      const result = { name, ok: code === 0, ms: Date.now() - t0, output };
      if (!live) process.stdout.write(`${result.ok ? "ok  " : "FAIL"} ${name} (${seconds(result.ms)})\n`);
      resolve(result);
    });
  });
}

const tests = runPhase("tests (vitest)", "vitest", ["run", ...process.argv.slice(2)], {
  live: true,
  priority: false,
});
const results = await Promise.all([...checks.map((c) => runPhase(c.name, "sh", ["-c", c.run], { priority: true })), tests]);
rmSync(generated, { recursive: true, force: true });

const failed = results.filter((r) => !r.ok && r.name !== "tests (vitest)");
for (const result of failed) process.stdout.write(`\n--- ${result.name} failed:\n${result.output.trimEnd()}\n`);

const wall = Date.now() - started;
const width = Math.max(...results.map((r) => r.name.length));
process.stdout.write(
  `\nWhere the time went (all phases at once; load average ${loadAtStart.toFixed(1)} at the start, ${(loadavg()[0] ?? 0).toFixed(1)} at the end):\n`,
);
for (const result of [...results].sort((a, b) => b.ms - a.ms)) {
  process.stdout.write(`  ${result.name.padEnd(width)}  ${seconds(result.ms).padStart(8)}  ${result.ok ? "ok" : "FAILED"}\n`);
}
process.stdout.write(`  ${"whole run".padEnd(width)}  ${seconds(wall).padStart(8)}\n`);

// Vitest's summary again, last, so the end of the output says how the tests went.
const testResult = results.at(-1);
const lines = testResult.output.split("\n");
const summaryAt = lines.findLastIndex((line) => line.includes("Test Files"));
if (summaryAt >= 0) process.stdout.write(`\n${lines.slice(summaryAt).join("\n").trimEnd()}\n`);
if (failed.length > 0) process.stdout.write(`\nFailed: ${failed.map((r) => r.name).join(", ")}\n`);
process.exitCode = results.every((r) => r.ok) ? 0 : 1;
