import type { Message } from "@bufbuild/protobuf";

const encodings = new WeakMap<Message, readonly Uint8Array[]>();

/**
 * Records that `message`'s wire bytes are `chunks`, in order: a service that keeps an answer's
 * bulk already encoded (a search page's offers, encoded when the search was cached) spares the
 * unary gRPC fast path encoding it again, which for a page meant growing a zero-filled buffer by
 * doubling to 64 KB and copying it once more (issue 17). The chunks must be what toBinary would
 * write for the message (its test holds each use to that), and neither may change afterwards:
 * they are sent as they are. Every other path (Connect's handler: Connect, gRPC-Web, JSON) still
 * encodes the message itself.
 */
export function withEncoding<T extends Message>(message: T, chunks: readonly Uint8Array[]): T {
  encodings.set(message, chunks);
  return message;
}

/** The chunks withEncoding recorded for `message`, if any. */
export function encodingOf(message: Message): readonly Uint8Array[] | undefined {
  return encodings.get(message);
}
