import { DomainError } from "@tarmac/kernel";
import { afterEach, describe, expect, it } from "vitest";
import type { IdempotencyStore } from "./idempotency-store.js";
import { MemoryIdempotencyStore } from "./memory-idempotency-store.js";
import { expectEnvelope } from "../testing/envelope.js";
import { type IdempotencyTestApp, idempotencyTestApp, opRequest, otherAgentKey } from "../testing/idempotency-app.js";
import { searchRequest, testApp } from "../testing/test-app.js";

let gateway: IdempotencyTestApp;
afterEach(async () => gateway?.app.close());

describe("Idempotency-Key header", () => {
  it("answers 400 IDEMPOTENCY_KEY_REQUIRED without the header or with an empty one, before reading the body", async () => {
    gateway = await idempotencyTestApp();
    const body = expectEnvelope(await gateway.app.inject(opRequest(undefined)), "IDEMPOTENCY_KEY_REQUIRED");
    expect(body.error.message).toContain("Idempotency-Key");
    expectEnvelope(await gateway.app.inject(opRequest("")), "IDEMPOTENCY_KEY_REQUIRED");
    expectEnvelope(await gateway.app.inject(opRequest(undefined, "{broken")), "IDEMPOTENCY_KEY_REQUIRED");
    // Authentication comes first: an anonymous caller learns nothing about the route.
    expectEnvelope(await gateway.app.inject(opRequest(undefined, undefined, { "x-api-key": "" })), "AUTH_MISSING_CREDENTIALS");
    expect(gateway.runs).toHaveLength(0);
  });

  it("answers 400 VALIDATION_FAILED on field Idempotency-Key for a key too long or not printable ASCII", async () => {
    gateway = await idempotencyTestApp();
    const bad = [
      ["x".repeat(256), "OUT_OF_RANGE"],
      ["caf\u00e9", "INVALID_FORMAT"],
      ["tab\there", "INVALID_FORMAT"],
    ];
    for (const [key, code] of bad) {
      const body = expectEnvelope(await gateway.app.inject(opRequest(key)), "VALIDATION_FAILED");
      expect(body.error.errors).toEqual([{ field: "Idempotency-Key", code, message: expect.any(String) }]);
    }
    expect(gateway.runs).toHaveLength(0);
  });

  it("accepts 1 to 255 printable ASCII characters, spaces and symbols included", async () => {
    gateway = await idempotencyTestApp();
    for (const key of ["k", "x".repeat(255), "order 42 / retry#1 ~!"]) {
      expect((await gateway.app.inject(opRequest(key))).statusCode).toBe(201);
    }
    expect(gateway.runs).toHaveLength(3);
  });

  it("is neither required nor used on routes that do not opt in", async () => {
    gateway = await idempotencyTestApp();
    for (const key of [undefined, "k", "k"]) {
      const response = await gateway.app.inject({ ...opRequest(key), url: "/api/v1/test/plain" });
      expect(response.statusCode).toBe(201);
      expect(response.headers["idempotent-replayed"]).toBeUndefined();
    }
    expect(gateway.runs).toHaveLength(3);
  });
});

