import { residentMb } from "./memory.js";
import { startQuietStack } from "./quiet-stack.js";

/**
 * The one-process stack as the bench measures it: compiled like `pnpm start` runs it, alone in its
 * process, so that its memory row counts the stack and nothing of the bench (tsx, the monolith,
 * the pages the bench holds). Driven over the IPC channel: it sends its addresses once started,
 * its resident memory when asked "memory", and stops on "stop".
 */
export interface BenchServerAddresses {
  readonly gatewayUrl: string;
  readonly apiKey: string;
  readonly walletUrl: string;
}

const send = (message: unknown) => process.send?.(message);
const stack = await startQuietStack(process.env);
process.on("message", (message) => {
  if (message === "memory") void residentMb().then(send);
  if (message === "stop") void stack.stop().then(() => process.exit(0));
});
// The bench going away (an error, Ctrl-C) closes the channel: the stack must not outlive it.
process.on("disconnect", () => void stack.stop().then(() => process.exit(0)));
const walletUrl = stack.services.wallet;
if (walletUrl === undefined) throw new Error("the stack started no wallet service");
send({ gatewayUrl: stack.gatewayUrl, apiKey: stack.apiKey, walletUrl } satisfies BenchServerAddresses);
