import { createServer } from "node:net";

/**
 * Where ports are picked: below the range Linux draws ephemeral ports from (32768-60999; macOS and
 * Windows start at 49152). Between this check and the child's own listen, bind(0) and every
 * outgoing connection elsewhere on the machine take their ports from that range only, so none of
 * them can take this one in the meantime (with port 0 here, a test suite's many connections now
 * and then did).
 */
const LOWEST = 20_000;
const HIGHEST = 32_000;
const ATTEMPTS = 50;

/**
 * A TCP port on 127.0.0.1 that was free a moment ago: for a child process that must be told its
 * port before it starts (port 0 would leave the parent not knowing where it listens).
 */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const port = LOWEST + Math.floor(Math.random() * (HIGHEST - LOWEST));
    if ((await listenOnce(port)) !== undefined) return port;
  }
  // Every pick was taken (a crowded machine): any port the system has free.
  const port = await listenOnce(0);
  if (port === undefined) throw new Error("no free TCP port on 127.0.0.1");
  return port;
}

/** Listens on `port` and closes again: the port it listened on, or undefined if it could not. */
function listenOnce(port: number): Promise<number | undefined> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(undefined));
    server.listen(port, "127.0.0.1", () => {
      const { port: bound } = server.address() as { port: number };
      server.close(() => resolve(bound));
    });
  });
}
