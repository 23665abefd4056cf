import { randomBytes } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { verifyTarmacSignature } from "../../examples/receiver.mjs";
import { webhookDeliveryTools, webhookSecretKeeper, webhookUrlRules } from "./delivery-tools.js";
import { createSecretBox } from "./secret-box.js";

const box = createSecretBox([{ kid: "k1", key: randomBytes(32) }], "k1");

describe("webhookUrlRules", () => {
  it("refuses http and loopback in production, allows http://127.0.0.1 in development", async () => {
    const production = webhookUrlRules({ development: false });
    expect(production.check("http://127.0.0.1:9000/").ok).toBe(false);
    const checked = production.check("https://127.0.0.1:9000/");
    expect(checked.ok && (await production.resolve(checked.url))).toHaveProperty("refused");

    const development = webhookUrlRules({ development: true });
    const local = development.check("http://127.0.0.1:9000/");
    expect(local.ok && (await development.resolve(local.url))).toEqual({ address: "127.0.0.1", family: 4 });
    const internal = development.check("https://10.1.2.3/");
    expect(internal.ok && (await development.resolve(internal.url))).toHaveProperty("refused");
  });
});

describe("webhookDeliveryTools", () => {
  it("seals a new secret, opens it, signs with it, resolves and sends: the receiver verifies", async () => {
    const keeper = webhookSecretKeeper(box);
    const secret = keeper.newSecret();
    const sealed = keeper.seal("we_1", secret);
    const tools = webhookDeliveryTools(box, { development: true });

    const received: { headers: IncomingHttpHeaders; body: string }[] = [];
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const url = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`);
      const address = await tools.resolve(url);
      if ("refused" in address) throw new Error(address.refused);
      const body = JSON.stringify({ id: "evt_1", type: "booking.booked" });
      const now = Math.floor(Date.now() / 1000);
      const signature = tools.sign([tools.openSecret("we_1", sealed)], body, now);
      const result = await tools.send({ url, address, headers: { "Tarmac-Signature": signature }, body, timeoutMs: 2_000 });
      expect(result).toMatchObject({ ok: true, statusCode: 200 });
      expect(verifyTarmacSignature(received[0]!.headers["tarmac-signature"], received[0]!.body, secret, now)).toBe(true);
      expect(() => tools.openSecret("we_2", sealed)).toThrow();
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
