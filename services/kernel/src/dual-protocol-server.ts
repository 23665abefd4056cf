import http from "node:http";
import http2 from "node:http2";
import net from "node:net";

type Handler = (req: http.IncomingMessage | http2.Http2ServerRequest, res: http.ServerResponse | http2.Http2ServerResponse) => void;

/** Every HTTP/2 connection starts with this preface; an HTTP/1.1 request starts with its method. */
const H2_PREFACE = Buffer.from("PRI * HTTP/2.0\r\n");

export interface DualProtocolServer {
  /** The listening socket server: listen(), address() and close() as usual. */
  readonly server: net.Server;
  /** Stops new calls: GOAWAY on HTTP/2 sessions, idle HTTP/1.1 connections closed; in-flight calls finish. */
  drain(): void;
  /** Cuts every connection still open (a drain that timed out). */
  destroy(): void;
  readonly openSessions: number;
}

/**
 * One plaintext port for both HTTP/2 (gRPC, and Connect and gRPC-Web from h2 clients) and HTTP/1.1
 * (Connect JSON from curl or a browser, gRPC-Web from a proxy): each connection is routed by its
 * first bytes, since plaintext HTTP/2 has no ALPN and Node does not do the h2c upgrade. The same
 * Connect handler serves both.
 */
export function dualProtocolServer(handler: Handler): DualProtocolServer {
  const h2 = http2.createServer(handler);
  // HTTP/1.1 connections and their calls in flight: http.Server tracks connections only when it
  // listens itself, so a drain closes them here (idle ones at once, busy ones after their answer).
  const h1Calls = new Map<net.Socket, number>();
  let draining = false;
  const h1 = http.createServer((req, res) => {
    const socket = req.socket;
    h1Calls.set(socket, (h1Calls.get(socket) ?? 0) + 1);
    if (draining) res.shouldKeepAlive = false;
    res.once("close", () => {
      const left = (h1Calls.get(socket) ?? 1) - 1;
      h1Calls.set(socket, left);
      if (draining && left === 0) socket.destroy();
    });
    handler(req, res);
  });
  const sessions = new Set<http2.ServerHttp2Session>();
  h2.on("session", (session) => {
    sessions.add(session);
    session.once("close", () => sessions.delete(session));
  });
  const server = net.createServer((socket) => {
    let seen = Buffer.alloc(0);
    const route = (chunk: Buffer) => {
      seen = Buffer.concat([seen, chunk]);
      const length = Math.min(seen.length, H2_PREFACE.length);
      const h2Prefix = seen.subarray(0, length).equals(H2_PREFACE.subarray(0, length));
      // Wait for enough bytes to tell, unless they already say HTTP/1.1.
      if (h2Prefix && seen.length < H2_PREFACE.length) return;
      socket.off("data", route);
      socket.pause();
      socket.unshift(seen);
      if (h2Prefix) {
        h2.emit("connection", socket);
        return;
      }
      h1Calls.set(socket, 0);
      socket.once("close", () => h1Calls.delete(socket));
      h1.emit("connection", socket);
      socket.resume();
    };
    socket.on("data", route);
    socket.on("error", () => socket.destroy());
  });
  return {
    server,
    drain() {
      draining = true;
      for (const session of sessions) session.close();
      for (const [socket, calls] of h1Calls) if (calls === 0) socket.destroy();
    },
    destroy() {
      for (const session of sessions) session.destroy();
      for (const socket of h1Calls.keys()) socket.destroy();
    },
    get openSessions() {
      return sessions.size + h1Calls.size;
    },
  };
}
