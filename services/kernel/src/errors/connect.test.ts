import { Code, ConnectError } from "@connectrpc/connect";
import { describe, expect, it } from "vitest";
import { fromConnectError, toConnectError } from "./connect.js";
import { DomainError, fieldError, validationFailed } from "./domain-error.js";
import { toEnvelope } from "./envelope.js";

describe("error catalogue mappings", () => {
  it("keeps code, field errors and provider across a Connect hop", () => {
    const original = validationFailed([fieldError("origin", "REQUIRED", "origin is required")]);
    const wire = toConnectError(original);
    expect(wire.code).toBe(Code.InvalidArgument);
    const back = fromConnectError(wire);
    expect(back.code).toBe("VALIDATION_FAILED");
    expect(back.status).toBe(400);
    expect(back.errors).toEqual([{ field: "origin", code: "REQUIRED", message: "origin is required" }]);

    const provider = new DomainError("PROVIDER_SOLD_OUT", "Sold out", {
      provider: { name: "SANDBOX", code: "SOLD_OUT", message: "No seats left" },
    });
    expect(fromConnectError(toConnectError(provider)).provider).toEqual(provider.provider);
  });

  it("turns transport failures into retryable UNAVAILABLE and unknown failures into INTERNAL", () => {
    expect(fromConnectError(new ConnectError("connect ECONNREFUSED", Code.Unavailable)).code).toBe("UNAVAILABLE");
    expect(fromConnectError(new ConnectError("deadline", Code.DeadlineExceeded)).retryable).toBe(true);
    const internal = fromConnectError(new Error("secret detail"));
    expect(internal.code).toBe("INTERNAL");
    expect(internal.message).not.toContain("secret");
  });

  it("builds the envelope with status and category from the catalogue", () => {
    const error = new DomainError("WALLET_INSUFFICIENT_FUNDS", "Available 100.00 INR");
    expect(error.status).toBe(402);
    expect(toEnvelope(error, "req-1")).toEqual({
      trace_id: "req-1",
      error: { category: "WALLET", code: "WALLET_INSUFFICIENT_FUNDS", message: "Available 100.00 INR", retryable: false },
    });
  });
});
