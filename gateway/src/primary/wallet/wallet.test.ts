import { create } from "@bufbuild/protobuf";
import { DomainError, toConnectError } from "@tarmac/kernel";
import {
  EntryKind,
  GetBalanceResponseSchema,
  ListStatementResponseSchema,
  type ListStatementRequest,
} from "@tarmac/proto/tarmac/wallet/v1/wallet_pb.js";
import { afterEach, describe, expect, it } from "vitest";
import { expectEnvelope } from "../../testing/envelope.js";
import { AGENT_ID, keys, type FakeServices } from "../../testing/fake-services.js";
import { type TestApp, testApp } from "../../testing/test-app.js";

let gateway: TestApp;
afterEach(async () => gateway?.app.close());

const post = (url: string, payload: unknown, key: string = keys.walletOnly) =>
  gateway.app.inject({
    method: "POST",
    url,
    headers: { "content-type": "application/json", "x-api-key": key },
    payload: JSON.stringify(payload),
  });

function fakeWallet(seen: ListStatementRequest[]): FakeServices["wallet"] {
  return {
    getBalance: (request) =>
      create(GetBalanceResponseSchema, {
        balance: {
          agentId: request.agentId,
          currency: "INR",
          balancePaise: 50_000_000n,
          creditLimitPaise: 10_000_000n,
          heldPaise: 905_000n,
          availablePaise: 59_095_000n,
        },
      }),
    listStatement(request) {
      seen.push(request);
      return create(ListStatementResponseSchema, {
        lines: [
          {
            entryId: "ent_2",
            at: { seconds: 1_800_000_000n },
            kind: EntryKind.CAPTURE,
            amountPaise: -905_000n,
            balanceAfterPaise: 49_095_000n,
            reference: "bkg_1",
            description: "Booking bkg_1",
          },
        ],
        count: 1,
        cursor: "next",
      });
    },
  };
}

describe("wallet on the primary surface", () => {
  it("answers the caller's balance with available = balance + credit limit - held", async () => {
    gateway = await testApp({ wallet: fakeWallet([]) });
    const res = await post("/api/v1/wallet/balance", {});
    expect(res.json()).toEqual({
      agent_id: AGENT_ID,
      currency: "INR",
      balance_paise: 50_000_000,
      credit_limit_paise: 10_000_000,
      held_paise: 905_000,
      available_paise: 59_095_000,
    });
  });

  it.each(["/api/v1/wallet/balance", "/api/v1/wallet/statement"])(
    "takes {} on %s, and refuses no body or an empty one as every route with a body does",
    async (url) => {
      gateway = await testApp({ wallet: fakeWallet([]) });
      const headers = { "x-api-key": keys.walletOnly };
      expectEnvelope(await gateway.app.inject({ method: "POST", url, headers }), "UNSUPPORTED_MEDIA_TYPE");
      expectEnvelope(
        await gateway.app.inject({ method: "POST", url, headers: { ...headers, "content-length": "0" } }),
        "UNSUPPORTED_MEDIA_TYPE",
      );
      const emptyJson = await gateway.app.inject({
        method: "POST",
        url,
        headers: { ...headers, "content-type": "application/json" },
        payload: "",
      });
      expectEnvelope(emptyJson, "VALIDATION_MALFORMED_JSON");
      const text = await gateway.app.inject({
        method: "POST",
        url,
        headers: { ...headers, "content-type": "text/plain" },
        payload: "{}",
      });
      expectEnvelope(text, "UNSUPPORTED_MEDIA_TYPE");
      expectEnvelope(await gateway.app.inject({ method: "POST", url, headers, payload: "{}" }), "UNSUPPORTED_MEDIA_TYPE");
      const ok = await gateway.app.inject({
        method: "POST",
        url,
        headers: { ...headers, "content-type": "application/json" },
        payload: "{}",
      });
      expect(ok.statusCode, ok.body).toBe(200);
      expectEnvelope(await post(url, { x: 1 }), "VALIDATION_FAILED");
    },
  );

  it("refuses a body that is not UTF-8 as malformed rather than reading U+FFFD", async () => {
    gateway = await testApp({ wallet: fakeWallet([]) });
    const payload = Buffer.concat([Buffer.from('{"cursor":"'), Buffer.from([0xff, 0xfe]), Buffer.from('"}')]);
    const res = await gateway.app.inject({
      method: "POST",
      url: "/api/v1/wallet/statement",
      headers: { "x-api-key": keys.walletOnly, "content-type": "application/json" },
      payload,
    });
    expect(expectEnvelope(res, "VALIDATION_MALFORMED_JSON").error.message).toBe("Request body is not UTF-8");
  });

  it("pages the statement with signed amounts", async () => {
    const seen: ListStatementRequest[] = [];
    gateway = await testApp({ wallet: fakeWallet(seen) });
    const res = await post("/api/v1/wallet/statement", { from: "2026-11-01T00:00:00Z", limit: 50 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      lines: [
        {
          entry_id: "ent_2",
          at: "2027-01-15T08:00:00.000Z",
          kind: "CAPTURE",
          amount_paise: -905_000,
          balance_after_paise: 49_095_000,
          reference: "bkg_1",
          description: "Booking bkg_1",
        },
      ],
      count: 1,
      cursor: "next",
    });
    expect(seen[0]).toMatchObject({ agentId: AGENT_ID, limit: 50, cursor: "" });
    expect(seen[0]!.from!.seconds).toBe(BigInt(Date.parse("2026-11-01T00:00:00Z") / 1000));
  });

  it("rejects bad statement filters and keys without wallet.read", async () => {
    gateway = await testApp({ wallet: fakeWallet([]) });
    const bad = expectEnvelope(await post("/api/v1/wallet/statement", { from: "yesterday", limit: 0 }), "VALIDATION_FAILED");
    expect(bad.error.errors!.map((e) => e.field).sort()).toEqual(["from", "limit"]);
    expectEnvelope(await post("/api/v1/wallet/balance", { agent_id: "x" }), "VALIDATION_FAILED");
    expectEnvelope(await post("/api/v1/wallet/balance", {}, keys.bookOnly), "AUTH_FORBIDDEN");
  });

  it("answers the wallet's cursor refusals as 400 WALLET_CURSOR_INVALID and 410 WALLET_CURSOR_EXPIRED", async () => {
    let refusal = new DomainError("WALLET_CURSOR_INVALID", "The statement cursor is not valid; request the first page again");
    gateway = await testApp({
      wallet: {
        ...fakeWallet([]),
        listStatement: () => {
          throw toConnectError(refusal);
        },
      },
    });
    const invalid = expectEnvelope(await post("/api/v1/wallet/statement", { cursor: "forged" }), "WALLET_CURSOR_INVALID");
    expect(invalid.error.category).toBe("WALLET");
    refusal = new DomainError("WALLET_CURSOR_EXPIRED", "The statement cursor has expired; request the first page again");
    expectEnvelope(await post("/api/v1/wallet/statement", { cursor: "old" }), "WALLET_CURSOR_EXPIRED");
  });
});
