import { createMetricsRegistry, DomainError, type MetricsRegistry } from "@tarmac/kernel";
import { describe, expect, it } from "vitest";
import { askProvider } from "./ask-provider.js";
import type { AirlineProvider } from "./provider-port.js";

const provider = { name: "TESTAIR" } as AirlineProvider;
const never = (signal: AbortSignal) =>
  new Promise<never>((_, reject) => signal.addEventListener("abort", () => reject(new Error("aborted"))));

async function values(metrics: MetricsRegistry, metricName: string) {
  const all = await metrics.registry.getMetricsAsJSON();
  return all.flatMap((m) =>
    m.values
      .filter((v) => ((v as { metricName?: string }).metricName ?? m.name) === metricName)
      .map((v) => ({ ...v.labels, value: v.value })),
  );
}

describe("askProvider metrics", () => {
  it("times every call by provider, operation and outcome, and counts failures by code", async () => {
    const metrics = createMetricsRegistry();
    const limits = (operation: "reserve" | "seatMap", timeoutMs = 1_000, signal = new AbortController().signal) => ({
      signal,
      timeoutMs,
      operation,
      metrics,
    });

    expect(await askProvider(provider, async () => "PNR123", limits("reserve"))).toBe("PNR123");
    const soldOut = new DomainError("PROVIDER_SOLD_OUT", "gone", { provider: { name: "TESTAIR", code: "SOLD_OUT", message: "gone" } });
    await expect(askProvider(provider, () => Promise.reject(soldOut), limits("reserve"))).rejects.toBe(soldOut);
    await expect(askProvider(provider, never, limits("seatMap", 20))).rejects.toMatchObject({ code: "PROVIDER_TIMEOUT" });
    await expect(askProvider(provider, () => Promise.reject(new Error("socket hang up")), limits("seatMap"))).rejects.toMatchObject({
      code: "PROVIDER_UNAVAILABLE",
    });
    const caller = new AbortController();
    const gone = askProvider(provider, never, limits("seatMap", 1_000, caller.signal));
    caller.abort(new Error("the caller went away"));
    await expect(gone).rejects.toThrow(/went away/);

    const counts = await values(metrics, "provider_request_duration_seconds_count");
    expect(counts).toEqual(
      expect.arrayContaining([
        { provider: "TESTAIR", operation: "reserve", outcome: "ok", value: 1 },
        { provider: "TESTAIR", operation: "reserve", outcome: "refused", value: 1 },
        { provider: "TESTAIR", operation: "seatMap", outcome: "timeout", value: 1 },
        { provider: "TESTAIR", operation: "seatMap", outcome: "unavailable", value: 1 },
        { provider: "TESTAIR", operation: "seatMap", outcome: "cancelled", value: 1 },
      ]),
    );
    expect(counts).toHaveLength(5);
    expect(await values(metrics, "provider_errors_total")).toEqual(
      expect.arrayContaining([
        { provider: "TESTAIR", operation: "reserve", code: "PROVIDER_SOLD_OUT", value: 1 },
        { provider: "TESTAIR", operation: "seatMap", code: "PROVIDER_TIMEOUT", value: 1 },
        { provider: "TESTAIR", operation: "seatMap", code: "PROVIDER_UNAVAILABLE", value: 1 },
      ]),
    );
    expect(await values(metrics, "provider_errors_total")).toHaveLength(3);
  });

  it("labels a call without an operation as unknown", async () => {
    const metrics = createMetricsRegistry();
    await askProvider(provider, async () => 1, { signal: new AbortController().signal, timeoutMs: 100, metrics });
    expect(await values(metrics, "provider_request_duration_seconds_count")).toEqual([
      { provider: "TESTAIR", operation: "unknown", outcome: "ok", value: 1 },
    ]);
  });
});
