import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import type { OtpMessage } from "./code-delivery.js";
import { SmsGatewayCodeDelivery, SmsGatewayError, type SmsGatewaySettings } from "./sms-gateway-delivery.js";

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

const message: OtpMessage = { messageId: "otp_1", channel: "SMS", to: "+919800000001", code: "123456", expiresInSeconds: 300 };

describe("SmsGatewayCodeDelivery against a local HTTP server", () => {
  let server: Server | undefined;
  afterEach(async () => {
    server?.closeAllConnections();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    server = undefined;
  });

  /** A gateway on 127.0.0.1 and a free port answering with `answer`. */
  async function gateway(answer: (res: ServerResponse) => void): Promise<{ url: string; seen: Seen[] }> {
    const seen: Seen[] = [];
    server = createServer((req, res) => {
      let raw = "";
      req.setEncoding("utf8");
      req.on("data", (chunk: string) => (raw += chunk));
      req.on("end", () => {
        seen.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, body: JSON.parse(raw) as unknown });
        answer(res);
      });
    });
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/messages`, seen };
  }

  const settings = (url: string, overrides: Partial<SmsGatewaySettings> = {}): SmsGatewaySettings => ({
    url,
    apiKey: "sms-key-123",
    apiKeyHeader: "X-API-Key",
    sender: "TARMAC",
    timeoutMs: 2_000,
    ...overrides,
  });

  it("POSTs the JSON message with the API key header", async () => {
    const { url, seen } = await gateway((res) => res.writeHead(202, { "content-type": "application/json" }).end('{"id":"m1"}'));
    await new SmsGatewayCodeDelivery(settings(url)).deliver(message);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      method: "POST",
      url: "/v1/messages",
      headers: { "x-api-key": "sms-key-123", "content-type": "application/json" },
    });
    expect(seen[0]!.body).toEqual({
      to: "+919800000001",
      message: "123456 is your Tarmac login code. It expires in 5 minutes. Never share it.",
      reference: "otp_1",
      sender: "TARMAC",
    });
  });

  it("sends the key as a bearer token when the header is Authorization", async () => {
    const { url, seen } = await gateway((res) => res.writeHead(200).end());
    await new SmsGatewayCodeDelivery(settings(url, { apiKeyHeader: "Authorization", sender: undefined })).deliver(message);
    expect(seen[0]!.headers.authorization).toBe("Bearer sms-key-123");
    expect(seen[0]!.body).not.toHaveProperty("sender");
  });

  it("rejects on a non-2xx answer with the status only", async () => {
    const { url } = await gateway((res) => res.writeHead(503).end("down"));
    const error = await new SmsGatewayCodeDelivery(settings(url)).deliver(message).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SmsGatewayError);
    expect(error).toMatchObject({ status: 503, message: "the SMS gateway answered HTTP 503" });
  });

  it("gives up when the gateway does not answer in time", async () => {
    const { url } = await gateway(() => undefined); // never answers
    const started = Date.now();
    await expect(new SmsGatewayCodeDelivery(settings(url, { timeoutMs: 150 })).deliver(message)).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("does not follow a redirect (it would carry the API key elsewhere)", async () => {
    const { url, seen } = await gateway((res) => res.writeHead(307, { location: "http://127.0.0.1:1/elsewhere" }).end());
    await expect(new SmsGatewayCodeDelivery(settings(url)).deliver(message)).rejects.toThrow();
    expect(seen).toHaveLength(1);
  });

  it("refuses an e-mail", async () => {
    await expect(new SmsGatewayCodeDelivery(settings("http://127.0.0.1:1/")).deliver({ ...message, channel: "EMAIL" })).rejects.toThrow(
      /SMS only/,
    );
  });
});
