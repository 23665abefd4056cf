import { DomainError } from "@tarmac/kernel";
import type { FastifySchemaValidationError } from "fastify";
import { validationErrorFromSchema } from "./validation-errors.js";

interface FastifyFrameworkError {
  code?: unknown;
  statusCode?: unknown;
  validation?: FastifySchemaValidationError[];
}

/**
 * Anything thrown while serving a request -> the catalogue error the client sees. Fastify's own
 * errors (body parsing, schema validation) are recognised by their codes; peers' refusals arrive as
 * DomainErrors already (the peer clients convert them); everything else is INTERNAL, so its message never reaches the client.
 */
export function toDomainError(error: unknown): DomainError {
  if (error instanceof DomainError) return error;
  const framework = (typeof error === "object" && error !== null ? error : {}) as FastifyFrameworkError;
  if (Array.isArray(framework.validation)) return validationErrorFromSchema(framework.validation);
  switch (framework.code) {
    case "FST_ERR_CTP_INVALID_JSON_BODY":
      return new DomainError("VALIDATION_MALFORMED_JSON", "Request body is not valid JSON", { cause: error });
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return new DomainError("VALIDATION_MALFORMED_JSON", "Request body is empty; a JSON object is expected", {
        cause: error,
      });
    case "FST_ERR_CTP_INVALID_CONTENT_LENGTH":
      return new DomainError("VALIDATION_MALFORMED_JSON", "Request body size does not match Content-Length", {
        cause: error,
      });
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return unsupportedMediaType();
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return new DomainError("PAYLOAD_TOO_LARGE", "Request body exceeds 1 MiB", { cause: error });
  }
  // Other client-side failures Fastify detects (a body stream aborted mid-way, a malformed URL).
  if (typeof framework.statusCode === "number" && framework.statusCode >= 400 && framework.statusCode < 500) {
    return new DomainError("VALIDATION_FAILED", "The request could not be read", { cause: error });
  }
  return new DomainError("INTERNAL", "Internal error", { cause: error });
}

export function unsupportedMediaType(): DomainError {
  return new DomainError("UNSUPPORTED_MEDIA_TYPE", "Content-Type must be application/json");
}
