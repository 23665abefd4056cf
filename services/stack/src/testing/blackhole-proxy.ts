import { createConnection, createServer, type Server, type Socket } from "node:net";

/**
 * A loopback TCP forwarder that can turn into a black hole: `swallow()` keeps every connection
 * open and accepts new ones but forwards nothing either way, as a network partition or a frozen
 * server does (no reset for the client to notice), until `close()`.
 */
export class BlackholeProxy {
  private swallowing = false;
  private readonly sockets = new Set<Socket>();
  private readonly server: Server;

  private constructor(target: { host: string; port: number }) {
    this.server = createServer((client) => this.accept(client, target));
  }

  static async start(target: { host: string; port: number }): Promise<BlackholeProxy> {
    const proxy = new BlackholeProxy(target);
    await new Promise<void>((resolve) => proxy.server.listen(0, "127.0.0.1", resolve));
    return proxy;
  }

  get port(): number {
    return (this.server.address() as { port: number }).port;
  }

  swallow(): void {
    this.swallowing = true;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private accept(client: Socket, target: { host: string; port: number }): void {
    this.sockets.add(client);
    client.on("error", () => undefined);
    if (this.swallowing) return;
    const upstream = createConnection(target);
    this.sockets.add(upstream);
    upstream.on("error", () => client.destroy());
    for (const [from, to] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      from.on("data", (chunk: Buffer) => {
        if (!this.swallowing) to.write(chunk);
      });
      from.on("close", () => to.destroy());
    }
  }
}