describe("replay", () => {
  it("runs the handler once and replays its response byte for byte, marked Idempotent-Replayed", async () => {
    gateway = await idempotencyTestApp();
    const first = await gateway.app.inject(opRequest("k1", { amount: 100, note: "window seat" }));
    expect(first.statusCode).toBe(201);
    expect(first.headers["idempotent-replayed"]).toBeUndefined();
    // Same request, other spacing and key order: the parsed body is what counts.
    const reordered = '{ "note": "window seat",\n  "amount": 100 }';
    const again = await gateway.app.inject(opRequest("k1", reordered, { "x-request-id": "retry-1" }));
    expect(again.statusCode).toBe(201);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(again.headers["content-type"]).toBe(first.headers["content-type"]);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.headers["x-request-id"]).toBe("retry-1");
    expect(gateway.runs).toHaveLength(1);
  });

  it("answers 422 IDEMPOTENCY_KEY_REUSED for the same key with another body, without running it", async () => {
    gateway = await idempotencyTestApp();
    await gateway.app.inject(opRequest("k1", { amount: 100 }));
    expectEnvelope(await gateway.app.inject(opRequest("k1", { amount: 101 })), "IDEMPOTENCY_KEY_REUSED");
    expect(gateway.runs).toHaveLength(1);
  });

  it("stores a handler's 402 and 409 and replays them byte-identical but for trace_id, which is this request's id as its header", async () => {
    gateway = await idempotencyTestApp();
    for (const code of ["WALLET_INSUFFICIENT_FUNDS", "BOOKING_INVALID_STATE"] as const) {
      gateway.handler = () => {
        throw new DomainError(code, "refused by the handler");
      };
      const first = await gateway.app.inject(opRequest(code, undefined, { "x-request-id": `first-${code}` }));
      expect(expectEnvelope(first, code).trace_id).toBe(`first-${code}`);
      gateway.handler = () => ({ changed: "mind" });
      const again = await gateway.app.inject(opRequest(code, undefined, { "x-request-id": `retry-${code}` }));
      expect(again.statusCode).toBe(first.statusCode);
      // Body and header name this request, as on a successful replay; every other byte is the first answer's.
      expect(expectEnvelope(again, code).trace_id).toBe(`retry-${code}`);
      expect(again.headers["x-request-id"]).toBe(`retry-${code}`);
      expect(again.body).toBe(first.body.replace(`"trace_id":"first-${code}"`, `"trace_id":"retry-${code}"`));
      expect(again.body).not.toBe(first.body);
      expect(again.headers["idempotent-replayed"]).toBe("true");
      expect(again.headers["content-type"]).toBe("application/json; charset=utf-8");
    }
    expect(gateway.runs).toHaveLength(2);
  });

  it("does not store a retryable answer below 500 (a peer's in-progress 409): the retry runs again", async () => {
    gateway = await idempotencyTestApp();
    gateway.handler = () => {
      throw new DomainError("IDEMPOTENCY_REQUEST_IN_PROGRESS", "the booking is still being made");
    };
    expectEnvelope(await gateway.app.inject(opRequest("k1")), "IDEMPOTENCY_REQUEST_IN_PROGRESS");
    gateway.handler = (_body, run) => ({ run });
    const settled = await gateway.app.inject(opRequest("k1"));
    expect([settled.statusCode, settled.json(), settled.headers["idempotent-replayed"]]).toEqual([201, { run: 2 }, undefined]);
  });

  it("does not store a 5xx: a retry runs again, and the first answer below 500 is kept", async () => {
    gateway = await idempotencyTestApp();
    gateway.handler = () => {
      throw new Error("crashed");
    };
    expectEnvelope(await gateway.app.inject(opRequest("k1")), "INTERNAL");
    gateway.handler = () => {
      throw new DomainError("PROVIDER_TIMEOUT", "airline too slow");
    };
    expectEnvelope(await gateway.app.inject(opRequest("k1")), "PROVIDER_TIMEOUT");
    gateway.handler = (_body, run) => ({ run });
    const ok = await gateway.app.inject(opRequest("k1"));
    expect(ok.json()).toEqual({ run: 3 });
    expect((await gateway.app.inject(opRequest("k1"))).body).toBe(ok.body);
    expect(gateway.runs).toHaveLength(3);
  });

  it("does not record a request its schema rejects, so the corrected retry may reuse the key", async () => {
    gateway = await idempotencyTestApp();
    expectEnvelope(await gateway.app.inject(opRequest("k1", { amount: 0 })), "VALIDATION_FAILED");
    expectEnvelope(await gateway.app.inject(opRequest("k1", '{"amount":')), "VALIDATION_MALFORMED_JSON");
    expect((await gateway.app.inject(opRequest("k1", { amount: 5 }))).statusCode).toBe(201);
    expect(gateway.runs).toEqual([{ amount: 5 }]);
  });

  it("keeps keys apart per agent and per operation", async () => {
    gateway = await idempotencyTestApp();
    const mine = await gateway.app.inject(opRequest("shared"));
    const theirs = await gateway.app.inject(opRequest("shared", { amount: 7 }, { "x-api-key": otherAgentKey }));
    const otherOperation = await gateway.app.inject({ ...opRequest("shared", { amount: 8 }), url: "/api/v1/test/other" });
    for (const response of [mine, theirs, otherOperation]) expect(response.headers["idempotent-replayed"]).toBeUndefined();
    expect(gateway.runs).toHaveLength(3);
    const theirsAgain = await gateway.app.inject(opRequest("shared", { amount: 7 }, { "x-api-key": otherAgentKey }));
    expect(theirsAgain.body).toBe(theirs.body);
    expect((await gateway.app.inject(opRequest("shared"))).body).toBe(mine.body);
    expect(gateway.runs).toHaveLength(3);
  });
});

