import { fileURLToPath } from "node:url";
import { fromBinary } from "@bufbuild/protobuf";
import { BinaryReader } from "@bufbuild/protobuf/wire";
import { AnySchema, anyUnpack } from "@bufbuild/protobuf/wkt";
import * as grpc from "@grpc/grpc-js";
import * as protoLoader from "@grpc/proto-loader";
import { AGENT_CONTEXT_HEADER, CALLER_TOKEN_HEADER, CallerTokenIssuer } from "@tarmac/kernel";
import { testCredential } from "@tarmac/kernel/testing";
import { BookingService } from "@tarmac/proto/tarmac/booking/v1/booking_pb.js";
import { ErrorDetailSchema } from "@tarmac/proto/tarmac/errors/v1/errors_pb.js";

const PROTO_ROOT = fileURLToPath(new URL("../../../../proto", import.meta.url));

/** A unary call's failure as a third-party gRPC client sees it: the status, and the catalogue code from our detail. */
export interface GrpcFailure {
  readonly status: grpc.status;
  readonly code: string | undefined;
  readonly message: string;
}

type Unary = (
  request: object,
  metadata: grpc.Metadata,
  options: grpc.CallOptions,
  done: (e: grpc.ServiceError | null, r?: object) => void,
) => void;

/**
 * BookingService as a third party calls it: @grpc/grpc-js with the .proto files loaded at run
 * time by @grpc/proto-loader (no generated TypeScript), plain JS objects in and out (enums as
 * names, int64 as strings). Each call is signed as the gateway signs it: its caller token, and the
 * agency of the request's agent_id in a signed agent context (development credentials).
 */
export class GrpcJsBooking {
  private readonly client: grpc.Client & Record<string, Unary>;
  private readonly issuer = new CallerTokenIssuer(testCredential("gateway"));

  constructor(url: string) {
    const definition = protoLoader.loadSync("tarmac/booking/v1/booking.proto", {
      includeDirs: [PROTO_ROOT],
      longs: String,
      enums: String,
      defaults: true,
      keepCase: true,
    });
    const loaded = grpc.loadPackageDefinition(definition) as unknown as {
      tarmac: { booking: { v1: { BookingService: grpc.ServiceClientConstructor } } };
    };
    const Client = loaded.tarmac.booking.v1.BookingService;
    this.client = new Client(new URL(url).host, grpc.credentials.createInsecure()) as grpc.Client & Record<string, Unary>;
  }

  /** Calls `method` with a deadline `deadlineMs` from now. */
  async call<T = Record<string, unknown>>(method: string, request: object, deadlineMs = 10_000): Promise<T> {
    const unary = this.client[method];
    if (!unary) throw new Error(`no method ${method}`);
    const metadata = new grpc.Metadata();
    metadata.set(CALLER_TOKEN_HEADER, `Bearer ${await this.issuer.tokenFor(BookingService.typeName)}`);
    const agentId = (request as { agent_id?: unknown }).agent_id;
    if (typeof agentId === "string" && agentId !== "") metadata.set(AGENT_CONTEXT_HEADER, await this.issuer.agentContextFor(agentId));
    return new Promise((resolve, reject) => {
      unary.call(this.client, request, metadata, { deadline: new Date(Date.now() + deadlineMs) }, (error, response) =>
        error ? reject(error) : resolve(response as T),
      );
    });
  }

  /** The failure of `method`, or an error if it succeeded. */
  async failure(method: string, request: object, deadlineMs?: number): Promise<GrpcFailure> {
    const error = await this.call(method, request, deadlineMs).then(
      () => undefined,
      (e: unknown) => e as grpc.ServiceError,
    );
    if (!error) throw new Error(`${method} succeeded`);
    return { status: error.code, code: catalogueCodeOf(error.metadata), message: error.details };
  }

  close(): void {
    this.client.close();
  }
}

/** grpc-status-details-bin is a google.rpc.Status; field 3 holds Any details, one of them our ErrorDetail. */
function catalogueCodeOf(metadata: grpc.Metadata | undefined): string | undefined {
  const [bin] = metadata?.get("grpc-status-details-bin") ?? [];
  if (!(bin instanceof Buffer)) return undefined;
  const reader = new BinaryReader(bin);
  while (reader.pos < reader.len) {
    const [field, wireType] = reader.tag();
    if (field !== 3) {
      reader.skip(wireType);
      continue;
    }
    const detail = anyUnpack(fromBinary(AnySchema, reader.bytes()), ErrorDetailSchema);
    if (detail) return detail.code;
  }
  return undefined;
}
