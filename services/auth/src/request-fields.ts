import { fieldError, validationFailed, type FieldError } from "@tarmac/kernel";

/**
 * Request checks of form, collected so a caller learns every problem at once. Proto3 strings
 * cannot be absent: "" is a field the caller did not send.
 */
export class RequestFields {
  private readonly errors: FieldError[] = [];

  /** An id: required, at most `max` printable ASCII characters without spaces. */
  id(field: string, value: string, max = 128): string {
    if (value === "") this.add(fieldError(field, "REQUIRED", `${field} is required`));
    else if (value.length > max) this.add(fieldError(field, "OUT_OF_RANGE", `must be at most ${max} characters`));
    else if (!/^[\x21-\x7E]+$/.test(value)) this.add(fieldError(field, "INVALID_FORMAT", "must be printable ASCII without spaces"));
    return value;
  }

  /** Text for people (names): required, trimmed, 1..max characters, no control characters. */
  name(field: string, value: string, max = 200): string {
    const trimmed = value.trim();
    if (trimmed === "") this.add(fieldError(field, "REQUIRED", `${field} is required`));
    else if (trimmed.length > max) this.add(fieldError(field, "OUT_OF_RANGE", `must be at most ${max} characters`));
    else if (/\p{Cc}/u.test(trimmed)) this.add(fieldError(field, "INVALID_FORMAT", "must not contain control characters"));
    return trimmed;
  }

  /** Optional free text (reasons): trimmed, at most `max` characters. */
  note(field: string, value: string, max = 500): string {
    const trimmed = value.trim();
    if (trimmed.length > max) this.add(fieldError(field, "OUT_OF_RANGE", `must be at most ${max} characters`));
    return trimmed;
  }

  required(field: string, value: string): string {
    if (value === "") this.add(fieldError(field, "REQUIRED", `${field} is required`));
    return value;
  }

  add(error: FieldError): void {
    this.errors.push(error);
  }

  get ok(): boolean {
    return this.errors.length === 0;
  }

  /** Throws VALIDATION_FAILED listing every problem found, if any. */
  check(): void {
    if (this.errors.length > 0) throw validationFailed(this.errors);
  }
}
