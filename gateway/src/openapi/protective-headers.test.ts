import { createLogger } from "@tarmac/kernel";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build } from "../app.js";
import { fakeServiceClients } from "../testing/fake-services.js";
import { OPENAPI_PATH } from "./plugin.js";

type Json = Record<string, any>;

/** The header names each response of an operation documents, by status. */
function headersOf(document: Json, path: string): Record<string, string[]> {
  const responses = document.paths[path].post.responses as Record<string, Json>;
  return Object.fromEntries(Object.entries(responses).map(([status, response]) => [status, Object.keys(response.headers ?? {})]));
}

describe("the document's protective headers, as the gateway sends them", () => {
  let document: Json;
  const app = build({ clients: fakeServiceClients().clients, logger: createLogger({ name: "gateway", level: "silent" }) });

  beforeAll(async () => {
    document = (await app.inject({ method: "GET", url: OPENAPI_PATH })).json();
  });
  afterAll(() => app.close());

  it("lists X-Content-Type-Options (required, nosniff) on every response of every operation", () => {
    expect(document.components.headers["X-Content-Type-Options"]).toMatchObject({ required: true, schema: { enum: ["nosniff"] } });
    const missing: string[] = [];
    for (const [path, item] of Object.entries(document.paths as Record<string, Json>)) {
      for (const [method, operation] of Object.entries(item)) {
        if (method === "servers") continue;
        for (const [status, response] of Object.entries(operation.responses as Record<string, Json>)) {
          if (!response.headers?.["X-Content-Type-Options"]) missing.push(`${method} ${path} ${status}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it("lists Cache-Control: no-store on booking and wallet answers, success and error, and not on search", () => {
    for (const path of ["/flight/booking/status", "/flight/booking/create", "/wallet/balance"]) {
      for (const [status, names] of Object.entries(headersOf(document, path)))
        expect(names, `${path} ${status}`).toContain("Cache-Control");
    }
    expect(headersOf(document, "/flight/search")["200"]).not.toContain("Cache-Control");
  });

  it("matches what the gateway actually sends", async () => {
    const res = await app.inject({ method: "POST", url: "/api/v1/wallet/balance" });
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["cache-control"]).toBe("no-store");
  });
});
