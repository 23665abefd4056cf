import { DomainError, type FieldError, type FieldErrorCode, validationFailed } from "@tarmac/kernel";
import type { FastifySchemaValidationError } from "fastify";
import { errorsOfIntendedBranches } from "./one-of-errors.js";

/** Enough entries to fix a request; a body full of junk keys must not produce a huge answer. */
const MAX_FIELD_ERRORS = 50;

/**
 * Ajv errors (collected with allErrors) -> VALIDATION_FAILED with one entry per offending field,
 * the first problem found for it. A body that is not a JSON object at all has no fields to name.
 * Of a `oneOf` (the search's new search or next page), only the alternative the body meant
 * speaks (./one-of-errors.ts).
 */
export function validationErrorFromSchema(errors: readonly FastifySchemaValidationError[]): DomainError {
  if (errors.some((e) => e.instancePath === "" && e.keyword === "type")) {
    return new DomainError("VALIDATION_FAILED", "Request body must be a JSON object");
  }
  const byField = new Map<string, FieldError>();
  for (const error of errorsOfIntendedBranches(errors)) {
    const entry = toFieldError(error);
    if (entry && !byField.has(entry.field)) byField.set(entry.field, entry);
    if (byField.size === MAX_FIELD_ERRORS) break;
  }
  if (byField.size === 0) return new DomainError("VALIDATION_FAILED", "Request body is invalid");
  return validationFailed([...byField.values()]);
}

function toFieldError(error: FastifySchemaValidationError): FieldError | undefined {
  const path = fieldPath(error.instancePath);
  const p = error.params;
  switch (error.keyword) {
    case "required":
      return entry(join(path, String(p.missingProperty)), "REQUIRED", "is required");
    case "additionalProperties":
      return entry(join(path, String(p.additionalProperty)), "UNKNOWN_FIELD", "is not a known field");
    case "type":
      return entry(path, "INVALID_FORMAT", `must be ${withArticle(String(p.type))}`);
    case "pattern":
      return entry(path, "INVALID_FORMAT", `must match the pattern ${String(p.pattern)}`);
    case "format":
      return entry(path, "INVALID_FORMAT", `must be a valid ${String(p.format)}`);
    case "minimum":
    case "exclusiveMinimum":
      return entry(path, "OUT_OF_RANGE", `must be ${p.comparison === ">" ? "greater than" : "at least"} ${String(p.limit)}`);
    case "maximum":
    case "exclusiveMaximum":
      return entry(path, "OUT_OF_RANGE", `must be ${p.comparison === "<" ? "less than" : "at most"} ${String(p.limit)}`);
    case "minLength":
      return entry(path, "OUT_OF_RANGE", `must be at least ${count(p.limit, "character")} long`);
    case "maxLength":
      return entry(path, "OUT_OF_RANGE", `must be at most ${count(p.limit, "character")} long`);
    case "minItems":
      return entry(path, "OUT_OF_RANGE", `must have at least ${count(p.limit, "item")}`);
    case "maxItems":
      return entry(path, "OUT_OF_RANGE", `must have at most ${count(p.limit, "item")}`);
    case "enum":
      return entry(path, "INVALID_VALUE", `must be one of ${(p.allowedValues as unknown[]).join(", ")}`);
    case "const":
      return entry(path, "INVALID_VALUE", `must be ${JSON.stringify(p.allowedValue)}`);
    default:
      return entry(path, "INVALID_VALUE", error.message ?? "is invalid");
  }
}

/** JSON pointer "/passengers/0/first_name" -> "passengers[0].first_name". */
export function fieldPath(instancePath: string): string {
  if (instancePath === "") return "";
  let path = "";
  for (const raw of instancePath.slice(1).split("/")) {
    const segment = raw.replaceAll("~1", "/").replaceAll("~0", "~");
    path = /^\d+$/.test(segment) ? `${path}[${segment}]` : join(path, segment);
  }
  return path;
}

function join(path: string, property: string): string {
  return path === "" ? property : `${path}.${property}`;
}

function entry(field: string, code: FieldErrorCode, message: string): FieldError {
  return { field, code, message };
}

function withArticle(type: string): string {
  const readable = type.replaceAll(",", " or ");
  return /^[aeiou]/.test(readable) ? `an ${readable}` : `a ${readable}`;
}

function count(limit: unknown, noun: string): string {
  return `${String(limit)} ${noun}${limit === 1 ? "" : "s"}`;
}
