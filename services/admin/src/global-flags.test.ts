import { describe, expect, it } from "vitest";
import { DEFAULT_AUTH_URL, DEFAULT_BOOKING_URL, DEFAULT_WALLET_URL, DEFAULT_WEBHOOKS_URL, resolveUrls } from "./global-flags.js";
import { UsageError } from "./usage-error.js";

describe("resolveUrls", () => {
  it("defaults to the services' development ports", () => {
    expect(resolveUrls({}, {})).toEqual({
      auth: DEFAULT_AUTH_URL,
      wallet: DEFAULT_WALLET_URL,
      webhooks: DEFAULT_WEBHOOKS_URL,
      booking: DEFAULT_BOOKING_URL,
    });
    expect(DEFAULT_BOOKING_URL).toBe("http://127.0.0.1:50053");
    expect(DEFAULT_AUTH_URL).toBe("http://127.0.0.1:50055");
    expect(DEFAULT_WALLET_URL).toBe("http://127.0.0.1:50054");
    expect(DEFAULT_WEBHOOKS_URL).toBe("http://127.0.0.1:50057");
  });

  it("takes the environment over the default and a flag over both", () => {
    const env = {
      AUTH_URL: "http://auth.internal:50055",
      WALLET_URL: "http://wallet.internal:50054/",
      WEBHOOKS_URL: "http://webhooks.internal:50057",
    };
    expect(resolveUrls({}, env)).toEqual({
      auth: "http://auth.internal:50055",
      wallet: "http://wallet.internal:50054",
      webhooks: "http://webhooks.internal:50057",
      booking: DEFAULT_BOOKING_URL,
    });
    expect(resolveUrls({ "auth-url": "https://auth.ops:443", "webhooks-url": "https://webhooks.ops:443/" }, env)).toEqual({
      auth: "https://auth.ops:443",
      wallet: "http://wallet.internal:50054",
      webhooks: "https://webhooks.ops:443",
      booking: DEFAULT_BOOKING_URL,
    });
    expect(resolveUrls({}, { AUTH_URL: "" }).auth).toBe(DEFAULT_AUTH_URL);
  });

  it("refuses a URL that is not http(s), naming where it came from", () => {
    expect(() => resolveUrls({ "wallet-url": "localhost:50054" }, {})).toThrow(
      new UsageError('--wallet-url: "localhost:50054" must be an http:// or https:// URL'),
    );
    expect(() => resolveUrls({}, { AUTH_URL: "ftp://x" })).toThrow(/^env AUTH_URL: "ftp:\/\/x" must be an http/);
  });
});
