import { create, fromBinary, isMessage, toBinary, type DescMessage, type DescMethodUnary, type MessageInitShape } from "@bufbuild/protobuf";
import {
  Code,
  ConnectError,
  createContextValues,
  type ContextValues,
  type Interceptor,
  type Transport,
  type UnaryRequest,
  type UnaryResponse,
} from "@connectrpc/connect";
import { encodeEnvelope } from "@connectrpc/connect/protocol";
import { validateResponseWithCompression, validateTrailer } from "@connectrpc/connect/protocol-grpc";
import type { Http2SessionManager } from "@connectrpc/connect-node";
import { grpcTimeoutOf, remainingMsOf } from "../deadline.js";
import { exchange } from "./grpc-exchange.js";
import { asHeaders, PlainHeaders } from "./plain-headers.js";

export interface UnaryGrpcTransportOptions {
  readonly baseUrl: string;
  /** Per-call deadline unless the caller passes its own (0 or less: none), as Connect's transports. */
  readonly defaultTimeoutMs: number;
  readonly interceptors: readonly Interceptor[];
  /** The HTTP/2 sessions to the peer, shared with `streams`. */
  readonly sessions: Http2SessionManager;
  /** Connect's gRPC transport over the same sessions: every streaming call goes through it. */
  readonly streams: Transport;
}

/**
 * The signal of calls made without one: nothing aborts it (a call's end is its answer or its
 * error). Interceptors may read it but must not add listeners to it: they would stay on it for the
 * process's life. Ours do not.
 */
const NEVER = new AbortController().signal;

/**
 * Connect's Transport for unary gRPC calls, written for the hot path (issue 17): the same wire, the
 * same headers and interceptors, the same errors, without the async iterables, linked abort
 * controllers and deadline signals Connect's generic transport builds for every call (half the
 * CPU of a call from the gateway). It sends one envelope and reads the answer whole; the deadline
 * is the `grpc-timeout` the interceptors leave on the request, so the peer and this side end the
 * call at the same time. Streams go to Connect's transport.
 */
export function createUnaryGrpcTransport(options: UnaryGrpcTransportOptions): Transport {
  const origin = new URL(options.baseUrl).origin;
  const base = options.baseUrl.replace(/\/?$/, "/");
  const interceptors = options.interceptors;
  return {
    async unary<I extends DescMessage, O extends DescMessage>(
      method: DescMethodUnary<I, O>,
      signal: AbortSignal | undefined,
      timeoutMs: number | undefined,
      header: ConstructorParameters<typeof Headers>[0] | undefined,
      input: MessageInitShape<I>,
      contextValues?: ContextValues,
    ): Promise<UnaryResponse<I, O>> {
      const deadlineMs = timeoutMs ?? options.defaultTimeoutMs;
      const next = async (req: UnaryRequest<I, O>): Promise<UnaryResponse<I, O>> => {
        const answer = await exchange(options.sessions, {
          path: req.url.slice(origin.length),
          header: req.header,
          body: encodeEnvelope(0, toBinary(method.input, req.message)),
          timeoutMs: remainingMsOf(req.header),
          signal: req.signal === NEVER ? undefined : req.signal,
        });
        // No compression is accepted: an answer in any other encoding than identity is refused.
        const { headerError } = validateResponseWithCompression([], answer.status, answer.header);
        const message = answer.body.length === 0 ? undefined : parseEnvelope(method.output, answer.body);
        if (message !== undefined && headerError) {
          throw new ConnectError("protocol error: received output message for unary method with error status", Code.Unknown);
        }
        validateTrailer(answer.trailer, answer.header);
        if (message === undefined) {
          const code = answer.trailer.has("grpc-status") ? Code.Unimplemented : Code.Unknown;
          throw headerError ?? new ConnectError("protocol error: missing output message for unary method", code);
        }
        return { stream: false, service: method.parent, method, header: answer.header, message, trailer: answer.trailer };
      };
      const call = interceptors.reduceRight<(req: UnaryRequest<I, O>) => Promise<UnaryResponse<I, O>>>(
        (inner, interceptor) => interceptor(inner as never) as never,
        next,
      );
      const req: UnaryRequest<I, O> = {
        stream: false,
        service: method.parent,
        method,
        requestMethod: "POST",
        url: `${base}${method.parent.typeName}/${method.name}`,
        header: grpcRequestHeader(deadlineMs > 0 ? deadlineMs : undefined, header),
        contextValues: contextValues ?? createContextValues(),
        message: isMessage(input, method.input) ? input : create(method.input, input),
        signal: signal ?? NEVER,
      };
      return call(req).catch((reason: unknown) => {
        throw ConnectError.from(reason);
      });
    },
    stream: (...args) => options.streams.stream(...args),
  };
}

/** Connect's gRPC request headers (protocol-grpc's requestHeader), in PlainHeaders. */
function grpcRequestHeader(timeoutMs: number | undefined, header: ConstructorParameters<typeof Headers>[0] | undefined): Headers {
  const result = new PlainHeaders(header);
  result.set("content-type", "application/grpc+proto");
  if (!result.has("user-agent")) result.set("user-agent", USER_AGENT);
  if (timeoutMs !== undefined) result.set("grpc-timeout", grpcTimeoutOf(timeoutMs));
  // gRPC over HTTP/2 requires it: it flushes out proxies that do not pass trailers.
  result.set("te", "trailers");
  return asHeaders(result);
}

/** What Connect's own transport sends (it names itself, not "grpc-es", as gRPC would). */
const USER_AGENT = "connect-es/2.1.2";

/** The one message of a unary answer: a 5-byte prefix (flags, length), then the message. */
function parseEnvelope<O extends DescMessage>(schema: O, body: Buffer) {
  if (body.length < 5) throw new ConnectError("protocol error: incomplete envelope", Code.Internal);
  if ((body[0] ?? 0) & 1) throw new ConnectError("protocol error: compressed message, none was accepted", Code.Internal);
  const length = body.readUInt32BE(1);
  if (body.length > 5 + length)
    throw new ConnectError("protocol error: received extra output message for unary method", Code.Unimplemented);
  if (body.length < 5 + length) throw new ConnectError("protocol error: incomplete envelope", Code.Internal);
  try {
    return fromBinary(schema, body.subarray(5));
  } catch (e) {
    throw new ConnectError(`parse binary: ${e instanceof Error ? e.message : String(e)}`, Code.Internal);
  }
}
