import { connect, constants } from "node:http2";
import { create, fromBinary, toBinary, type DescMessage, type MessageInitShape, type MessageShape } from "@bufbuild/protobuf";
import { DEMO_AGENT_ID } from "@tarmac/auth";
import { CALLER_TOKEN_HEADER, CallerTokenIssuer, developmentCredential } from "@tarmac/kernel";
import { WalletService } from "@tarmac/proto/tarmac/wallet/v1/wallet_pb.js";
import type { LoadSummary } from "./load-runner.js";

/**
 * The wallet's own money path, as booking calls it: Hold then Capture over gRPC from `connections`
 * loops for the duration, in a child process (on the load generator's core), signed as booking.
 * The calls are plain HTTP/2 requests carrying gRPC envelopes, so that the load generator costs
 * less per pair than the wallet: Connect's client held the wallet at about half its core and
 * booking's own client at about two thirds. Even so the wallet stays under its full core with
 * the load generator's core not full either (likely because one agency's commands run one at a
 * time, KeyedMutex, and every pair here is the demo agency's): the bench's table says so, and its
 * ratio of server CPU is the comparison that does not depend on it. Prints a LoadSummary of the pairs as
 * JSON on stdout; latency is a pair's.
 */
export interface WalletLoadOptions {
  readonly walletUrl: string;
  readonly connections: number;
  readonly durationSeconds: number;
  readonly reference: string;
}

const options = JSON.parse(process.argv[2] ?? "{}") as WalletLoadOptions;
const session = connect(options.walletUrl);
const token = `Bearer ${await new CallerTokenIssuer(developmentCredential("booking")).tokenFor(WalletService.typeName)}`;

/** One unary gRPC call: the answer's message, or a rejection with the call's gRPC status. */
function call<I extends DescMessage, O extends DescMessage>(
  method: { name: string; input: I; output: O },
  input: MessageInitShape<I>,
): Promise<MessageShape<O>> {
  const body = toBinary(method.input, create(method.input, input));
  const envelope = Buffer.allocUnsafe(5 + body.length);
  envelope[0] = 0;
  envelope.writeUInt32BE(body.length, 1);
  envelope.set(body, 5);
  const stream = session.request({
    [constants.HTTP2_HEADER_METHOD]: "POST",
    [constants.HTTP2_HEADER_PATH]: `/${WalletService.typeName}/${method.name}`,
    [constants.HTTP2_HEADER_CONTENT_TYPE]: "application/grpc+proto",
    te: "trailers",
    "grpc-timeout": "10S",
    [CALLER_TOKEN_HEADER]: token,
  });
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let status: string | undefined;
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    stream.on("trailers", (trailers) => (status = String(trailers["grpc-status"])));
    stream.on("error", reject);
    stream.on("end", () => {
      const answer = Buffer.concat(chunks);
      if (status !== "0" || answer.length < 5) reject(new Error(`${method.name} answered grpc-status ${status}`));
      else resolve(fromBinary(method.output, answer.subarray(5, 5 + answer.readUInt32BE(1))));
    });
    stream.end(envelope);
  });
}

const expiresAt = { seconds: BigInt(Math.floor(Date.now() / 1000) + 3600) };
const latencies: number[] = [];
let failed = 0;
let n = 0;
const started = performance.now();
const until = started + options.durationSeconds * 1000;
await Promise.all(
  Array.from({ length: options.connections }, async () => {
    while (performance.now() < until) {
      const t = performance.now();
      try {
        const reference = `${options.reference}-${n++}`;
        const { holdId } = await call(WalletService.method.hold, {
          agentId: DEMO_AGENT_ID,
          amountPaise: 500_000n,
          reference,
          expiresAt,
          description: "benchmark",
        });
        await call(WalletService.method.capture, { holdId });
        latencies.push(performance.now() - t);
      } catch (error) {
        if (failed++ === 0) process.stderr.write(`${String(error)}\n`);
      }
    }
  }),
);
session.close();
const seconds = (performance.now() - started) / 1000;
latencies.sort((a, b) => a - b);
const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
const summary: LoadSummary = {
  requestsPerSecond: latencies.length / seconds,
  p50Ms: at(0.5),
  p99Ms: at(0.99),
  requests: latencies.length,
  non2xx: failed,
  errors: 0,
  timeouts: 0,
};
process.stdout.write(`${JSON.stringify(summary)}\n`);
