import { STATUS_CODES } from "node:http";
import { catalogue, type ErrorCode } from "@tarmac/kernel";
import type { FastifySchema } from "fastify";
import { ERROR_ENVELOPE, type ResponseHeaderName, responseHeaders, SECONDARY_ERROR } from "./components.js";

/**
 * How a route carries its OpenAPI documentation: its `schema` is `operation({...})`, which
 * returns the Fastify route schema (body, querystring, headers, response) plus what
 * @fastify/swagger reads from it (operationId, summary, description, tags, security). Fastify
 * validates requests and serializes responses with the same schema the document shows, so the
 * document cannot drift from what the route does.
 *
 * Error responses come from the catalogue: the codes every route of the surface can answer
 * (credentials, validation, rate limit, crashes, unreachable peers), those of the Idempotency-Key
 * when the route takes one, and the route's own `errors`, grouped by their catalogue status. Each
 * refers to the surface's error schema (`ErrorEnvelope` or `SecondaryError`), which is also what
 * Fastify serializes those answers with.
 */

/**
 * The primary surface takes X-API-Key or a session as a bearer token; the secondary one a bearer token or cookie checked
 * with the route's scope ("session"), a token that is only revoked ("token": logout, no 403), or
 * nothing (OTP login).
 */
export type Access = { readonly surface: "primary" } | { readonly surface: "secondary"; readonly auth: "session" | "token" | "none" };

/** /api/v1: X-API-Key or Authorization: Bearer (a session, with its scopes), errors in the ErrorEnvelope. */
export const PRIMARY: Access = { surface: "primary" };
/** /api/flights, logout: bearer token or tarmac_session cookie, errors in SecondaryError. */
export const SESSION: Access = { surface: "secondary", auth: "session" };
/** logout: the session token (bearer or cookie) it revokes, errors in SecondaryError. */
export const SESSION_TOKEN: Access = { surface: "secondary", auth: "token" };
/** send-otp, verify-otp, dev outbox: no credentials, errors in SecondaryError. */
export const NO_CREDENTIALS: Access = { surface: "secondary", auth: "none" };

interface SuccessDoc {
  /** 200 unless the route answers otherwise (send-otp: 202). */
  readonly status?: 200 | 202;
  readonly schema: object;
  readonly description: string;
  /** Headers beyond X-Request-ID, the RateLimit ones and Idempotent-Replayed. */
  readonly headers?: readonly ResponseHeaderName[];
}

export interface OperationDoc {
  readonly operationId: string;
  readonly tags: readonly [string];
  readonly summary: string;
  readonly description: string;
  /** Default POST; a GET has no body and so none of the body errors (400 malformed JSON, 413, 415). */
  readonly method?: "GET" | "POST";
  readonly body?: object;
  readonly querystring?: object;
  readonly success: SuccessDoc;
  /** Catalogue codes this operation answers beyond those of its surface (and its Idempotency-Key). */
  readonly errors?: readonly ErrorCode[];
  /** Must match the route's `config.idempotency` (required, or `optional: true`). */
  readonly idempotencyKey?: "required" | "optional";
}

/** Every route answers these: a bad X-Request-ID or field, rate limit, a crash, an unreachable peer. */
const ALWAYS: readonly ErrorCode[] = ["VALIDATION_FAILED", "RATE_LIMITED", "INTERNAL", "UNAVAILABLE"];
const BODY: readonly ErrorCode[] = ["VALIDATION_MALFORMED_JSON", "PAYLOAD_TOO_LARGE", "UNSUPPORTED_MEDIA_TYPE"];
const API_KEY: readonly ErrorCode[] = ["AUTH_MISSING_CREDENTIALS", "AUTH_INVALID_API_KEY", "AUTH_FORBIDDEN", "AUTH_AGENT_SUSPENDED"];
const SESSION_AUTH: readonly ErrorCode[] = [
  "AUTH_MISSING_CREDENTIALS",
  "AUTH_INVALID_TOKEN",
  "AUTH_TOKEN_EXPIRED",
  "AUTH_FORBIDDEN",
  "AUTH_AGENT_SUSPENDED",
];
/** Logout: auth's answers about the token it is asked to revoke. */
const TOKEN: readonly ErrorCode[] = ["AUTH_MISSING_CREDENTIALS", "AUTH_INVALID_TOKEN", "AUTH_TOKEN_EXPIRED"];
const KEY_REQUIRED: readonly ErrorCode[] = ["IDEMPOTENCY_KEY_REQUIRED", "IDEMPOTENCY_KEY_REUSED", "IDEMPOTENCY_REQUEST_IN_PROGRESS"];
const KEY_OPTIONAL: readonly ErrorCode[] = ["IDEMPOTENCY_KEY_REUSED", "IDEMPOTENCY_REQUEST_IN_PROGRESS"];

/** X-Request-ID as the request-id plugin accepts it (the kernel's isValidRequestId). */
export const REQUEST_ID_PATTERN = "^[A-Za-z0-9._:-]{1,128}$";

