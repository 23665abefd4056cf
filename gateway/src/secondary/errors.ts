import { DomainError, type DomainErrorOptions, type ErrorCode, REQUEST_ID_HEADER, validationFailed } from "@tarmac/kernel";
import type { FastifyReply, FastifyRequest } from "fastify";
import { noteErrorCode, toLoggedDomainError } from "../errors/error-envelope.js";

/**
 * The secondary surface's error body (API guide, Errors and Secondary surface): the catalogue's codes and statuses in
 * `{success: false, error: {code, message, errors?, details?}}`. `details` is this surface's
 * addition for errors that carry data a client acts on (PROVIDER_PRICE_CHANGED: the new price).
 */
export interface SecondaryErrorBody {
  success: false;
  error: {
    code: string;
    message: string;
    errors?: { field: string; code: string; message: string }[];
    details?: Record<string, unknown>;
  };
}

/** A catalogue error with a `details` object for the secondary surface's client. */
export class DetailedError extends DomainError {
  constructor(code: ErrorCode, message: string, details: Readonly<Record<string, unknown>>, options: DomainErrorOptions = {}) {
    super(code, message, { ...options, details });
  }
}

export function toSecondaryError(error: DomainError): SecondaryErrorBody {
  return {
    success: false,
    error: {
      code: error.code,
      message: error.message,
      ...(error.errors.length > 0 && { errors: error.errors.map((e) => ({ field: e.field, code: e.code, message: e.message })) }),
      ...(error instanceof DetailedError && error.details && { details: { ...error.details } }),
    },
  };
}

/** How every error leaves the secondary surface: catalogue status, request id header, Retry-After. */
export function sendSecondaryError(request: FastifyRequest, reply: FastifyReply, error: DomainError): FastifyReply {
  noteErrorCode(reply, error.code);
  reply.code(error.status).header(REQUEST_ID_HEADER, request.id).type("application/json; charset=utf-8");
  if (error.retryAfterSeconds !== undefined) reply.header("retry-after", String(error.retryAfterSeconds));
  return reply.send(toSecondaryError(error));
}

/** Error handler of the secondary surface: same mapping and logging as the primary, its own body. */
export function secondaryErrorHandler(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return sendSecondaryError(request, reply, toLoggedDomainError(error, request));
}

/**
 * A peer's field errors speak the services' (primary) field names; this surface has its own.
 * Renames every name segment of each field path (`passengers[0].dob` -> `passengers[0].born_on`)
 * and rebuilds a VALIDATION_FAILED message from the renamed fields. Other errors pass unchanged.
 */
export function withFieldNames(error: unknown, names: Readonly<Record<string, string>>): unknown {
  if (!(error instanceof DomainError) || error.errors.length === 0) return error;
  const rename = (field: string) =>
    field.replace(/[A-Za-z_][A-Za-z0-9_]*/g, (name) => (Object.hasOwn(names, name) ? (names[name] ?? name) : name));
  const errors = error.errors.map((e) => ({ ...e, field: rename(e.field) }));
  if (error.code === "VALIDATION_FAILED") return validationFailed(errors);
  return new DomainError(error.code, error.message, {
    errors,
    ...(error.provider && { provider: error.provider }),
    ...(error.retryAfterSeconds !== undefined && { retryAfterSeconds: error.retryAfterSeconds }),
    cause: error.cause,
  });
}
