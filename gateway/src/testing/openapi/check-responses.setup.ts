import { afterAll, expect } from "vitest";
import { responseChecker } from "./response-check.js";
import { recordGatewayResponses, takeRecordedResponses } from "./response-recorder.js";

/**
 * Vitest setup (every test file, vitest.config.ts): every answer a documented gateway route gives
 * in a test file, over HTTP or inject, on either surface, success or error, is checked against
 * the OpenAPI document of the app that gave it once the file's tests are done. Any mismatch fails
 * the file, listing each.
 */
recordGatewayResponses();

afterAll(() => {
  const { exchanges, outsideContract } = takeRecordedResponses();
  if (outsideContract !== undefined) {
    console.info(`OpenAPI: ${exchanges.length} gateway responses not checked: ${outsideContract}`);
    return;
  }
  if (exchanges.length === 0) return;
  const checkers = new Map<string, ReturnType<typeof responseChecker>>();
  const problems: string[] = [];
  for (const exchange of exchanges) {
    const document = (exchange.app as unknown as { swagger(): object }).swagger();
    const key = JSON.stringify(document);
    let check = checkers.get(key);
    if (!check) {
      check = responseChecker(document);
      checkers.set(key, check);
    }
    problems.push(...check(exchange));
  }
  console.info(`OpenAPI: ${exchanges.length} gateway responses checked against the document, ${problems.length} mismatches`);
  expect(problems, problems.join("\n")).toEqual([]);
});
