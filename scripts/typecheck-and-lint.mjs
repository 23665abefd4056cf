// The type-check (tsc) and the lint (ESLint with type information) of `pnpm test`, on one TypeScript
// program. Run apart, each built and checked the whole program, the lint's typed rules taking most of
// its minute (issue 36); here the lint's rules ask a checker the type-check has already filled, about
// 20 CPU-seconds less than the two apart. Nothing is kept between runs: tsc's incremental build info
// would skip checking unchanged files, and the lint would then pay for that checking itself (its
// typed rules read the types of every file); and ESLint's results cannot be cached by file, since a
// file's typed rules depend on the files it imports.
// Prints tsc's diagnostics, then ESLint's report; exits 1 when either finds a problem.
import { performance } from "node:perf_hooks";
import process from "node:process";
import { fileURLToPath, URL } from "node:url";
import { ESLint } from "eslint";
import ts from "typescript";

const root = fileURLToPath(new URL("../", import.meta.url));
const configPath = fileURLToPath(new URL("../tsconfig.json", import.meta.url));
const config = ts.getParsedCommandLineOfConfigFile(configPath, undefined, {
  ...ts.sys,
  onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
    throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
  },
});
if (!config) throw new Error(`cannot read ${configPath}`);
const program = ts.createProgram({ rootNames: config.fileNames, options: config.options, projectReferences: config.projectReferences });

let failed = false;
const started = performance.now();
// What `tsc -p tsconfig.json --noEmit` reports.
const diagnostics = [...config.errors, ...ts.getPreEmitDiagnostics(program)];
if (diagnostics.length > 0) {
  failed = true;
  const formatHost = { getCanonicalFileName: (f) => f, getCurrentDirectory: () => root, getNewLine: () => "\n" };
  const format = process.stdout.isTTY ? ts.formatDiagnosticsWithColorAndContext : ts.formatDiagnostics;
  process.stdout.write(format(diagnostics, formatHost));
  process.stdout.write(`\ntsc: ${diagnostics.length} error${diagnostics.length === 1 ? "" : "s"}\n`);
}
process.stderr.write(`type-check: ${((performance.now() - started) / 1000).toFixed(1)} s\n`);

const linting = performance.now();
const eslint = new ESLint({
  cwd: root,
  // TypeScript files read their types from the program above instead of a project service of their own.
  overrideConfig: [{ files: ["**/*.ts"], languageOptions: { parserOptions: { programs: [program], projectService: false } } }],
});
const results = await eslint.lintFiles(["."]);
const output = await (await eslint.loadFormatter("stylish")).format(results);
if (output) process.stdout.write(output);
// As `eslint --max-warnings 0`: a warning fails too.
if (results.some((result) => result.errorCount > 0 || result.warningCount > 0)) failed = true;
process.stderr.write(`lint: ${((performance.now() - linting) / 1000).toFixed(1)} s\n`);
process.exitCode = failed ? 1 : 0;
