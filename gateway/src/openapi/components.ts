import { catalogue, ERROR_CATEGORIES, FIELD_ERROR_CODES } from "@tarmac/kernel";

/**
 * The shared parts of the OpenAPI document: the two surfaces' error bodies (added with
 * `addSchema` by each surface, so routes reference them as `ErrorEnvelope#` / `SecondaryError#`
 * and the document lists them once under components.schemas), the security schemes, the response
 * headers and the tags.
 *
 * The error schemas are also what Fastify serializes a surface's error bodies with (routes declare
 * them for their 4xx/5xx statuses), so their properties are exactly, and in the same order as,
 * what `toEnvelope` (kernel) and `toSecondaryError` (src/secondary/errors.ts) produce. Their
 * codes and categories are the kernel catalogue's, listed as enums so a generated client knows them.
 */

export const ERROR_ENVELOPE = "ErrorEnvelope";
export const SECONDARY_ERROR = "SecondaryError";

const ERROR_CODES = Object.keys(catalogue);
const message = { type: "string", description: "Human-readable; not for parsing." } as const;

const fieldErrorSchema = {
  type: "object",
  additionalProperties: false,
  required: ["field", "code", "message"],
  properties: {
    field: { type: "string", description: "Path of the field, e.g. `passengers[0].first_name`, or a header name." },
    code: { type: "string", enum: FIELD_ERROR_CODES, description: "What is wrong with the field." },
    message,
  },
} as const;

/** API guide, Errors. */
export const errorEnvelopeSchema = {
  $id: ERROR_ENVELOPE,
  title: ERROR_ENVELOPE,
  description:
    "Every non-2xx answer of the primary surface (`/api/v1`). `error.code` is a catalogue code; its HTTP status " +
    "and category are fixed by the catalogue (API guide, Errors).",
  type: "object",
  additionalProperties: false,
  required: ["trace_id", "error"],
  properties: {
    trace_id: { type: "string", description: "The request's X-Request-ID (sent or generated); also the X-Request-ID response header." },
    error: {
      type: "object",
      description: "What went wrong.",
      additionalProperties: false,
      required: ["category", "code", "message", "retryable"],
      properties: {
        category: { type: "string", enum: ERROR_CATEGORIES, description: "The code's category, fixed by the catalogue." },
        code: { type: "string", enum: ERROR_CODES, description: "Machine-readable catalogue code, e.g. `BOOKING_FARE_EXPIRED`." },
        message,
        retryable: { type: "boolean", description: "Whether retrying the same request may succeed." },
        errors: {
          type: "array",
          description: "Field-level problems (VALIDATION_FAILED and peers' field errors).",
          items: fieldErrorSchema,
        },
        provider: {
          type: "object",
          description: "The airline provider's own error, when the provider refused or changed the price.",
          additionalProperties: false,
          required: ["name", "code", "message"],
          properties: {
            name: { type: "string", description: "The provider, e.g. `SANDBOX`." },
            code: { type: "string", description: "The provider's own error code." },
            message: { type: "string", description: "The provider's own message." },
          },
        },
        details: {
          type: "object",
          additionalProperties: true,
          description:
            "Data a client acts on; only on BOOKING_PRICE_CHANGED today (booking/ticket): `booking_id`, " +
            "`previous_total_price_paise`, `new_total_price_paise` (send it back as `accepted_total_price_paise`), " +
            "`new_debit_paise`, `base_fare_paise`, `taxes_paise`, `currency`.",
        },
      },
    },
  },
} as const;

/** API guide, Errors and Secondary surface: the secondary surface's own error body, same codes and statuses. */
export const secondaryErrorSchema = {
  $id: SECONDARY_ERROR,
  title: SECONDARY_ERROR,
  description:
    "Every non-2xx answer of the secondary surface (`/api/auth`, `/api/flights`, `/api/dev`): the catalogue's codes and " +
    "HTTP statuses, no `trace_id` (the X-Request-ID response header still carries it).",
  type: "object",
  additionalProperties: false,
  required: ["success", "error"],
  properties: {
    success: { type: "boolean", enum: [false], description: "Always false on an error." },
    error: {
      type: "object",
      description: "What went wrong.",
      additionalProperties: false,
      required: ["code", "message"],
      properties: {
        code: { type: "string", enum: ERROR_CODES, description: "Catalogue code, e.g. `PROVIDER_PRICE_CHANGED`." },
        message,
        errors: { type: "array", description: "Field-level problems, with this surface's field names.", items: fieldErrorSchema },
        details: {
          type: "object",
          additionalProperties: true,
          description:
            "Data a client acts on; only on PROVIDER_PRICE_CHANGED today: `flight_id`, `total_price` (the new price), " +
            "`currency`, `requested_total_price`.",
        },
      },
    },
  },
} as const;

