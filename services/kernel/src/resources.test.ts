import { describe, expect, it, vi } from "vitest";
import { Resources } from "./resources.js";
import { silentLogger } from "./testing/silent-logger.js";

describe("Resources", () => {
  it("releases newest first, each once, and goes on past a failing step, logging it", async () => {
    const logger = silentLogger();
    const error = vi.spyOn(logger, "error");
    const resources = new Resources(logger, "wallet");
    const order: string[] = [];
    const store = resources.keep({ name: "store" }, async () => void order.push("store"));
    resources.keep(undefined, () => Promise.reject(new Error("relay would not stop")));
    resources.keep(undefined, async () => void order.push("sweep"));

    await resources.release();
    await resources.release();

    expect(store).toEqual({ name: "store" });
    expect(order).toEqual(["sweep", "store"]);
    expect(error).toHaveBeenCalledOnce();
    expect(error.mock.calls[0]?.[1]).toBe("wallet shutdown step failed");
  });

  it("collects the probes of what it keeps, for the host's readiness", () => {
    const resources = new Resources(silentLogger(), "booking");
    const probe = { name: "mongodb", check: () => Promise.resolve(true) };
    expect(resources.keepStorage({ value: 42, probe, close: () => Promise.resolve() })).toBe(42);
    resources.keep("relay", () => Promise.resolve());
    expect(resources.probes).toEqual([probe]);
  });
});
