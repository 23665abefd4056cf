import http2 from "node:http2";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { PeerSessions } from "./peer-sessions.js";

const PAGE = Buffer.alloc(600_000, 0x61);
let server: http2.Http2Server | undefined;

afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

async function pageServer(): Promise<string> {
  server = http2.createServer((req, res) => {
    req.resume();
    req.on("end", () => res.end(PAGE));
  });
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function read(stream: http2.ClientHttp2Stream): Promise<number> {
  return new Promise((resolve, reject) => {
    let bytes = 0;
    stream.on("data", (chunk: Buffer) => (bytes += chunk.length));
    stream.on("end", () => resolve(bytes));
    stream.on("error", reject);
    stream.end();
  });
}

describe("sessions to a peer", () => {
  it("open with windows that take several large answers at once, and carry them whole", async () => {
    const sessions = new PeerSessions(await pageServer());
    try {
      const streams = await Promise.all(Array.from({ length: 5 }, () => sessions.request("POST", "/page", {}, {})));
      const session = streams[0]!.session!;
      // Five 600 KB answers in flight together fit the session's window: none waits for another's acknowledgement.
      expect(session.state.localWindowSize).toBeGreaterThanOrEqual(16 * 1024 * 1024 - 65_535);
      expect(await Promise.all(streams.map(read))).toEqual(Array(5).fill(PAGE.length));
      // Each stream's own window is a setting: in force once the peer acknowledged it (by now).
      expect(session.localSettings.initialWindowSize).toBe(4 * 1024 * 1024);
    } finally {
      sessions.abort();
    }
  });
});