const SESSION_COOKIE_NAME = "tarmac_session";

/** API guide, Authentication. */
export const securitySchemes = {
  ApiKey: {
    type: "apiKey",
    in: "header",
    name: "X-API-Key",
    description:
      "Server-to-server API key of the primary surface (`tk_live_<id>_<secret>`, `tk_test_` for sandbox agents). Each key " +
      "has scopes; an operation the key is not scoped for answers 403 AUTH_FORBIDDEN.",
  },
  Bearer: {
    type: "http",
    scheme: "bearer",
    description:
      "The `verification_token` from POST /api/auth/verify-otp, as `Authorization: Bearer <token>`: the secondary surface's " +
      "credential, and the primary surface's besides an API key. A session has every scope but `webhooks.manage`.",
  },
  SessionCookie: {
    type: "apiKey",
    in: "cookie",
    name: SESSION_COOKIE_NAME,
    description: "The same token as the HttpOnly cookie verify-otp sets (used when no Authorization header is sent).",
  },
} as const;

/** Response headers, by name; the document lists them under components.headers and refers to them. */
export const responseHeaders = {
  "X-Request-ID": {
    type: "string",
    description: "The request's id: the X-Request-ID that was sent, or a generated one. Equals `trace_id` in primary errors.",
  },
  "RateLimit-Limit": {
    type: "integer",
    description: "Requests allowed per window (1 s) for this API key or token and this operation's group (search or default).",
  },
  "RateLimit-Remaining": { type: "integer", description: "Requests left in the current window." },
  "RateLimit-Reset": { type: "integer", description: "Seconds until the current window ends." },
  "Retry-After": { type: "integer", description: "Seconds to wait before retrying." },
  "Idempotent-Replayed": {
    type: "string",
    enum: ["true"],
    description: "Present when this is the stored response of an earlier request with the same Idempotency-Key.",
  },
  "Set-Cookie": {
    type: "string",
    description: `The \`${SESSION_COOKIE_NAME}\` session cookie (HttpOnly, Secure, SameSite=Strict, Path=/api).`,
  },
  "Cache-Control": {
    type: "string",
    enum: ["no-store"],
    description: "Answers carrying tokens, personal or financial data (sessions, bookings, wallet) are never cached.",
  },
  "X-Content-Type-Options": {
    type: "string",
    enum: ["nosniff"],
    description: "On every answer: a browser never treats it as another type than the one declared.",
  },
} as const;

export type ResponseHeaderName = keyof typeof responseHeaders;

export const tags = [
  { name: "search", description: "Flight search with cursor pagination (primary surface)." },
  { name: "fare", description: "Fare validation with a 15-minute price lock, and seat maps (primary surface)." },
  { name: "booking", description: "Bookings: create (wallet debit), status, cancellation and reschedule (primary surface)." },
  { name: "wallet", description: "The calling agent's wallet balance and ledger (primary surface)." },
  {
    name: "invoices",
    description: "GST tax invoices, credit notes and debit notes of the agency's bookings, as JSON or PDF (primary surface).",
  },
  { name: "webhooks", description: "Enterprise agencies' webhook endpoints and their deliveries (primary surface)." },
  { name: "agency", description: "An agency's own sub-agents: create, list, rename, suspend (primary surface)." },
  { name: "auth", description: "OTP login for the secondary surface: a bearer token and session cookie, and logout." },
  { name: "flights", description: "Search and booking on the secondary surface (bearer token or session cookie)." },
] as const;

export const devTag = {
  name: "dev",
  description: "Development only (TARMAC_ENV=development): the one-time codes the OTP flow sent.",
} as const;
