import { describe, expect, it } from "vitest";
import { developmentCredential } from "../caller-auth/credentials.js";
import { createServiceClient } from "../clients.js";
import { Health } from "@tarmac/proto/grpc/health/v1/health_pb.js";
import { freePort } from "../free-port.js";
import { DomainError } from "./domain-error.js";
import { neverSent } from "./never-sent.js";

describe("neverSent", () => {
  it("is true for a peer call whose connection was refused", async () => {
    const client = createServiceClient(Health, `http://127.0.0.1:${await freePort()}`, {
      credential: developmentCredential("booking"),
    });
    const failure = await client.check({ service: "" }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DomainError);
    expect(neverSent(failure)).toBe(true);
  });

  it("is false for a timeout or an error with no refused connection behind it", () => {
    const timedOut = new DomainError("UNAVAILABLE", "deadline", { cause: Object.assign(new Error("timeout"), { code: "ETIMEDOUT" }) });
    expect(neverSent(timedOut)).toBe(false);
    expect(neverSent(new DomainError("WALLET_ACCOUNT_NOT_FOUND", "no account"))).toBe(false);
    expect(neverSent("ECONNREFUSED")).toBe(false);
  });
});
