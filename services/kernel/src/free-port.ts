import { createServer } from "node:net";

/**
 * A TCP port on 127.0.0.1 that was free a moment ago: for a child process that must be told its
 * port before it starts (port 0 would leave the parent not knowing where it listens).
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => {
        resolve(port);
      });
    });
  });
}
