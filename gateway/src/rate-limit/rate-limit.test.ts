import { create } from "@bufbuild/protobuf";
import { createLogger, DomainError, type Logger } from "@tarmac/kernel";
import { AgentStatus, AgentTier, Scope, VerifyApiKeyResponseSchema } from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import { BookingStatus, CreateBookingResponseSchema } from "@tarmac/proto/tarmac/booking/v1/booking_pb.js";
import { GetBalanceResponseSchema } from "@tarmac/proto/tarmac/wallet/v1/wallet_pb.js";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type LightMyRequestResponse } from "fastify";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { build } from "../app.js";
import type { RateLimits } from "./limits.js";
import { MemoryRateLimitStore } from "./memory-rate-limit-store.js";
import type { RateLimitStore } from "./rate-limit-store.js";
import { expectEnvelope } from "../testing/envelope.js";
import { type FakeCalls, fakeServiceClients, keys } from "../testing/fake-services.js";
import { searchBody } from "../testing/test-app.js";
import { rateLimiter } from "./rate-limit.js";
import { ADULT_PASSENGER, CONTACT_INFO } from "../testing/booking-bodies.js";

/** Two keys of one agent, each with its own key id; and a key without the search scope. */
const keyA = "tk_test_agentRL1_0123456789abcdef0123456789abcdef";
const keyB = "tk_test_agentRL2_0123456789abcdef0123456789abcdef";
const walletOnlyKey = "tk_test_agentRL3_0123456789abcdef0123456789abcdef";
const keyIds: Record<string, [string, Scope[]]> = {
  [keyA]: ["key_a", [Scope.FLIGHT_SEARCH, Scope.WALLET_READ, Scope.FLIGHT_BOOK]],
  [keyB]: ["key_b", [Scope.FLIGHT_SEARCH, Scope.WALLET_READ]],
  [walletOnlyKey]: ["key_c", [Scope.WALLET_READ]],
};

const limits: RateLimits = { search: 3, default: 2, auth: 1 };

interface Harness {
  readonly app: FastifyInstance;
  readonly calls: FakeCalls;
  readonly logs: Record<string, unknown>[];
}

let harness: Harness | undefined;
let bookingsCreated = 0;
// Time stands still unless a test moves it, so a slow machine never sees a window end mid-test.
// Only Date is faked (the in-memory store reads Date.now()); timers stay real.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
});
afterEach(async () => {
  vi.useRealTimers();
  bookingsCreated = 0;
  await harness?.app.close();
  harness = undefined;
});

function capturingLogger(): { logger: Logger; logs: Record<string, unknown>[] } {
  const logs: Record<string, unknown>[] = [];
  const logger = createLogger({ name: "gateway", level: "debug" }, { write: (line: string) => void logs.push(JSON.parse(line)) });
  return { logger, logs };
}

/** The real gateway (build) with small limits, over fakes that know keyA, keyB and walletOnlyKey. */
async function gateway(options: { rateLimitStore?: RateLimitStore } = {}): Promise<Harness> {
  const { clients, calls } = fakeServiceClients({
    booking: {
      createBooking: () => {
        bookingsCreated++;
        return create(CreateBookingResponseSchema, {
          bookingId: "bkg_1",
          pnr: "ABC234",
          totalPricePaise: 1n,
          currency: "INR",
          status: BookingStatus.BOOKED,
        });
      },
    },
    wallet: {
      getBalance: (request) =>
        create(GetBalanceResponseSchema, {
          balance: { agentId: request.agentId, currency: "INR", balancePaise: 1n, creditLimitPaise: 0n, heldPaise: 0n, availablePaise: 1n },
        }),
    },
  });
  const auth: typeof clients.auth = {
    ...clients.auth,
    verifyApiKey: (request, callOptions) => {
      const known = keyIds[request.apiKey ?? ""];
      if (!known) return clients.auth.verifyApiKey(request, callOptions);
      const [keyId, scopes] = known;
      return Promise.resolve(create(VerifyApiKeyResponseSchema, { agentId: "agent_rl", keyId, agentStatus: AgentStatus.ACTIVE, scopes }));
    },
  };
  const { logger, logs } = capturingLogger();
  const app = build({ clients: { ...clients, auth }, logger, rateLimits: limits, ...options });
  await app.ready();
  harness = { app, calls, logs };
  return harness;
}

/** key null: no X-API-Key header. */
const search = (app: FastifyInstance, key: string | null = keyA, body: unknown = searchBody) =>
  app.inject({
    method: "POST",
    url: "/api/v1/flight/search",
    headers: { "content-type": "application/json", ...(key !== null && { "x-api-key": key }) },
    payload: JSON.stringify(body),
  });

const balance = (app: FastifyInstance, key = keyA) =>
  app.inject({
    method: "POST",
    url: "/api/v1/wallet/balance",
    headers: { "content-type": "application/json", "x-api-key": key },
    payload: "{}",
  });

