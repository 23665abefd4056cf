import { connect, createServer, type Server, type Socket } from "node:net";

export interface RoundRobinProxy {
  readonly port: number;
  close(): Promise<void>;
}

/**
 * A loopback TCP proxy spreading connections over replicas, as a Kubernetes Service does: each new
 * connection goes to the next replica, and to the one after when a replica refuses (it was killed).
 * gRPC keeps its HTTP/2 connections open, so a client moves to another replica when its
 * connection breaks, exactly as it would in a cluster.
 */
export async function startRoundRobinProxy(backendPorts: () => readonly number[]): Promise<RoundRobinProxy> {
  let next = 0;
  const open = new Set<Socket>();
  const track = (socket: Socket) => {
    open.add(socket);
    socket.once("close", () => open.delete(socket));
  };
  const server: Server = createServer((client) => {
    track(client);
    client.pause();
    const ports = backendPorts();
    const tryBackend = (attempt: number) => {
      if (attempt >= ports.length) return client.destroy();
      const upstream = connect({ host: "127.0.0.1", port: ports[next++ % ports.length] ?? 0 });
      upstream.once("connect", () => {
        track(upstream);
        upstream.pipe(client).pipe(upstream);
        client.resume();
        upstream.on("error", () => client.destroy());
        client.on("error", () => upstream.destroy());
        upstream.once("close", () => client.destroy());
        client.once("close", () => upstream.destroy());
      });
      upstream.once("error", (error: NodeJS.ErrnoException) => {
        if (upstream.connecting || error.code === "ECONNREFUSED") tryBackend(attempt + 1);
      });
    };
    tryBackend(0);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
