import type { IncomingHttpHeaders, RequestListener, Server } from "node:http";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createServer as createTlsServer } from "node:tls";
import { afterEach, describe, expect, it } from "vitest";
import { RESPONSE_BODY_LIMIT, sendWebhook } from "./http-sender.js";

const servers: Server[] = [];

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A loopback server; `received` lists what it was sent. */
async function serve(handler: (received: Received, res: Parameters<RequestListener>[1]) => void) {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const entry = { method: req.method ?? "", url: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks).toString("utf8") };
      received.push(entry);
      handler(entry, res);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { port, received, url: new URL(`http://127.0.0.1:${port}/hooks/tarmac?x=1`) };
}

const loopback = { address: "127.0.0.1", family: 4 } as const;
const body = JSON.stringify({ id: "evt_1", type: "booking.booked", data: { pnr: "ABC123", name: "Zoë" } });

function send(url: URL, timeoutMs = 2_000, headers: Record<string, string> = {}) {
  return sendWebhook({ url, address: loopback, headers, body, timeoutMs });
}

describe("sendWebhook", () => {
  it("POSTs the body as JSON with the given headers; a 2xx is ok", async () => {
    const server = await serve((_, res) => res.writeHead(204).end());
    const result = await send(server.url, 2_000, { "Tarmac-Event-Id": "evt_1", "Tarmac-Signature": "t=1,v1=ab" });
    expect(result).toMatchObject({ ok: true, statusCode: 204, error: "", responseBody: "" });
    expect(result.durationMs).toBeGreaterThanOrEqual(0);
    const [request] = server.received;
    expect(request).toMatchObject({ method: "POST", url: "/hooks/tarmac?x=1", body });
    expect(request!.headers["content-type"]).toBe("application/json");
    expect(request!.headers["content-length"]).toBe(String(Buffer.byteLength(body)));
    expect(request!.headers["tarmac-event-id"]).toBe("evt_1");
    expect(request!.headers["tarmac-signature"]).toBe("t=1,v1=ab");
  });

  it("keeps a 200's short answer", async () => {
    const server = await serve((_, res) => res.writeHead(200, { "Content-Type": "text/plain" }).end("thanks"));
    expect(await send(server.url)).toMatchObject({ ok: true, statusCode: 200, error: "", responseBody: "thanks" });
  });

  it("records a 500 with the first 1 KB of its answer", async () => {
    const answer = "e".repeat(RESPONSE_BODY_LIMIT - 10) + "0123456789" + "TRUNCATED".repeat(300);
    const server = await serve((_, res) => res.writeHead(500).end(answer));
    const result = await send(server.url);
    expect(result).toMatchObject({ ok: false, statusCode: 500, error: "unexpected status 500" });
    expect(result.responseBody).toBe(answer.slice(0, RESPONSE_BODY_LIMIT));
    expect(result.responseBody.endsWith("0123456789")).toBe(true);
  });

  it("reads no more than 1 KB of an endless answer", async () => {
    const server = await serve((_, res) => {
      res.writeHead(200);
      const chunk = "x".repeat(16 * 1024);
      const pump = () => {
        while (!res.destroyed && res.write(chunk));
        if (!res.destroyed) res.once("drain", pump);
      };
      pump();
    });
    const result = await send(server.url);
    expect(result).toMatchObject({ ok: true, statusCode: 200 });
    expect(result.responseBody).toHaveLength(RESPONSE_BODY_LIMIT);
  });

  it("does not follow a redirect: a 302 is a failure", async () => {
    const server = await serve((_, res) => res.writeHead(302, { Location: "http://127.0.0.1:1/elsewhere" }).end("moved"));
    const result = await send(server.url);
    expect(result).toMatchObject({ ok: false, statusCode: 302, responseBody: "moved" });
    expect(result.error).toContain("redirect not followed");
    expect(result.error).toContain("http://127.0.0.1:1/elsewhere");
    expect(server.received).toHaveLength(1);
  });

  it("times out a server that never answers, within the timeout and some slack", async () => {
    const server = await serve(() => undefined);
    const result = await send(server.url, 300);
    expect(result).toMatchObject({ ok: false, statusCode: 0, error: "timed out after 300 ms", responseBody: "" });
    expect(result.durationMs).toBeGreaterThanOrEqual(295);
    expect(result.durationMs).toBeLessThan(300 + 500);
  });

  it("lets the status line decide when the body then stalls", async () => {
    const server = await serve((_, res) => {
      res.writeHead(200);
      res.write("partial");
    });
    const result = await send(server.url, 300);
    expect(result).toMatchObject({ ok: true, statusCode: 200, error: "", responseBody: "partial" });
    expect(result.durationMs).toBeLessThan(300 + 500);
  });

  it("reports a refused connection with status 0", async () => {
    const server = await serve(() => undefined);
    const url = server.url;
    await new Promise((resolve) => servers.pop()!.close(resolve));
    const result = await send(url);
    expect(result).toMatchObject({ ok: false, statusCode: 0, responseBody: "" });
    expect(result.error).toContain("connection refused");
  });

  it("connects to the pinned address whatever the host name, and sends that host", async () => {
    const server = await serve((_, res) => res.writeHead(200).end());
    const url = new URL(`http://webhooks-pinned.invalid:${server.port}/hook`);
    expect(await send(url)).toMatchObject({ ok: true, statusCode: 200 });
    expect(server.received[0]!.headers.host).toBe(`webhooks-pinned.invalid:${server.port}`);
  });

  it("reports a TLS failure with status 0 (https to a plain http server)", async () => {
    const server = await serve((_, res) => res.writeHead(200).end());
    const result = await send(new URL(`https://webhooks-pinned.invalid:${server.port}/hook`));
    expect(result).toMatchObject({ ok: false, statusCode: 0 });
    expect(result.error).toMatch(/SSL|TLS/);
  });

  it("connects over TLS to the pinned address, naming the URL's host (SNI) for the certificate check", async () => {
    const servernames: (string | undefined)[] = [];
    // No certificate at all: the server records the name the client asks for, then drops the handshake.
    const server = createTlsServer({
      SNICallback: (servername, callback) => {
        servernames.push(servername);
        callback(new Error("no certificate here"), undefined);
      },
    });
    server.on("tlsClientError", () => undefined);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const result = await send(new URL(`https://hooks.webhooks-pinned.invalid:${port}/hook`));
      expect(result).toMatchObject({ ok: false, statusCode: 0 });
      expect(result.error).not.toBe("");
      expect(servernames).toEqual(["hooks.webhooks-pinned.invalid"]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("never throws, even for a URL it cannot send to", async () => {
    const result = await sendWebhook({ url: new URL("ftp://example.com/"), address: loopback, headers: {}, body, timeoutMs: 100 });
    expect(result).toMatchObject({ ok: false, statusCode: 0, error: "unsupported protocol ftp:" });
    const bad = await sendWebhook({
      url: new URL("http://example.com/"),
      address: loopback,
      headers: { "Bad\nHeader": "x" },
      body,
      timeoutMs: 100,
    });
    expect(bad).toMatchObject({ ok: false, statusCode: 0 });
  });
});
