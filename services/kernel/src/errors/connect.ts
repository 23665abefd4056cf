import { create } from "@bufbuild/protobuf";
import { Code, ConnectError } from "@connectrpc/connect";
import { ErrorDetailSchema } from "@tarmac/proto/tarmac/errors/v1/errors_pb.js";
import { catalogue, isErrorCode, type FieldErrorCode } from "./catalogue.js";
import { DomainError } from "./domain-error.js";
import { standardDetails } from "./standard-details.js";

/**
 * Domain error -> Connect error carrying the catalogue code as our typed detail (first, which
 * `fromConnectError` reads back) and the standard google.rpc ErrorInfo, BadRequest and RetryInfo.
 */
export function toConnectError(error: DomainError): ConnectError {
  const detail = create(ErrorDetailSchema, {
    code: error.code,
    category: error.category,
    retryable: error.retryable,
    errors: error.errors.map((e) => ({ ...e })),
    ...(error.provider && { provider: { ...error.provider } }),
    retryAfterSeconds: error.retryAfterSeconds ?? 0,
  });
  return new ConnectError(error.message, catalogue[error.code].connectCode, undefined, [
    { desc: ErrorDetailSchema, value: detail },
    ...standardDetails(error),
  ]);
}

/**
 * Any error from a peer call -> domain error. A Connect error with our detail keeps its code;
 * transport failures become UNAVAILABLE or INTERNAL so that nothing unknown leaks to clients.
 */
export function fromConnectError(cause: unknown): DomainError {
  if (cause instanceof DomainError) return cause;
  const error = ConnectError.from(cause);
  const [detail] = error.findDetails(ErrorDetailSchema);
  if (detail && isErrorCode(detail.code)) {
    return new DomainError(detail.code, error.rawMessage, {
      errors: detail.errors.map((e) => ({ field: e.field, code: e.code as FieldErrorCode, message: e.message })),
      ...(detail.provider && {
        provider: { name: detail.provider.name, code: detail.provider.code, message: detail.provider.message },
      }),
      ...(detail.retryAfterSeconds > 0 && { retryAfterSeconds: detail.retryAfterSeconds }),
      cause,
    });
  }
  switch (error.code) {
    case Code.Unavailable:
    case Code.DeadlineExceeded:
    case Code.Canceled:
      return new DomainError("UNAVAILABLE", "A backing service is unavailable, please retry", { cause });
    default:
      return new DomainError("INTERNAL", "Internal error", { cause });
  }
}