describe("store failures", () => {
  it("answers 503 UNAVAILABLE (retryable) when the store cannot be asked, without running the handler", async () => {
    const store: IdempotencyStore = {
      begin: () => Promise.reject(new Error("connection pool closed")),
      complete: () => Promise.resolve(),
      abandon: () => Promise.resolve(),
    };
    gateway = await idempotencyTestApp({ store });
    const response = await gateway.app.inject(opRequest("k1"));
    expect(expectEnvelope(response, "UNAVAILABLE").error.retryable).toBe(true);
    expect(response.body).not.toContain("connection pool");
    expect(gateway.runs).toHaveLength(0);
  });

  it("answers 503 UNAVAILABLE within its bound when the store hangs (a blackholed database), and sends an answer it cannot record", async () => {
    const hung = new Promise<never>(() => undefined);
    const hanging: IdempotencyStore = { begin: () => hung, complete: () => hung, abandon: () => hung };
    gateway = await idempotencyTestApp({ store: hanging, storeTimeoutMs: 100 });
    const started = performance.now();
    expect(expectEnvelope(await gateway.app.inject(opRequest("k1")), "UNAVAILABLE").error.retryable).toBe(true);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(gateway.runs).toHaveLength(0);

    const memory = new MemoryIdempotencyStore();
    const hangsOnComplete: IdempotencyStore = { begin: (...args) => memory.begin(...args), complete: () => hung, abandon: () => hung };
    await gateway.app.close();
    gateway = await idempotencyTestApp({ store: hangsOnComplete, storeTimeoutMs: 100 });
    expect((await gateway.app.inject(opRequest("k2"))).statusCode).toBe(201);
    expect(gateway.logs.find((line) => line.msg === "idempotency record not settled")).toMatchObject({ level: 50 });
  });

  it("still sends the answer when it cannot be stored, and logs why", async () => {
    const memory = new MemoryIdempotencyStore();
    const store: IdempotencyStore = {
      begin: (...args) => memory.begin(...args),
      complete: () => Promise.reject(new Error("write concern timeout")),
      abandon: (scope, lease) => memory.abandon(scope, lease),
    };
    gateway = await idempotencyTestApp({ store });
    expect((await gateway.app.inject(opRequest("k1"))).statusCode).toBe(201);
    expect(gateway.logs.find((line) => line.msg === "idempotency record not settled")).toMatchObject({ level: 50 });
    // Unsettled, the key stays in progress until its lease runs out.
    expectEnvelope(await gateway.app.inject(opRequest("k1")), "IDEMPOTENCY_REQUEST_IN_PROGRESS");
    await memory.close();
  });
});

describe("wiring", () => {
  it("sits in the primary surface of build(), after API key auth, and leaves routes that do not opt in alone", async () => {
    const real = await testApp();
    try {
      expect(real.app.printPlugins()).toMatch(/primaryApi[\s\S]*tarmac-credential-auth[\s\S]*tarmac-idempotency/);
      for (let i = 0; i < 2; i++) {
        const response = await real.app.inject(searchRequest(undefined, { "idempotency-key": "k1" }));
        expect(response.headers["idempotent-replayed"]).toBeUndefined();
      }
      expect(real.calls.search).toHaveLength(2);
    } finally {
      await real.app.close();
    }
  });
});