const rateHeaders = (response: LightMyRequestResponse) => ({
  limit: response.headers["ratelimit-limit"],
  remaining: response.headers["ratelimit-remaining"],
  reset: response.headers["ratelimit-reset"],
});

async function exhaust(send: () => Promise<LightMyRequestResponse>, times: number): Promise<void> {
  for (let i = 0; i < times; i++) expect((await send()).statusCode).toBe(200);
}

describe("rate limits on the primary surface", () => {
  it("answers the request after the limit 429 RATE_LIMITED in the envelope, with Retry-After", async () => {
    const { app, calls } = await gateway();
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await search(app));

    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 429]);
    const body = expectEnvelope(answers[3]!, "RATE_LIMITED");
    expect(body.error).toMatchObject({ category: "SYSTEM", retryable: true });
    expect(body.error.message).toBe("Rate limit of 3 requests per second exceeded; retry in 1 second");
    expect(answers[3]!.headers["retry-after"]).toBe("1");
    expect(rateHeaders(answers[3]!)).toEqual({ limit: "3", remaining: "0", reset: "1" });
    // The limited request never reached the search service.
    expect(calls.search).toHaveLength(3);
  });

  it("puts RateLimit-Limit, -Remaining (decreasing) and -Reset on every answer, Retry-After only on 429", async () => {
    const { app } = await gateway();
    const answers = [await search(app), await search(app), await search(app)];
    expect(answers.map(rateHeaders)).toEqual([
      { limit: "3", remaining: "2", reset: "1" },
      { limit: "3", remaining: "1", reset: "1" },
      { limit: "3", remaining: "0", reset: "1" },
    ]);
    for (const answer of answers) expect(answer.headers["retry-after"]).toBeUndefined();
  });

  it("counts requests the handler refuses, and keeps the headers on their error answers", async () => {
    const { app } = await gateway();
    const invalid = await search(app, keyA, { ...searchBody, dest: 42 });
    expectEnvelope(invalid, "VALIDATION_FAILED");
    expect(rateHeaders(invalid)).toEqual({ limit: "3", remaining: "2", reset: "1" });
    expect(rateHeaders(await search(app))).toMatchObject({ remaining: "1" });
  });

  it("gives every API key its own bucket, even two keys of one agent", async () => {
    const { app } = await gateway();
    await exhaust(() => search(app, keyA), 3);
    expect((await search(app, keyA)).statusCode).toBe(429);
    const other = await search(app, keyB);
    expect(other.statusCode).toBe(200);
    expect(rateHeaders(other)).toMatchObject({ remaining: "2" });
  });

  it("limits search and the other operations separately, each with its own limit", async () => {
    const { app } = await gateway();
    await exhaust(() => search(app), 3);
    expect((await search(app)).statusCode).toBe(429);

    const first = await balance(app);
    expect(first.statusCode).toBe(200);
    expect(rateHeaders(first)).toEqual({ limit: "2", remaining: "1", reset: "1" });
    expect((await balance(app)).statusCode).toBe(200);
    expectEnvelope(await balance(app), "RATE_LIMITED");
  });

  it("starts a fresh window a second later", async () => {
    const { app } = await gateway();
    await exhaust(() => search(app), 3);
    expect((await search(app)).statusCode).toBe(429);
    vi.setSystemTime(Date.now() + 999);
    expect((await search(app)).statusCode).toBe(429);
    vi.setSystemTime(Date.now() + 1);
    const fresh = await search(app);
    expect(fresh.statusCode).toBe(200);
    expect(rateHeaders(fresh)).toMatchObject({ remaining: "2" });
  });

  it("answers unauthenticated requests 401 and forbidden ones 403, never 429, without counting them", async () => {
    const { app } = await gateway();
    // Far more than the limit: were the limiter ahead of auth (keyed by IP), these would turn 429.
    for (let i = 0; i < 6; i++) {
      const missing = await search(app, null);
      expectEnvelope(missing, "AUTH_MISSING_CREDENTIALS");
      expect(missing.headers["ratelimit-limit"]).toBeUndefined();
      expectEnvelope(await search(app, keys.valid.replace("agent001", "unknown1")), "AUTH_INVALID_API_KEY");
      expectEnvelope(await search(app, walletOnlyKey), "AUTH_FORBIDDEN");
    }
    const first = await search(app, keyA);
    expect(first.statusCode).toBe(200);
    expect(rateHeaders(first)).toMatchObject({ remaining: "2" });
    // The forbidden key's own bucket for other operations is untouched too.
    expect(rateHeaders(await balance(app, walletOnlyKey))).toMatchObject({ limit: "2", remaining: "1" });
  });

  it("refuses over the limit before an Idempotency-Key is claimed, so the same key works in the next window", async () => {
    const { app } = await gateway();
    const passenger = ADULT_PASSENGER;
    const body = { fare_token: "ft_1", passengers: [passenger], contact_info: CONTACT_INFO };
    const book = () =>
      app.inject({
        method: "POST",
        url: "/api/v1/flight/booking/create",
        headers: { "content-type": "application/json", "x-api-key": keyA, "idempotency-key": "rl-book-1" },
        payload: JSON.stringify(body),
      });
    await exhaust(() => balance(app), 2);
    expectEnvelope(await book(), "RATE_LIMITED");
    vi.setSystemTime(Date.now() + 1_000);
    const booked = await book();
    expect(booked.statusCode, booked.body).toBe(200);
    expect(booked.headers["idempotent-replayed"]).toBeUndefined();
    expect(bookingsCreated).toBe(1);
  });

  it("never limits the health routes", async () => {
    const { app } = await gateway();
    for (let i = 0; i < 10; i++) {
      const response = await app.inject({ method: "GET", url: "/healthz" });
      expect(response.statusCode).toBe(200);
      expect(response.headers["ratelimit-limit"]).toBeUndefined();
    }
  });

  it("lets requests through and logs when the store fails", async () => {
    const failing: RateLimitStore = { increment: () => Promise.reject(new Error("store down")) };
    const { app, logs } = await gateway({ rateLimitStore: failing });
    await exhaust(() => search(app), 5);
    expect(logs.filter((l) => l.msg === "rate limit store failed; request let through")).toHaveLength(5);
  });
});

