import { create, type DescMessage, fromBinary, type MessageInitShape, type MessageShape, toBinary } from "@bufbuild/protobuf";
import * as grpc from "@grpc/grpc-js";

/**
 * Calls one unary method with @grpc/grpc-js, the reference gRPC implementation, encoding with the
 * generated protobuf-es schemas: proof that the service speaks real gRPC, not only Connect.
 */
export async function grpcJsUnary<I extends DescMessage, O extends DescMessage>(
  address: string,
  path: string,
  input: I,
  output: O,
  request: MessageInitShape<I>,
  /** Call metadata, e.g. the caller's `authorization` token. */
  headers: Readonly<Record<string, string>> = {},
): Promise<MessageShape<O>> {
  const method = {
    path,
    requestStream: false,
    responseStream: false,
    requestSerialize: (message: MessageShape<I>) => Buffer.from(toBinary(input, message)),
    requestDeserialize: (bytes: Buffer) => fromBinary(input, bytes),
    responseSerialize: (message: MessageShape<O>) => Buffer.from(toBinary(output, message)),
    responseDeserialize: (bytes: Buffer) => fromBinary(output, bytes),
  };
  const Client = grpc.makeGenericClientConstructor({ unary: method }, path.split("/")[1] ?? "service");
  const client = new Client(address, grpc.credentials.createInsecure());
  try {
    return await new Promise<MessageShape<O>>((resolve, reject) => {
      const deadline = new Date(Date.now() + 10_000);
      client.unary!(
        create(input, request),
        metadataOf(headers),
        { deadline },
        (error: grpc.ServiceError | null, response?: MessageShape<O>) =>
          error || !response ? reject(error ?? new Error("no response")) : resolve(response),
      );
    });
  } finally {
    client.close();
  }
}

function metadataOf(headers: Readonly<Record<string, string>>): grpc.Metadata {
  const metadata = new grpc.Metadata();
  for (const [name, value] of Object.entries(headers)) metadata.set(name, value);
  return metadata;
}
