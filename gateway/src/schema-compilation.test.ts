import { createLogger } from "@tarmac/kernel";
import { describe, expect, it } from "vitest";
import { build } from "./app.js";
import { fakeServiceClients } from "./testing/fake-services.js";

describe("every route's schemas", () => {
  it("compile while the app starts when asked to: what the lazy compilers leave to each route's first request", async () => {
    const routes: string[] = [];
    const app = build({
      clients: fakeServiceClients({}).clients,
      logger: createLogger({ name: "gateway", level: "silent" }),
      schemaCompilation: "eager",
    });
    app.addHook("onRoute", (route) => {
      if (route.schema !== undefined) routes.push(`${String(route.method)} ${route.url}`);
    });
    // Fastify compiles each route's validators and serialisers here; a schema Ajv or
    // fast-json-stringify refuses fails ready().
    await expect(app.ready()).resolves.toBeDefined();
    expect(routes).toEqual(expect.arrayContaining(["POST /api/v1/flight/search", "POST /api/v1/flight/booking/ancillaries/confirm"]));
    await app.close();
  });
});
