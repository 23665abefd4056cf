import { fileURLToPath } from "node:url";
import { build, type Metafile } from "esbuild";
import { describe, expect, it } from "vitest";
import { BUNDLE_OPTIONS, ENTRY_POINTS } from "./build-service.js";

const REPO_ROOT = fileURLToPath(new URL("../../../../", import.meta.url));

/**
 * Packages for what the embedded stack may never do (connect to MongoDB or NATS, send e-mail,
 * render a PDF): they load when first used, through import(), so a start without them does not
 * pay for evaluating them (issue 17: /readyz within 2 s).
 */
const LOADED_ON_USE = ["mongodb", "bson", "@nats-io/transport-node", "@nats-io/jetstream", "@nats-io/nats-core", "nodemailer", "pdfkit"];

/** The package a bundled file belongs to (the last node_modules/<name>/ in its path). */
function packageOf(path: string): string | undefined {
  return /.*node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(path)?.[1];
}

/**
 * The files the bundle evaluates as it loads: all reached from the entry without an import().
 * esbuild evaluates a module reached only through import() when that import runs; a require()
 * counts as eager here, though inside a function it may not be.
 */
function evaluatedAtLoad(metafile: Metafile, entry: string): Set<string> {
  const seen = new Set<string>();
  const pending = [entry];
  for (let path = pending.pop(); path !== undefined; path = pending.pop()) {
    if (seen.has(path)) continue;
    seen.add(path);
    for (const imported of metafile.inputs[path]?.imports ?? []) {
      if (imported.kind !== "dynamic-import" && !imported.external) pending.push(imported.path);
    }
  }
  return seen;
}

describe("the stack bundle", () => {
  it("holds the MongoDB driver, the NATS client, nodemailer and pdfkit but evaluates none of them as it starts", async () => {
    const { metafile } = await build({
      ...BUNDLE_OPTIONS,
      absWorkingDir: REPO_ROOT,
      entryPoints: [ENTRY_POINTS.stack],
      outfile: "main.js",
      write: false,
      metafile: true,
      logLevel: "error",
    });
    const bundled = new Set(Object.keys(metafile.inputs).map(packageOf));
    expect(LOADED_ON_USE.filter((name) => !bundled.has(name))).toEqual([]);
    const atLoad = new Set([...evaluatedAtLoad(metafile, ENTRY_POINTS.stack)].map(packageOf));
    expect(LOADED_ON_USE.filter((name) => atLoad.has(name))).toEqual([]);
  }, 60_000);
});
