import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["services/*/src/**/*.test.ts", "gateway/src/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: "forks",
    // Two workers on the two cores CI has (Vitest's default leaves one idle), each importing the
    // protobuf, Connect, Fastify and MongoDB modules once instead of once per file: importing was
    // 150 of the 210 s the suite took isolated. Tests keep no state in modules (every store,
    // clock, registry and server is made per test), so sharing the module cache is safe.
    maxWorkers: 2,
    isolate: false,
    // Every gateway answer of every test is checked against the OpenAPI document (see the file).
    setupFiles: ["gateway/src/testing/openapi/check-responses.setup.ts"],
  },
});
