import { recordedExamples } from "@tarmac/gateway/testing";
import { describe, expect, it } from "vitest";
import { withoutRandomValues } from "./random-by-nature.js";
import { recordExamples } from "./record-examples.js";

/**
 * The OpenAPI document's examples (gateway/src/openapi/recorded-examples.json) are a recording of
 * the product: re-recorded here, they must be what is committed. When this fails because the
 * product changed on purpose, record them again: `pnpm --filter @tarmac/stack openapi:examples`.
 */
describe("the OpenAPI examples", () => {
  it("are what the product answers today (the committed recording, run again)", async () => {
    const fresh = await recordExamples();
    expect(Object.keys(fresh.operations).length).toBeGreaterThanOrEqual(25);
    expect(withoutRandomValues(fresh)).toEqual(withoutRandomValues(recordedExamples));
  }, 120_000);

  it("leave out only values random by nature", () => {
    const sample = { secret: "whsec_abc", verification_token: "tk_sess_x", code: "123456", other: { code: "VALIDATION_FAILED" } };
    expect(withoutRandomValues(sample)).toEqual({
      secret: "<random>",
      verification_token: "<random>",
      code: "<random>",
      other: { code: "VALIDATION_FAILED" },
    });
  });
});
