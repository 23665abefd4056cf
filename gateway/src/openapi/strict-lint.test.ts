import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import { createLogger } from "@tarmac/kernel";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build } from "../app.js";
import { fakeServiceClients } from "../testing/fake-services.js";
import { OPENAPI_PATH } from "./plugin.js";

/** Redocly's command line, from its package (a devDependency: it ships bundled, nothing is fetched when it runs). */
const require = createRequire(import.meta.url);
const REDOCLY = join(dirname(require.resolve("@redocly/cli/package.json")), "bin/cli.js");

interface Problem {
  readonly ruleId: string;
  readonly severity: string;
  readonly message: string;
  readonly location: readonly { readonly pointer: string }[];
}

/**
 * The API guide promises a document without a warning under Redocly's strictest standard rules
 * (`recommended-strict`, which makes every warning an error); `npx @redocly/cli lint` found two
 * (issue 36). Run here on the document as served, so every change to a route is held to it.
 */
describe("the OpenAPI document under `redocly lint` (recommended-strict)", () => {
  let work: string;
  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), "tarmac-redocly-"));
    const app = build({ clients: fakeServiceClients().clients, logger: createLogger({ name: "gateway", level: "silent" }) });
    try {
      await writeFile(join(work, "openapi.json"), (await app.inject({ method: "GET", url: OPENAPI_PATH })).body);
    } finally {
      await app.close();
    }
    await writeFile(join(work, "redocly.yaml"), "extends:\n  - recommended-strict\n");
  });
  afterAll(async () => {
    if (work) await rm(work, { recursive: true, force: true });
  });

  it("has no problem", async () => {
    const lint = promisify(execFile)(process.execPath, [REDOCLY, "lint", "openapi.json", "--config", "redocly.yaml", "--format", "json"], {
      cwd: work,
      timeout: 60_000,
      maxBuffer: 64 * 1024 * 1024,
      // No telemetry, no update check: a run reaches nothing beyond this machine.
      env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true", NO_COLOR: "1" },
    });
    // It exits 1 when it finds an error; the report says what either way.
    const { stdout } = await lint.catch((error: unknown) => ({ stdout: (error as { stdout?: string }).stdout ?? "" }));
    const { problems } = JSON.parse(stdout) as { problems: Problem[] };
    const described = problems.map((p) => `${p.severity} ${p.ruleId} at ${p.location[0]?.pointer ?? "?"}: ${p.message}`);
    expect(described).toEqual([]);
  }, 90_000);
});
