import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { silentLogger } from "@tarmac/kernel/testing";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { yyyymmdd } from "./banner.js";
import { startStack, type Stack } from "./stack.js";
import { relaxedRateLimits } from "./testing/rate-limits.js";

const run = promisify(execFile);
/** openapi-typescript's command line, as `npx openapi-typescript` runs it (its exports map bin/*.js elsewhere). */
const CLI = join(dirname(createRequire(import.meta.url).resolve("openapi-typescript/package.json")), "bin", "cli.js");
const REPO = fileURLToPath(new URL("../../../", import.meta.url));
const JOURNEY = fileURLToPath(new URL("../client-journey/agency-journey.ts", import.meta.url));
/** Where the generated types would sit beside the journey: served from memory to the compiler, never written there. */
const GENERATED = join(dirname(JOURNEY), "tarmac-api.ts");

/**
 * Type-checks `files` (path -> source, on top of the disk) with the repository's compiler options
 * (tsconfig.base.json: strict, noUncheckedIndexedAccess...), the journey's imports (openapi-fetch)
 * resolving as they would beside it. Answers the diagnostics, flattened.
 */
function typeCheck(roots: readonly string[], files: ReadonlyMap<string, string>): string[] {
  const config = ts.readConfigFile(join(REPO, "tsconfig.base.json"), (path) => ts.sys.readFile(path));
  const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, REPO);
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  host.readFile = (path) => files.get(path) ?? readFile(path);
  host.fileExists = (path) => files.has(path) || fileExists(path);
  const program = ts.createProgram({ rootNames: [...roots], options, host });
  return ts
    .getPreEmitDiagnostics(program)
    .map(
      (d) =>
        `${d.file ? `${d.file.fileName}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1} ` : ""}${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`,
    );
}

/** A file using the generated client wrongly; `use` is an expression over `api`. */
const misuse = (use: string) => `import createClient from "openapi-fetch";
import type { paths } from "./tarmac-api.js";
const api = createClient<paths>({ baseUrl: "http://127.0.0.1:8080/api/v1" });
export const misuse = () => ${use};
`;

const newSearch = `{ origin: "DEL", dest: "BOM", dod: "20261222" }`;

/** Misuse the generated types must refuse, each with what the compiler's message names. */
const MISUSES: readonly { what: string; use: string; names: RegExp }[] = [
  { what: "an empty search body", use: `api.POST("/flight/search", { body: {} })`, names: /origin|cursor/ },
  { what: "a cursor of null without a new search", use: `api.POST("/flight/search", { body: { cursor: null } })`, names: /origin|null/ },
  {
    what: "a cabin outside the enum",
    use: `api.POST("/flight/search", { body: { ...${newSearch}, cabin: "ECONOMI" } })`,
    names: /ECONOMI/,
  },
  {
    what: "a path with the base URL's /api/v1 again",
    use: `api.POST("/api/v1/flight/search", { body: ${newSearch} })`,
    names: /api\/v1\/flight\/search/,
  },
  {
    what: "a booking status the API never answers",
    use: `api.POST("/flight/booking/status", { body: { pnr: "X7K2QP" } }).then(({ data }) => data?.status === "DONE")`,
    names: /no overlap/,
  },
  {
    what: "an error code outside the catalogue",
    use: `api.POST("/flight/booking/status", { body: { pnr: "X7K2QP" } }).then(({ error }) => error?.error.code === "NOT_A_CODE")`,
    names: /no overlap/,
  },
  {
    what: "a booking create without its Idempotency-Key",
    use: `api.POST("/flight/booking/create", { body: { fare_token: "t", passengers: [], contact_info: { email: "a@b.c", phone: "+91" } } })`,
    names: /params|Idempotency-Key/,
  },
];

/**
 * An agency's developer's way in (issue 16): generate a client from the running gateway's
 * document with openapi-typescript, held to Redocly's strictest standard rules (any warning is a
 * failure), type-check the README's journey written against it, and run that journey.
 */
describe("a client generated from GET /api/v1/openapi.json", () => {
  let stack: Stack;
  let work: string;
  let generated: string;

  beforeAll(async () => {
    const env = {
      TARMAC_ENV: "test",
      OTP_EMAIL_DELIVERY: "development",
      SANDBOX_TICKETING_DELAY_MS: "200",
      BOOKING_SWEEP_INTERVAL_MS: "100",
      ...relaxedRateLimits,
    };
    stack = await startStack({ env, port: 0, servicePorts: "ephemeral", logger: silentLogger() });
    work = await mkdtemp(join(tmpdir(), "tarmac-client-"));
    await writeFile(join(work, "redocly.yaml"), "extends:\n  - recommended-strict\n");
  }, 30_000);
  afterAll(async () => {
    await stack?.stop();
    if (work) await rm(work, { recursive: true, force: true });
  });

  it("is generated by openapi-typescript under Redocly's recommended-strict rules without a warning", async () => {
    // Written to a file, as an agency does: only then does the command line print Redocly's warnings (to stderr).
    const out = join(work, "tarmac-api.ts");
    const args = [CLI, `${stack.gatewayUrl}/api/v1/openapi.json`, "--redocly", join(work, "redocly.yaml"), "-o", out];
    const { stdout, stderr } = await run(process.execPath, args, { cwd: work });
    expect(stderr).toBe("");
    expect(stdout).toContain("🚀");
    generated = await readFile(out, "utf8");
    expect(generated).toContain(`"/flight/search": {`);
    expect(generated).toContain(`"/api/auth/send-otp": {`);
  }, 60_000);

  it("type-checks the README's journey against it, with the repository's compiler options", () => {
    expect(generated).toBeDefined();
    expect(typeCheck([JOURNEY], new Map([[GENERATED, generated]]))).toEqual([]);
  }, 60_000);

  it("refuses misuse at compile time", () => {
    expect(generated).toBeDefined();
    const files = new Map(MISUSES.map((m, i) => [join(dirname(JOURNEY), `misuse-${i}.ts`), misuse(m.use)]));
    const diagnostics = typeCheck([...files.keys()], new Map([...files, [GENERATED, generated]]));
    MISUSES.forEach((m, i) => {
      const own = diagnostics.filter((d) => d.includes(`misuse-${i}.ts:`));
      expect(own.length, `${m.what}: no compile error`).toBeGreaterThan(0);
      expect(own.join("\n"), m.what).toMatch(m.names);
    });
  }, 60_000);

  it("runs the journey against the stack with the spec's base URL <origin>/api/v1", async () => {
    const { agencyJourney } = (await import(JOURNEY)) as { agencyJourney: (origin: string, key: string, dod: string) => Promise<any> };
    const result = await agencyJourney(stack.gatewayUrl, stack.apiKey, yyyymmdd(new Date(), 30));
    expect(result.totalResults).toBeGreaterThan(20);
    expect(result.nextPageCount).toBe(5);
    expect(result.created).toBe("BOOKED");
    expect(result.history).toEqual(["PENDING", "BOOKED", "TICKETED", "CANCELLED", "REFUNDED"]);
    expect(result.pnr).toMatch(/^[A-Z0-9]{6}$/);
    // A non-refundable fare shows no penalty bands (never a placeholder amount) and refunds what the quote said.
    expect(result.refundable).toBe(false);
    expect(result.cancellationPenalties).toBe(0);
    expect(result.refunded).toBe(result.quotedRefund);
    expect(result.balanceAfter).toBe(result.balanceBefore - result.debited + result.refunded);
    expect(result.unknownPnrCode).toBe("BOOKING_NOT_FOUND");
    expect(result.otpExpiresIn).toBe(300);
  }, 60_000);
});
