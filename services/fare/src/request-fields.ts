import { fieldError, validationFailed, type FieldError } from "@tarmac/kernel";

/**
 * Proto3 strings cannot be absent: an empty string is a field the caller did not send. Collects
 * every missing field so the caller learns them all at once.
 */
export function requireFields(fields: Readonly<Record<string, string>>): void {
  const missing: FieldError[] = Object.entries(fields)
    .filter(([, value]) => value === "")
    .map(([name]) => fieldError(name, "REQUIRED", `${name} is required`));
  if (missing.length > 0) throw validationFailed(missing);
}

/** A field that must name what the fare token already names. */
export function requireSame(field: string, given: string, locked: string, what: string): FieldError | undefined {
  return given === locked ? undefined : fieldError(field, "INVALID_VALUE", `does not match the ${what} of the fare token`);
}
