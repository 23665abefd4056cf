import { readFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createReceiver, TOLERANCE_SECONDS, verifyTarmacSignature } from "../../examples/receiver.mjs";
import { sendWebhook } from "./http-sender.js";
import { newWebhookSecret, signatureHeader } from "./signature.js";

const now = 1_764_000_000;
const body = JSON.stringify({
  id: "evt_01",
  type: "booking.ticketed",
  created_at: "2025-11-24T16:00:00.000Z",
  agent_id: "ag_1",
  data: { booking_id: "bk_1", pnr: "ABC123", passenger: "Zoë Ødegård" },
});

describe("the README's receiver (examples/receiver.mjs)", () => {
  const secret = newWebhookSecret();
  const previous = newWebhookSecret();

  it("verifies signatureHeader's output, from the raw bytes or the string", () => {
    const header = signatureHeader([secret], body, now);
    expect(verifyTarmacSignature(header, body, secret, now)).toBe(true);
    expect(verifyTarmacSignature(header, Buffer.from(body, "utf8"), secret, now)).toBe(true);
  });

  it("accepts either secret during a rotation", () => {
    const header = signatureHeader([secret, previous], body, now);
    expect(verifyTarmacSignature(header, body, secret, now)).toBe(true);
    expect(verifyTarmacSignature(header, body, previous, now)).toBe(true);
    expect(verifyTarmacSignature(header, body, newWebhookSecret(), now)).toBe(false);
  });

  it("refuses a tampered body and a wrong secret", () => {
    const header = signatureHeader([secret], body, now);
    expect(verifyTarmacSignature(header, body.replace("ABC123", "ABC124"), secret, now)).toBe(false);
    expect(verifyTarmacSignature(header, `${body} `, secret, now)).toBe(false);
    expect(verifyTarmacSignature(header, body, previous, now)).toBe(false);
    expect(verifyTarmacSignature(header, body, secret.slice("whsec_".length), now)).toBe(false);
  });

  it("refuses a t more than 5 minutes away, either way, and a t that was changed", () => {
    expect(TOLERANCE_SECONDS).toBe(300);
    const header = signatureHeader([secret], body, now);
    expect(verifyTarmacSignature(header, body, secret, now + 300)).toBe(true);
    expect(verifyTarmacSignature(header, body, secret, now - 300)).toBe(true);
    expect(verifyTarmacSignature(header, body, secret, now + 301)).toBe(false);
    expect(verifyTarmacSignature(header, body, secret, now - 301)).toBe(false);
    expect(verifyTarmacSignature(header.replace(`t=${now}`, `t=${now + 1}`), body, secret, now)).toBe(false);
  });

  it("refuses malformed headers", () => {
    const v1 = signatureHeader([secret], body, now).split(",")[1]!;
    for (const header of [undefined, "", `t=${now}`, v1, `t=abc,${v1}`, `t=${now},v1=zz`, `t=${now},v0=${v1.slice(3)}`]) {
      expect(verifyTarmacSignature(header, body, secret, now)).toBe(false);
    }
    expect(verifyTarmacSignature([signatureHeader([secret], body, now)], body, secret, now)).toBe(false);
    expect(verifyTarmacSignature(signatureHeader([secret], body, now), body, "", now)).toBe(false);
  });

  describe("as a server", () => {
    let close: (() => Promise<void>) | undefined;
    afterEach(async () => {
      await close?.();
      close = undefined;
    });

    it("answers 200 to a signed delivery, 200 to its duplicate, 400 to a bad signature", async () => {
      const server = createReceiver(secret);
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      close = () => {
        server.closeAllConnections();
        return new Promise((resolve) => server.close(() => resolve()));
      };
      const { port } = server.address() as AddressInfo;
      const deliver = (signature: string, eventId: string) =>
        sendWebhook({
          url: new URL(`http://127.0.0.1:${port}/`),
          address: { address: "127.0.0.1", family: 4 },
          headers: { "Tarmac-Event-Id": eventId, "Tarmac-Event-Type": "booking.ticketed", "Tarmac-Signature": signature },
          body,
          timeoutMs: 2_000,
        });
      const signed = signatureHeader([secret], body, Math.floor(Date.now() / 1000));
      const eventId = `evt_${Math.random().toString(36).slice(2)}`;
      expect(await deliver(signed, eventId)).toMatchObject({ ok: true, statusCode: 200, responseBody: "ok" });
      expect(await deliver(signed, eventId)).toMatchObject({ ok: true, statusCode: 200, responseBody: "duplicate" });
      const forged = signatureHeader([newWebhookSecret()], body, Math.floor(Date.now() / 1000));
      expect(await deliver(forged, `${eventId}_2`)).toMatchObject({ ok: false, statusCode: 400 });
    });
  });
});

describe("the README", () => {
  it("shows examples/receiver.mjs as it is", async () => {
    const readme = await readFile(new URL("../../README.md", import.meta.url), "utf8");
    const receiver = await readFile(new URL("../../examples/receiver.mjs", import.meta.url), "utf8");
    expect(readme).toContain("```js\n" + receiver + "```");
  });
});
