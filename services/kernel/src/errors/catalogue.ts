import { Code } from "@connectrpc/connect";

/** The envelope's `error.category` values (API guide, Errors), a closed list. */
export const ERROR_CATEGORIES = ["AUTH", "SEARCH", "BOOKING", "WALLET", "PROVIDER", "SYSTEM", "VALIDATION"] as const;
export type ErrorCategory = (typeof ERROR_CATEGORIES)[number];

export interface CatalogueEntry {
  readonly status: number;
  readonly category: ErrorCategory;
  readonly connectCode: Code;
  readonly retryable: boolean;
}

const entry = (status: number, category: ErrorCategory, connectCode: Code, retryable = false): CatalogueEntry => ({
  status,
  category,
  connectCode,
  retryable,
});

/**
 * The error catalogue of API guide, Errors: the single mapping from a domain error code to its
 * HTTP status, envelope category and Connect code. Nothing else in the system picks a status.
 */
export const catalogue = {
  VALIDATION_FAILED: entry(400, "VALIDATION", Code.InvalidArgument),
  VALIDATION_MALFORMED_JSON: entry(400, "VALIDATION", Code.InvalidArgument),
  IDEMPOTENCY_KEY_REQUIRED: entry(400, "VALIDATION", Code.InvalidArgument),
  IDEMPOTENCY_KEY_REUSED: entry(422, "VALIDATION", Code.FailedPrecondition),
  IDEMPOTENCY_REQUEST_IN_PROGRESS: entry(409, "VALIDATION", Code.Aborted, true),
  UNSUPPORTED_MEDIA_TYPE: entry(415, "VALIDATION", Code.InvalidArgument),
  PAYLOAD_TOO_LARGE: entry(413, "VALIDATION", Code.ResourceExhausted),
  ROUTE_NOT_FOUND: entry(404, "VALIDATION", Code.NotFound),
  METHOD_NOT_ALLOWED: entry(405, "VALIDATION", Code.Unimplemented),
  AUTH_MISSING_CREDENTIALS: entry(401, "AUTH", Code.Unauthenticated),
  AUTH_INVALID_API_KEY: entry(401, "AUTH", Code.Unauthenticated),
  AUTH_INVALID_TOKEN: entry(401, "AUTH", Code.Unauthenticated),
  AUTH_TOKEN_EXPIRED: entry(401, "AUTH", Code.Unauthenticated),
  AUTH_OTP_INVALID: entry(401, "AUTH", Code.Unauthenticated),
  AUTH_OTP_EXPIRED: entry(401, "AUTH", Code.Unauthenticated),
  AUTH_FORBIDDEN: entry(403, "AUTH", Code.PermissionDenied),
  AUTH_AGENT_SUSPENDED: entry(403, "AUTH", Code.PermissionDenied),
  AUTH_NOT_FOUND: entry(404, "AUTH", Code.NotFound),
  // Webhooks are for enterprise agencies (API guide, Webhooks); a standard agency's valid key is refused.
  WEBHOOKS_ENTERPRISE_TIER_REQUIRED: entry(403, "AUTH", Code.PermissionDenied),
  AUTH_OTP_ATTEMPTS_EXCEEDED: entry(429, "AUTH", Code.ResourceExhausted),
  RATE_LIMITED: entry(429, "SYSTEM", Code.ResourceExhausted, true),
  SEARCH_CURSOR_INVALID: entry(400, "SEARCH", Code.InvalidArgument),
  SEARCH_CURSOR_EXPIRED: entry(410, "SEARCH", Code.FailedPrecondition),
  SEARCH_EXPIRED: entry(410, "SEARCH", Code.FailedPrecondition),
  SEARCH_OFFER_NOT_FOUND: entry(404, "SEARCH", Code.NotFound),
  BOOKING_FARE_EXPIRED: entry(410, "BOOKING", Code.FailedPrecondition),
  BOOKING_FARE_TOKEN_INVALID: entry(400, "BOOKING", Code.InvalidArgument),
  BOOKING_NOT_FOUND: entry(404, "BOOKING", Code.NotFound),
  BOOKING_INVOICE_NOT_FOUND: entry(404, "BOOKING", Code.NotFound),
  BOOKING_INVALID_STATE: entry(409, "BOOKING", Code.FailedPrecondition),
  BOOKING_QUOTE_EXPIRED: entry(409, "BOOKING", Code.FailedPrecondition),
  BOOKING_SEAT_UNAVAILABLE: entry(409, "BOOKING", Code.FailedPrecondition),
  BOOKING_PASSENGER_MISMATCH: entry(422, "BOOKING", Code.InvalidArgument),
  // Hold now, ticket later (API guide, Holds): a fare the airline does not hold; a hold past its
  // ticket time limit or dropped by the airline (the booking is EXPIRED); a held price that moved.
  BOOKING_HOLD_NOT_ALLOWED: entry(422, "BOOKING", Code.FailedPrecondition),
  BOOKING_HOLD_EXPIRED: entry(410, "BOOKING", Code.FailedPrecondition),
  BOOKING_PRICE_CHANGED: entry(409, "BOOKING", Code.FailedPrecondition),
  // Partial cancellation and void (API guide, Partial cancellation, void and refunds): a fare sold
  // as one round trip cannot lose one direction voluntarily; a void outside its window or scope.
  BOOKING_DIRECTION_NOT_CANCELLABLE: entry(422, "BOOKING", Code.FailedPrecondition),
  BOOKING_VOID_NOT_ALLOWED: entry(422, "BOOKING", Code.FailedPrecondition),
  WALLET_INSUFFICIENT_FUNDS: entry(402, "WALLET", Code.FailedPrecondition),
  WALLET_ACCOUNT_NOT_FOUND: entry(404, "WALLET", Code.NotFound),
  // A Credit from booking with no booking payment behind it, or beyond what the booking paid from
  // that wallet less what it already got back. Between services only: no agency request causes it.
  WALLET_CREDIT_NOT_ALLOWED: entry(422, "WALLET", Code.FailedPrecondition),
  // Statement cursors follow the search cursor rules (API guide, Pagination).
  WALLET_CURSOR_INVALID: entry(400, "WALLET", Code.InvalidArgument),
  WALLET_CURSOR_EXPIRED: entry(410, "WALLET", Code.FailedPrecondition),
  // The spec's categories are closed (no WEBHOOK): an unknown id the caller sent is VALIDATION, like ROUTE_NOT_FOUND.
  WEBHOOK_ENDPOINT_NOT_FOUND: entry(404, "VALIDATION", Code.NotFound),
  WEBHOOK_EVENT_NOT_FOUND: entry(404, "VALIDATION", Code.NotFound),
  PROVIDER_REJECTED: entry(422, "PROVIDER", Code.FailedPrecondition),
  PROVIDER_SOLD_OUT: entry(409, "PROVIDER", Code.FailedPrecondition),
  PROVIDER_PRICE_CHANGED: entry(409, "PROVIDER", Code.FailedPrecondition),
  PROVIDER_UNAVAILABLE: entry(503, "PROVIDER", Code.Unavailable, true),
  // UNAVAILABLE, not DEADLINE_EXCEEDED: gRPC callers must tell the airline's timeout (retry) from their own deadline.
  PROVIDER_TIMEOUT: entry(504, "PROVIDER", Code.Unavailable, true),
  // A service refused its caller (no valid caller token, or not allowed this method): to an agency
  // behind the gateway that is the platform's own fault, hence 500; gRPC callers get the precise code.
  SERVICE_CALLER_UNAUTHENTICATED: entry(500, "SYSTEM", Code.Unauthenticated),
  SERVICE_CALLER_FORBIDDEN: entry(500, "SYSTEM", Code.PermissionDenied),
  INTERNAL: entry(500, "SYSTEM", Code.Internal),
  UNAVAILABLE: entry(503, "SYSTEM", Code.Unavailable, true),
} as const satisfies Record<string, CatalogueEntry>;

export type ErrorCode = keyof typeof catalogue;

/** Field-level codes used in `errors[].code` (a list, so the OpenAPI document can enumerate them). */
export const FIELD_ERROR_CODES = [
  "REQUIRED",
  "INVALID_FORMAT",
  "OUT_OF_RANGE",
  "INVALID_VALUE",
  "UNKNOWN_FIELD",
  "UNKNOWN_AIRPORT",
] as const;
export type FieldErrorCode = (typeof FIELD_ERROR_CODES)[number];

export function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(catalogue, code);
}
