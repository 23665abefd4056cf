import { ConfigError } from "@tarmac/kernel";
import { silentLogger } from "@tarmac/kernel/testing";
import { describe, expect, it } from "vitest";
import { startStack } from "./stack.js";

describe("startStack", () => {
  it("starts six services and a gateway that finds them all ready, and stops them", async () => {
    const stack = await startStack({ env: {}, port: 0, servicePorts: "ephemeral", logger: silentLogger() });
    try {
      expect(Object.keys(stack.services).sort()).toEqual(["auth", "booking", "fare", "search", "wallet", "webhooks"]);
      expect(stack.apiKey).toMatch(/^tk_test_[A-Za-z0-9]{8}_[A-Za-z0-9]{32}$/);
      const ready = await fetch(`${stack.gatewayOperationsUrl}/readyz`);
      expect(ready.status).toBe(200);
      const search = await fetch(`${stack.gatewayUrl}/api/v1/flight/search`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-api-key": stack.apiKey },
        body: JSON.stringify({ origin: "DEL", dest: "BOM", dod: "20200101" }),
      });
      expect(search.status).toBe(400);
    } finally {
      await stack.stop();
    }
    await expect(fetch(`${stack.gatewayUrl}/healthz`)).rejects.toThrow();
    await expect(fetch(`${stack.services.auth}/`)).rejects.toThrow();
  });

  it("uses TARMAC_DEV_API_KEY as the demo key", async () => {
    const key = `tk_test_Stack001_${"k".repeat(32)}`;
    const env = { TARMAC_DEV_API_KEY: key };
    const stack = await startStack({ env, port: 0, servicePorts: "ephemeral", logger: silentLogger() });
    await stack.stop();
    expect(stack.apiKey).toBe(key);
  });

  it("starts nothing on a bad variable, and names it", async () => {
    const start = (env: NodeJS.ProcessEnv) => startStack({ env, port: 0, servicePorts: "ephemeral", logger: silentLogger() });
    await expect(start({ TARMAC_DEV_API_KEY: "tk_live_nope" })).rejects.toThrow(/TARMAC_DEV_API_KEY/);
    await expect(start({ TARMAC_SERVICE_PORTS: "random" })).rejects.toThrow(/TARMAC_SERVICE_PORTS/);
    await expect(start({ TARMAC_ENV: "production" })).rejects.toThrow(ConfigError);
  });
});
