import { create, type DescMessage, type MessageInitShape } from "@bufbuild/protobuf";
import { BadRequestSchema, ErrorInfoSchema, RetryInfoSchema } from "@tarmac/proto/google/rpc/error_details_pb.js";
import { currentRequestId } from "../request-context.js";
import type { DomainError } from "./domain-error.js";

/** `google.rpc.ErrorInfo.domain` of every Tarmac error: the namespace its reasons (catalogue codes) belong to. */
const ERROR_DOMAIN = "tarmac.travel";

/** What ConnectError takes as a detail (its own type is not exported). */
interface Detail {
  desc: DescMessage;
  value: MessageInitShape<DescMessage>;
}

/**
 * The standard `google.rpc` details of a domain error, which generic gRPC clients and tooling
 * (grpcurl, buf curl, Google's client libraries, Envoy) already understand, sent beside our own
 * `tarmac.errors.v1.ErrorDetail`:
 * - `ErrorInfo` always: reason = the catalogue code, domain `tarmac.travel`, metadata with the
 *   request id, category, retryable, and the airline's name and code when it refused;
 * - `BadRequest` when the error names fields (one violation per field error);
 * - `RetryInfo` when the error says when to try again (`retryAfterSeconds`, the HTTP Retry-After).
 */
export function standardDetails(error: DomainError): Detail[] {
  const requestId = currentRequestId();
  const metadata: Record<string, string> = {
    category: error.category,
    retryable: String(error.retryable),
    ...(requestId && { requestId }),
    ...(error.provider && { provider: error.provider.name, providerCode: error.provider.code }),
  };
  const details: Detail[] = [
    { desc: ErrorInfoSchema, value: create(ErrorInfoSchema, { reason: error.code, domain: ERROR_DOMAIN, metadata }) },
  ];
  if (error.errors.length > 0) {
    const fieldViolations = error.errors.map((e) => ({ field: e.field, description: e.message, reason: e.code }));
    details.push({ desc: BadRequestSchema, value: create(BadRequestSchema, { fieldViolations }) });
  }
  if (error.retryAfterSeconds !== undefined && error.retryAfterSeconds > 0) {
    const seconds = Math.ceil(error.retryAfterSeconds);
    details.push({ desc: RetryInfoSchema, value: create(RetryInfoSchema, { retryDelay: { seconds: BigInt(seconds) } }) });
  }
  return details;
}
