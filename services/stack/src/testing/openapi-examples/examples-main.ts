import { writeFile } from "node:fs/promises";
import { RECORDED_EXAMPLES_URL } from "@tarmac/gateway/testing";
import { recordExamples } from "./record-examples.js";

/** `pnpm --filter @tarmac/stack openapi:examples`: records the OpenAPI document's examples again. */
const recorded = await recordExamples();
await writeFile(RECORDED_EXAMPLES_URL, `${JSON.stringify(recorded, null, 2)}\n`);
const count = Object.values(recorded.operations).reduce(
  (n, op) =>
    n + Object.keys(op.request ?? {}).length + Object.values(op.responses ?? {}).reduce((m, named) => m + Object.keys(named).length, 0),
  0,
);
console.log(`wrote ${count} examples of ${Object.keys(recorded.operations).length} operations to ${RECORDED_EXAMPLES_URL.pathname}`);
