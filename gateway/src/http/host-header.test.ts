import { connect } from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testApp, type TestApp } from "../testing/test-app.js";
import { keys } from "../testing/fake-services.js";

/** Sends `head` (request line and headers, no Host unless given) and a JSON body over a raw socket; the whole answer. */
function rawRequest(port: number, head: string, body = "{}"): Promise<{ status: number; headers: Record<string, string>; body: any }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => {
      socket.end(`${head}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`);
    });
    let text = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => (text += chunk));
    socket.on("error", reject);
    socket.on("end", () => {
      const [top = "", payload = ""] = text.split("\r\n\r\n");
      const [statusLine = "", ...lines] = top.split("\r\n");
      const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(":")).toLowerCase(), l.slice(l.indexOf(":") + 1).trim()]));
      resolve({ status: Number(statusLine.split(" ")[1]), headers, body: payload === "" ? undefined : JSON.parse(payload) });
    });
  });
}

describe("a request without Host", () => {
  let gateway: TestApp;
  let port: number;
  beforeAll(async () => {
    gateway = await testApp();
    await gateway.app.listen({ host: "127.0.0.1", port: 0 });
    port = (gateway.app.server.address() as AddressInfo).port;
  });
  afterAll(() => gateway?.app.close());

  it("is refused in the primary envelope with its X-Request-ID, before authentication", async () => {
    const res = await rawRequest(port, `POST /api/v1/flight/search HTTP/1.1\r\nX-API-Key: ${keys.valid}`);
    expect(res.status).toBe(400);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.headers["x-request-id"]).toBeTruthy();
    expect(res.body.error).toMatchObject({ code: "VALIDATION_FAILED", errors: [{ field: "Host", code: "REQUIRED" }] });
    expect(res.body.trace_id).toBe(res.headers["x-request-id"]);
    expect(gateway.calls.verifyApiKey).toHaveLength(0);
  });

  it("is refused in the secondary format under /api, keeping a request id the caller sent", async () => {
    const res = await rawRequest(port, "POST /api/flights/search HTTP/1.1\r\nX-Request-ID: no-host-1");
    expect(res.status).toBe(400);
    expect(res.headers["x-request-id"]).toBe("no-host-1");
    expect(res.body).toMatchObject({ success: false, error: { code: "VALIDATION_FAILED", errors: [{ field: "Host", code: "REQUIRED" }] } });
  });

  it("is refused on an unknown path too, and an HTTP/1.0 request (Host optional) or one with Host goes on", async () => {
    expect((await rawRequest(port, "POST /nowhere HTTP/1.1")).body.error.code).toBe("VALIDATION_FAILED");
    const old = await rawRequest(port, "POST /api/v1/flight/search HTTP/1.0");
    expect([old.status, old.body.error.code]).toEqual([401, "AUTH_MISSING_CREDENTIALS"]);
    const hosted = await rawRequest(port, "POST /api/v1/flight/search HTTP/1.1\r\nHost: api.example");
    expect([hosted.status, hosted.body.error.code]).toEqual([401, "AUTH_MISSING_CREDENTIALS"]);
  });
});