describe("the rateLimiter plugin in another surface", () => {
  /** The recipe for the secondary surface: its own plugin, its auth hook first, its own error format. */
  async function twoSurfaces(): Promise<FastifyInstance> {
    const app = Fastify();
    const settings = { store: new MemoryRateLimitStore(), limits };
    const sendOwnFormat = (error: unknown, _request: FastifyRequest, reply: FastifyReply) => {
      const domain = error instanceof DomainError ? error : new DomainError("INTERNAL", "Internal error");
      if (domain.retryAfterSeconds !== undefined) reply.header("retry-after", String(domain.retryAfterSeconds));
      return reply.code(domain.status).send({ success: false, error: { code: domain.code, message: domain.message } });
    };
    app.register(
      async (api) => {
        api.setErrorHandler(sendOwnFormat);
        await api.register(rateLimiter, settings);
        // No caller on these routes: counted per client IP in the "auth" group.
        api.post("/send-otp", { config: { rateLimitGroup: "auth" } }, async () => ({ success: true }));
      },
      { prefix: "/api/auth" },
    );
    app.register(
      async (api) => {
        api.setErrorHandler(sendOwnFormat);
        api.decorateRequest("caller", null);
        api.addHook("onRequest", async (request) => {
          const token = request.headers.authorization;
          if (!token) throw new DomainError("AUTH_MISSING_CREDENTIALS", "Bearer token required");
          request.caller = { agentId: "agent_rl", keyId: `ses_${token}`, userId: "usr_1", scopes: [], tier: AgentTier.STANDARD };
        });
        await api.register(rateLimiter, settings);
        api.get("/search", { config: { rateLimitGroup: "search" } }, async () => ({ success: true }));
      },
      { prefix: "/api/flights" },
    );
    await app.ready();
    return app;
  }

  it("limits per token session and per IP for /api/auth, answering in the surface's own format", async () => {
    const app = await twoSurfaces();
    try {
      const otp = () => app.inject({ method: "POST", url: "/api/auth/send-otp", remoteAddress: "203.0.113.7" });
      expect((await otp()).statusCode).toBe(200);
      const limited = await otp();
      expect(limited.statusCode).toBe(429);
      expect(limited.headers["retry-after"]).toBe("1");
      expect(limited.json()).toMatchObject({ success: false, error: { code: "RATE_LIMITED" } });
      const elsewhere = await app.inject({ method: "POST", url: "/api/auth/send-otp", remoteAddress: "198.51.100.9" });
      expect(elsewhere.statusCode).toBe(200);

      const flights = (token: string) => app.inject({ method: "GET", url: "/api/flights/search", headers: { authorization: token } });
      for (let i = 0; i < 3; i++) expect((await flights("t1")).statusCode).toBe(200);
      expect((await flights("t1")).statusCode).toBe(429);
      expect(rateHeaders(await flights("t2"))).toEqual({ limit: "3", remaining: "2", reset: "1" });
    } finally {
      await app.close();
    }
  });

  it("refuses to start with a route in an unknown group", async () => {
    const app = Fastify();
    app.register(async (api) => {
      await api.register(rateLimiter, { store: new MemoryRateLimitStore(), limits });
      api.get("/x", { config: { rateLimitGroup: "bulk" as "search" } }, async () => ({}));
    });
    await expect(app.ready()).rejects.toThrow('route GET /x names unknown rate limit group "bulk"');
    await app.close();
  });
});
