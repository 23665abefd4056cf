import { createConnection, createServer, type Server, type Socket } from "node:net";

/**
 * A TCP forwarder to take a server "down" and bring it back on the same port: `down()` cuts every
 * connection and stops listening, so clients see a dead server, not a slow one.
 */
export class TcpProxy {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  private boundPort = 0;

  private constructor(private readonly target: { host: string; port: number }) {}

  static async start(target: { host: string; port: number }): Promise<TcpProxy> {
    const proxy = new TcpProxy(target);
    await proxy.up();
    return proxy;
  }

  get url(): string {
    return `nats://127.0.0.1:${this.boundPort}`;
  }

  /** Listens again, on the port of the first start. */
  async up(): Promise<void> {
    if (this.server) return;
    const server = createServer((client) => this.forward(client));
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(this.boundPort, "127.0.0.1", () => resolve());
    });
    const address = server.address();
    if (address && typeof address === "object") this.boundPort = address.port;
    this.server = server;
  }

  async down(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private forward(client: Socket): void {
    const upstream = createConnection(this.target);
    for (const [a, b] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      this.sockets.add(a);
      a.pipe(b);
      a.on("error", () => b.destroy());
      a.on("close", () => {
        b.destroy();
        this.sockets.delete(a);
      });
    }
  }
}
