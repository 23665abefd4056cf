import { createRegistry, fromBinary, isMessage, type DescMessage, type MessageShape } from "@bufbuild/protobuf";
import { anyUnpack } from "@bufbuild/protobuf/wkt";
import * as grpc from "@grpc/grpc-js";
import { BadRequestSchema, ErrorInfoSchema, RetryInfoSchema } from "@tarmac/proto/google/rpc/error_details_pb.js";
import { StatusSchema } from "@tarmac/proto/google/rpc/status_pb.js";
import { ErrorDetailSchema } from "@tarmac/proto/tarmac/errors/v1/errors_pb.js";
import { WalletService } from "@tarmac/proto/tarmac/wallet/v1/wallet_pb.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServiceHost, type ServiceHost } from "../service-host.js";
import { CallerTokenIssuer } from "../caller-auth/tokens.js";
import { developmentCallerAuth, everyMethodFor, testCredential } from "../testing/caller-access.js";
import { silentLogger } from "../testing/silent-logger.js";
import { DomainError, fieldError, validationFailed } from "./domain-error.js";

/** One unary call by @grpc/grpc-js (signed as `caller` when given); resolves with the error it failed with. */
async function grpcJsFailure(address: string, path: string, caller?: string): Promise<grpc.ServiceError> {
  const metadata = new grpc.Metadata();
  metadata.set("x-request-id", "req-details-1");
  if (caller) {
    const token = await new CallerTokenIssuer(testCredential(caller)).tokenFor(path.split("/")[1]!);
    metadata.set("authorization", `Bearer ${token}`);
  }
  const identity = { serialize: (b: Buffer) => b, deserialize: (b: Buffer) => b };
  const method = {
    path,
    requestStream: false,
    responseStream: false,
    requestSerialize: identity.serialize,
    requestDeserialize: identity.deserialize,
    responseSerialize: identity.serialize,
    responseDeserialize: identity.deserialize,
  };
  const Client = grpc.makeGenericClientConstructor({ call: method }, "t");
  const client = new Client(address, grpc.credentials.createInsecure());
  try {
    return await new Promise((resolve, reject) => {
      client.call!(Buffer.alloc(0), metadata, (error: grpc.ServiceError | null) =>
        error ? resolve(error) : reject(new Error("the call succeeded")),
      );
    });
  } finally {
    client.close();
  }
}

/** What a generic client reads: grpc-status-details-bin, a google.rpc.Status with Any details. */
function statusDetails(error: grpc.ServiceError) {
  const [bin] = error.metadata.get("grpc-status-details-bin");
  const status = fromBinary(StatusSchema, bin as Buffer);
  const registry = createRegistry(ErrorInfoSchema, BadRequestSchema, RetryInfoSchema, ErrorDetailSchema);
  const details = status.details.map((any) => anyUnpack(any, registry));
  const find = <D extends DescMessage>(schema: D) => details.find((d): d is MessageShape<D> => d !== undefined && isMessage(d, schema));
  return {
    status,
    errorInfo: find(ErrorInfoSchema),
    badRequest: find(BadRequestSchema),
    retryInfo: find(RetryInfoSchema),
    ours: find(ErrorDetailSchema),
  };
}

describe("standard error details, as a @grpc/grpc-js client sees them", () => {
  let host: ServiceHost;
  let address: string;
  beforeAll(async () => {
    host = await startServiceHost({
      name: "t",
      port: 0,
      services: [WalletService],
      routes: (router) =>
        router.service(WalletService, {
          hold: () => {
            throw validationFailed([fieldError("amount.paise", "OUT_OF_RANGE", "must be positive")]);
          },
          getBalance: () => {
            throw new DomainError("UNAVAILABLE", "The service's store is unavailable; please retry", { retryAfterSeconds: 2 });
          },
        }),
      logger: silentLogger(),
      callerAuth: developmentCallerAuth(),
      callerPolicy: everyMethodFor([WalletService]),
    });
    address = `127.0.0.1:${host.port}`;
  });
  afterAll(() => host.stop());

  it("sends ErrorInfo (catalogue code, domain, request id) and BadRequest beside our own detail", async () => {
    const error = await grpcJsFailure(address, "/tarmac.wallet.v1.WalletService/Hold", "admin");
    expect(error.code).toBe(grpc.status.INVALID_ARGUMENT);
    const { status, errorInfo, badRequest, retryInfo, ours } = statusDetails(error);
    expect(status.code).toBe(grpc.status.INVALID_ARGUMENT);
    expect(errorInfo).toMatchObject({
      reason: "VALIDATION_FAILED",
      domain: "tarmac.travel",
      metadata: { requestId: "req-details-1", category: "VALIDATION", retryable: "false" },
    });
    expect(badRequest?.fieldViolations).toMatchObject([{ field: "amount.paise", reason: "OUT_OF_RANGE", description: "must be positive" }]);
    expect(retryInfo).toBeUndefined();
    expect(ours?.code).toBe("VALIDATION_FAILED");
  });

  it("an anonymous caller's refusal carries ErrorInfo too", async () => {
    const error = await grpcJsFailure(address, "/tarmac.wallet.v1.WalletService/Hold");
    expect(error.code).toBe(grpc.status.UNAUTHENTICATED);
    const { errorInfo, ours } = statusDetails(error);
    expect(errorInfo).toMatchObject({
      reason: "SERVICE_CALLER_UNAUTHENTICATED",
      domain: "tarmac.travel",
      metadata: { requestId: "req-details-1" },
    });
    expect(ours?.code).toBe("SERVICE_CALLER_UNAUTHENTICATED");
  });

  it("sends RetryInfo with the delay of a retryable error", async () => {
    const error = await grpcJsFailure(address, "/tarmac.wallet.v1.WalletService/GetBalance", "admin");
    expect(error.code).toBe(grpc.status.UNAVAILABLE);
    const { errorInfo, retryInfo, badRequest, ours } = statusDetails(error);
    expect(errorInfo?.reason).toBe("UNAVAILABLE");
    expect(errorInfo?.metadata.retryable).toBe("true");
    expect(retryInfo?.retryDelay?.seconds).toBe(2n);
    expect(badRequest).toBeUndefined();
    expect(ours?.retryAfterSeconds).toBe(2);
  });
});