const requestIdHeader = {
  type: "string",
  pattern: REQUEST_ID_PATTERN,
  description:
    "Correlation id (1 to 128 letters, digits or `. _ : -`), echoed as the X-Request-ID response header and as `trace_id` in " +
    "errors. A malformed one is refused with 400 VALIDATION_FAILED; without one, the gateway generates one.",
  // No example: the docs page's "Try it out" pre-fills one, and every call would share one trace id (issue 36).
} as const;

/** The idempotency plugin checks the key (onRequest) before this schema runs; it only documents it. */
const idempotencyKeyHeader = (required: boolean) =>
  ({
    type: "string",
    pattern: required ? "^[\\x20-\\x7E]{1,255}$" : "^[\\x20-\\x7E]{0,255}$",
    description: required
      ? "Required: a unique string per operation (1 to 255 printable ASCII characters), kept 24 hours per agent. A retry with " +
        "the same key and body gets the stored response (with `Idempotent-Replayed: true`); the same key with another body " +
        "422 IDEMPOTENCY_KEY_REUSED; while the first request still runs, 409 IDEMPOTENCY_REQUEST_IN_PROGRESS."
      : "Optional: when sent, retries with the same key and body get the stored response instead of a second booking " +
        "(same rules as the primary surface); without it every request is a new booking.",
    // No example, as for X-Request-ID: a pre-filled key would make every "Try it out" a replay of the first.
  }) as const;

const RATE_LIMIT_HEADERS: readonly ResponseHeaderName[] = ["RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset"];

function headersOf(names: readonly ResponseHeaderName[]): Record<string, object> {
  return Object.fromEntries(names.map((name) => [name, { ...responseHeaders[name] }]));
}

function codesOf(doc: OperationDoc, access: Access): ErrorCode[] {
  const codes = new Set<ErrorCode>(ALWAYS);
  if ((doc.method ?? "POST") !== "GET") BODY.forEach((code) => codes.add(code));
  if (access.surface === "primary") API_KEY.forEach((code) => codes.add(code));
  else if (access.auth === "session") SESSION_AUTH.forEach((code) => codes.add(code));
  else if (access.auth === "token") TOKEN.forEach((code) => codes.add(code));
  if (doc.idempotencyKey === "required") KEY_REQUIRED.forEach((code) => codes.add(code));
  if (doc.idempotencyKey === "optional") KEY_OPTIONAL.forEach((code) => codes.add(code));
  doc.errors?.forEach((code) => codes.add(code));
  return [...codes];
}

/** The 4xx/5xx responses of an operation: one per catalogue status, listing its codes. */
function errorResponses(doc: OperationDoc, access: Access): Record<string, object> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codesOf(doc, access)) {
    const status = catalogue[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const authenticated = access.surface === "primary" || access.auth === "session";
  const responses: Record<string, object> = {};
  for (const status of [...byStatus.keys()].sort((a, b) => a - b)) {
    const codes = byStatus.get(status) ?? [];
    const names: ResponseHeaderName[] = ["X-Request-ID"];
    // Refused credentials are answered before the rate limiter counts (and so without its headers).
    if (!(authenticated && (status === 401 || status === 403))) names.push(...RATE_LIMIT_HEADERS);
    if (codes.some((code) => catalogue[code].status === 429 || code === "IDEMPOTENCY_REQUEST_IN_PROGRESS")) names.push("Retry-After");
    if (doc.idempotencyKey !== undefined && status < 500 && ![401, 403, 429].includes(status)) names.push("Idempotent-Replayed");
    responses[String(status)] = {
      description: `${STATUS_CODES[status] ?? "Error"}: ${codes.map((code) => `\`${code}\``).join(", ")}.`,
      $ref: `${access.surface === "primary" ? ERROR_ENVELOPE : SECONDARY_ERROR}#`,
      headers: headersOf(names),
    };
  }
  return responses;
}

/** The route schema of a documented operation (see the top of this file). */
export function operation(access: Access, doc: OperationDoc): FastifySchema {
  const success = doc.success;
  const successHeaders: ResponseHeaderName[] = ["X-Request-ID", ...RATE_LIMIT_HEADERS];
  if (doc.idempotencyKey !== undefined) successHeaders.push("Idempotent-Replayed");
  successHeaders.push(...(success.headers ?? []));

  const headerProperties: Record<string, object> = { "X-Request-ID": requestIdHeader };
  if (doc.idempotencyKey !== undefined) headerProperties["Idempotency-Key"] = idempotencyKeyHeader(doc.idempotencyKey === "required");

  return {
    operationId: doc.operationId,
    tags: doc.tags,
    summary: doc.summary,
    description: doc.description,
    security:
      access.surface === "primary"
        ? [{ ApiKey: [] }, { Bearer: [] }]
        : access.auth === "none"
          ? []
          : [{ Bearer: [] }, { SessionCookie: [] }],
    headers: {
      type: "object",
      properties: headerProperties,
      ...(doc.idempotencyKey === "required" && { required: ["Idempotency-Key"] }),
    },
    ...(doc.body !== undefined && { body: doc.body }),
    ...(doc.querystring !== undefined && { querystring: doc.querystring }),
    response: {
      [String(success.status ?? 200)]: {
        ...success.schema,
        description: success.description,
        headers: headersOf(successHeaders),
      },
      ...errorResponses(doc, access),
    },
  };
}
