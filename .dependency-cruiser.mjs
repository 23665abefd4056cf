// Import circles, anywhere in the tree (issue 37): `pnpm test` and `pnpm lint` run
// `depcruise --config .dependency-cruiser.mjs .` and fail on the first one. Type-only imports count
// (tsPreCompilationDeps): a circle of types still makes a reader hold both files at once, and it is
// one value import away from an order-of-evaluation bug. Workspace packages resolve through their
// node_modules links to their src/ (package.json exports), so a circle between packages counts too.
/** @type {import("dependency-cruiser").IConfiguration} */
export default {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "Move what both files need into a small file of its own that imports neither, so the graph stays a DAG.",
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    // Our own code only; generated code (proto/gen) and the Helm chart's templates included as they are.
    exclude: { path: "(^|/)(node_modules|dist|coverage)/" },
    doNotFollow: { path: "node_modules" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".js", ".mjs", ".cjs", ".json"],
    },
  },
};
