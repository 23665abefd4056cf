// The type-check (tsc) and the lint (ESLint with type information) of `pnpm test`, on one TypeScript
// program. Run apart, each built and checked the whole program, the lint's typed rules taking most of
// its minute (issue 36); here the lint's rules ask a checker the type-check has already filled.
// The program is incremental (its build info in node_modules/.cache/tarmac), so a run after a small
// change re-checks what changed and what depends on it. The lint is not cached: a file's typed
// rules depend on the files it imports, which a cache of results by file cannot see.
// Prints tsc's diagnostics, then ESLint's report; exits 1 when either finds a problem.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import process from "node:process";
import { fileURLToPath, URL } from "node:url";
import { ESLint } from "eslint";
import ts from "typescript";

const root = fileURLToPath(new URL("../", import.meta.url));
const cache = join(root, "node_modules/.cache/tarmac");
mkdirSync(cache, { recursive: true });
const only = process.argv[2]; // "typecheck" or "lint": one of the two (the package scripts)

const configPath = join(root, "tsconfig.json");
const config = ts.getParsedCommandLineOfConfigFile(
  configPath,
  { incremental: true, tsBuildInfoFile: join(cache, "tsc.tsbuildinfo") },
  {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
    },
  },
);
if (!config) throw new Error(`cannot read ${configPath}`);
const host = ts.createIncrementalCompilerHost(config.options);
const builder = ts.createIncrementalProgram({
  rootNames: config.fileNames,
  options: config.options,
  host,
  projectReferences: config.projectReferences,
});

let failed = false;
const started = performance.now();
if (only !== "lint") {
  const diagnostics = [
    ...builder.getConfigFileParsingDiagnostics(),
    ...builder.getOptionsDiagnostics(),
    ...builder.getGlobalDiagnostics(),
    ...builder.getSyntacticDiagnostics(),
    ...builder.getSemanticDiagnostics(),
  ];
  // noEmit: emitting writes only the build info, for the next run.
  builder.emit();
  if (diagnostics.length > 0) {
    failed = true;
    const formatHost = { getCanonicalFileName: (f) => f, getCurrentDirectory: () => root, getNewLine: () => "\n" };
    const format = process.stdout.isTTY ? ts.formatDiagnosticsWithColorAndContext : ts.formatDiagnostics;
    process.stdout.write(format(diagnostics, formatHost));
    process.stdout.write(`\ntsc: ${diagnostics.length} error${diagnostics.length === 1 ? "" : "s"}\n`);
  }
  process.stderr.write(`type-check: ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
}

if (only !== "typecheck") {
  const linting = performance.now();
  const program = builder.getProgram();
  const eslint = new ESLint({
    cwd: root,
    // TypeScript files read their types from the program above instead of a project service of their own.
    overrideConfig: [{ files: ["**/*.ts"], languageOptions: { parserOptions: { programs: [program], projectService: false } } }],
  });
  const results = await eslint.lintFiles(["."]);
  const formatter = await eslint.loadFormatter("stylish");
  const output = await formatter.format(results);
  const warnings = results.reduce((n, r) => n + r.warningCount, 0);
  const errors = results.reduce((n, r) => n + r.errorCount, 0);
  if (output) process.stdout.write(output);
  if (errors > 0 || warnings > 0) failed = true; // --max-warnings 0
  process.stderr.write(`lint: ${((performance.now() - linting) / 1000).toFixed(1)} s\n`);
}
process.exitCode = failed ? 1 : 0;
