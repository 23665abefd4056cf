import { silentLogger } from "@tarmac/kernel/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStack, type Stack } from "./stack.js";
import { adultPassenger, apiClient, contact } from "./testing/api-client.js";
import { holdAllBut } from "./testing/wallet-client.js";
import { relaxedRateLimits } from "./testing/rate-limits.js";

/** Bookings racing each other for the same wallet and the same idempotency key, through the gateway. */
describe("concurrent bookings", () => {
  let stack: Stack;
  let api: ReturnType<typeof apiClient>;
  beforeAll(async () => {
    stack = await startStack({
      env: { TARMAC_ENV: "test", LOG_LEVEL: "silent", ...relaxedRateLimits },
      port: 0,
      servicePorts: "ephemeral",
      logger: silentLogger(),
    });
    api = apiClient(stack.gatewayUrl, stack.apiKey);
  }, 30_000);
  afterAll(() => stack?.stop());

  const book = (fareToken: string, key: string, passengers = [adultPassenger(1)]) =>
    api.post("/api/v1/flight/booking/create", { fare_token: fareToken, passengers, contact_info: contact }, { "idempotency-key": key });

  it("books exactly 10 of 100 concurrent requests on a wallet that affords exactly 10", async () => {
    const { fareToken, netFare } = await api.lockedFare({ origin: "BLR", dest: "HYD" });
    const before = (await api.post("/api/v1/wallet/balance", {})).json;
    const reserve = await holdAllBut(stack, before.available_paise, 10 * netFare);
    try {
      const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => book(fareToken, `race-${i}`)));
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(10);
      expect(statuses.filter((s) => s === 402)).toHaveLength(90);
      for (const refused of answers.filter((a) => a.status === 402)) expect(refused.json.error.code).toBe("WALLET_INSUFFICIENT_FUNDS");
      const pnrs = new Set(answers.filter((a) => a.status === 200).map((a) => a.json.pnr));
      expect(pnrs.size).toBe(10);
      const after = (await api.post("/api/v1/wallet/balance", {})).json;
      expect(after.balance_paise).toBe(before.balance_paise - 10 * netFare);
      expect(after.available_paise).toBe(0);
    } finally {
      await reserve.release();
    }
  }, 60_000);

  it("makes one booking and one debit of 50 concurrent identical requests with one key; other bodies get 422", async () => {
    const { fareToken, netFare } = await api.lockedFare({ origin: "HYD", dest: "BLR" });
    const before = (await api.post("/api/v1/wallet/balance", {})).json;
    const answers = await Promise.all(Array.from({ length: 50 }, () => book(fareToken, "same-key-50")));
    const originals = answers.filter((a) => a.status === 200 && a.headers.get("idempotent-replayed") === null);
    const replays = answers.filter((a) => a.headers.get("idempotent-replayed") === "true");
    const inProgress = answers.filter((a) => a.status === 409);
    expect(originals).toHaveLength(1);
    expect(replays.length + inProgress.length).toBe(49);
    for (const replay of replays) expect(replay.text).toBe(originals[0]!.text);
    for (const busy of inProgress) expect(busy.json.error).toMatchObject({ code: "IDEMPOTENCY_REQUEST_IN_PROGRESS", retryable: true });

    const after = (await api.post("/api/v1/wallet/balance", {})).json;
    expect(after.balance_paise).toBe(before.balance_paise - netFare);
    const statement = (await api.post("/api/v1/wallet/statement", { limit: 50 })).json;
    const captures = statement.lines.filter(
      (l: { kind: string; reference: string }) => l.kind === "CAPTURE" && l.reference === originals[0]!.json.booking_id,
    );
    expect(captures).toHaveLength(1);

    const other = await book(fareToken, "same-key-50", [{ ...adultPassenger(1), first_name: "Someone" }]);
    expect(other.status).toBe(422);
    expect(other.json.error.code).toBe("IDEMPOTENCY_KEY_REUSED");
  }, 60_000);
});
