import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { lazySchemaCompilers } from "./lazy-schema-compilers.js";

function appWith(schema: object) {
  const app = Fastify({ schemaController: { compilersFactory: lazySchemaCompilers } });
  app.post("/thing", { schema }, async (request) => ({ got: request.body, extra: "not in the schema" }));
  return app;
}

describe("lazySchemaCompilers", () => {
  it("validates headers by their names in any case, bodies, and serialises by the response schema", async () => {
    const app = appWith({
      headers: { type: "object", properties: { "X-Thing-Key": { type: "string", minLength: 3 } }, required: ["X-Thing-Key"] },
      body: { type: "object", properties: { a: { type: "integer" }, b: { type: "string" } }, required: ["a", "b"] },
      response: { 200: { type: "object", properties: { got: { type: "object", additionalProperties: true } } } },
    });
    const post = (headers: Record<string, string>, payload: object) => app.inject({ method: "POST", url: "/thing", headers, payload });
    const missing = await post({}, { a: 1, b: "x" });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain("x-thing-key");
    const badBody = await post({ "x-thing-key": "abc" }, { a: "one" });
    expect(badBody.statusCode).toBe(400);
    expect(badBody.json().message).toBe("body must have required property 'b'");
    const ok = await post({ "X-Thing-Key": "abc" }, { a: 1, b: "x" });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('{"got":{"a":1,"b":"x"}}');
    await app.close();
  });

  it("compiles a route's schemas on its first request, not while the app starts", async () => {
    // Ajv (strict) refuses an unknown keyword when it compiles: at start with Fastify's own compilers.
    const broken = { body: { type: "object", notAKeyword: true } };
    const eager = Fastify();
    eager.post("/thing", { schema: broken }, async () => ({}));
    await expect(eager.ready()).rejects.toThrow(/notAKeyword/);
    const app = appWith(broken);
    await app.ready();
    expect((await app.inject({ method: "POST", url: "/thing", payload: {} })).statusCode).toBe(500);
    await app.close();
  });
});
