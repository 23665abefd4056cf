import type { IncomingMessage, ServerResponse } from "node:http";
import { constants, Http2ServerRequest, type Http2ServerResponse } from "node:http2";
import { fromBinary, toBinary, type DescMessage } from "@bufbuild/protobuf";
import {
  Code,
  ConnectError,
  createMethodImplSpec,
  createServiceImplSpec,
  type ConnectRouter,
  type Interceptor,
  type MethodImplSpec,
} from "@connectrpc/connect";
import { invokeUnaryImplementation } from "@connectrpc/connect/protocol";
import { parseTimeout, setTrailerStatus } from "@connectrpc/connect/protocol-grpc";
import { encodingOf } from "./encoded-answer.js";
import { headerRecord, webHeaders } from "./http2-headers.js";
import type { Logger } from "../logger.js";
import { createUnaryHandlerContext } from "./unary-handler-context.js";

type NodeHandler = (req: IncomingMessage | Http2ServerRequest, res: ServerResponse | Http2ServerResponse) => void;
type UnarySpec = MethodImplSpec & { kind: "unary" };

const GRPC_PROTO = new Set(["application/grpc", "application/grpc+proto"]);

/**
 * Serves unary gRPC calls in binary protobuf (what every peer in Tarmac sends) without Connect's
 * generic pipeline of async iterables, which costs more than the rest of a small call (issue 17):
 * the same context, interceptors and implementation (invokeUnaryImplementation), the same
 * headers, trailers and error statuses on the wire. Everything else (Connect and gRPC-Web
 * protocols, JSON, compression, streams, HTTP/1.1) goes to `fallback`, Connect's own handler.
 */
export function withUnaryGrpcFastPath(
  fallback: NodeHandler,
  specs: readonly MethodImplSpec[],
  interceptors: Interceptor[],
  logger: Logger,
): NodeHandler {
  const unary = new Map<string, UnarySpec>();
  for (const spec of specs) if (spec.kind === "unary") unary.set(`/${spec.method.parent.typeName}/${spec.method.name}`, spec);
  return (req, res) => {
    const spec = req instanceof Http2ServerRequest ? unary.get(req.url) : undefined;
    const encoding = req.headers["grpc-encoding"];
    if (!spec || req.method !== "POST" || !GRPC_PROTO.has(req.headers["content-type"] ?? "") || (encoding && encoding !== "identity")) {
      fallback(req, res);
      return;
    }
    const stream = (res as Http2ServerResponse).stream;
    serve(spec, req as Http2ServerRequest, res as Http2ServerResponse, interceptors).catch((error: unknown) => {
      // Writing the answer failed (a header HTTP/2 forbids, say): the call is reset, the process lives on.
      logger.error({ err: error, rpc: req.url }, "a unary gRPC answer could not be written");
      if (!stream.closed) stream.close(constants.NGHTTP2_INTERNAL_ERROR);
    });
  };
}

/**
 * The router Connect's handler is built with, recording into `specs` what the fast path may serve:
 * every method registered without options of its own (options could change how it is served).
 */
export function recordingRouter(router: ConnectRouter, specs: MethodImplSpec[]): ConnectRouter {
  const recording: ConnectRouter = {
    handlers: router.handlers,
    service(service, implementation, options) {
      if (!options) specs.push(...Object.values(createServiceImplSpec(service, implementation).methods));
      router.service(service, implementation, options);
      return recording;
    },
    rpc(method, impl, options) {
      if (!options) specs.push(createMethodImplSpec(method, impl));
      router.rpc(method, impl, options);
      return recording;
    },
  };
  return recording;
}

/** One reason for every caller that went away: no new error (and stack trace) per call. */
const CLIENT_CLOSED = new ConnectError("the client closed the stream", Code.Canceled);

async function serve(spec: UnarySpec, req: Http2ServerRequest, res: Http2ServerResponse, interceptors: Interceptor[]): Promise<void> {
  const grpcTimeout = req.headers["grpc-timeout"];
  const timeout = parseTimeout(typeof grpcTimeout === "string" ? grpcTimeout : null, Number.MAX_SAFE_INTEGER);
  const context = createUnaryHandlerContext({
    method: spec.method,
    url: `http://${req.authority}${req.url}`,
    requestHeader: webHeaders(req.headers),
    timeoutMs: timeout.timeoutMs,
  });
  let answered = false;
  res.once("close", () => answered || context.abort(CLIENT_CLOSED));
  let message: readonly Uint8Array[] | undefined;
  try {
    if (timeout.error) throw timeout.error;
    const input = parseEnvelope(spec.method.input, await readAll(req));
    const output = await invokeUnaryImplementation(spec, context, input, interceptors);
    message = encodingOf(output) ?? [toBinary(spec.method.output, output)];
  } catch (e) {
    const error = e instanceof ConnectError ? e : new ConnectError("internal error", Code.Internal, undefined, undefined, e);
    setTrailerStatus(context.responseTrailer, error);
  }
  answered = true;
  context.abort();
  if (res.stream.closed) return;
  res.writeHead(200, headerRecord(context.responseHeader));
  res.addTrailers(headerRecord(context.responseTrailer));
  if (!message) {
    res.end();
    return;
  }
  // The envelope's prefix goes first on its own, then each chunk: a search page's bytes are not
  // copied behind it.
  const prefix = Buffer.allocUnsafe(5);
  prefix[0] = 0;
  prefix.writeUInt32BE(
    message.reduce((length, chunk) => length + chunk.length, 0),
    1,
  );
  res.write(prefix);
  for (const chunk of message) res.write(chunk);
  res.end();
}

function readAll(req: Http2ServerRequest): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.once("end", () => resolve(Buffer.concat(chunks)));
    req.once("error", reject);
  });
}

function parseEnvelope<I extends DescMessage>(schema: I, body: Buffer) {
  // Connect's codes for the same faults: a unary call without its message or with two is
  // UNIMPLEMENTED, a message that does not parse INTERNAL.
  if (body.length < 5) throw new ConnectError("protocol error: missing input message for unary method", Code.Unimplemented);
  const length = body.readUInt32BE(1);
  if (body.length > 5 + length) throw new ConnectError("protocol error: received extra input message for unary method", Code.Unimplemented);
  if (body.length < 5 + length) throw new ConnectError("protocol error: incomplete envelope", Code.InvalidArgument);
  if ((body[0] ?? 0) & 1) throw new ConnectError("protocol error: compressed message without grpc-encoding", Code.Internal);
  try {
    return fromBinary(schema, body.subarray(5));
  } catch (e) {
    throw new ConnectError(`parse binary: ${e instanceof Error ? e.message : String(e)}`, Code.Internal);
  }
}
