import type { Timestamp } from "@bufbuild/protobuf/wkt";
import { fieldError, fromTimestamp, validationFailed, type FieldError } from "@tarmac/kernel";
import { parseIdentifier, type Identifier } from "./domain/agent-user.js";
import { canonicalScopes, type Scope } from "./domain/scopes.js";
import { scopeFromProtoValue } from "./proto-mapping.js";

export const PHONE_FORMAT = "must be a phone number in E.164 form, e.g. +919800000001";

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

  /** An e-mail address or phone number; `channel` when the request names one, else read from the text. */
  identifier(raw: string, channel: "EMAIL" | "SMS" | undefined): Identifier {
    if (raw.trim() === "") {
      this.add(fieldError("identifier", "REQUIRED", "identifier is required"));
      return { channel: channel ?? "EMAIL", value: "" };
    }
    const identifier = parseIdentifier(raw, channel);
    if (identifier) return identifier;
    const kind = channel ?? (raw.includes("@") ? "EMAIL" : "SMS");
    this.add(fieldError("identifier", "INVALID_FORMAT", kind === "EMAIL" ? "must be an e-mail address" : PHONE_FORMAT));
    return { channel: kind, value: "" };
  }

  /** Scopes in canonical order; each unknown value is named by its index. */
  scopes(field: string, values: readonly number[]): Scope[] {
    const scopes: Scope[] = [];
    values.forEach((value, i) => {
      const scope = scopeFromProtoValue(value);
      if (scope) scopes.push(scope);
      else this.add(fieldError(`${field}[${i}]`, "INVALID_VALUE", "is not a scope"));
    });
    return canonicalScopes(scopes);
  }

  /** An optional instant that, when given, must be after `now`. */
  futureInstant(field: string, value: Timestamp | undefined, now: Date): Date | undefined {
    const at = fromTimestamp(value);
    if (at && at.getTime() <= now.getTime()) this.add(fieldError(field, "INVALID_VALUE", "must be in the future"));
    return at;
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

/** The one field of a request that names an agent: checked, or VALIDATION_FAILED. */
export function requiredAgentId(value: string): string {
  const f = new RequestFields();
  const agentId = f.id("agent_id", value);
  f.check();
  return agentId;
}
