import { catalogue, type ErrorCode, type FieldErrorCode } from "./catalogue.js";

export interface FieldError {
  readonly field: string;
  readonly code: FieldErrorCode;
  readonly message: string;
}

export interface ProviderFault {
  readonly name: string;
  readonly code: string;
  readonly message: string;
}

export interface DomainErrorOptions {
  readonly errors?: readonly FieldError[];
  readonly provider?: ProviderFault;
  readonly retryAfterSeconds?: number;
  /** Data a client acts on (the envelope's `error.details`), e.g. the new price of BOOKING_PRICE_CHANGED. */
  readonly details?: Readonly<Record<string, unknown>>;
  readonly cause?: unknown;
}

/**
 * An error the domain means to tell the caller about. Its code is a catalogue entry; transports
 * translate it (Connect code, HTTP status, envelope) without knowing the individual codes.
 */
export class DomainError extends Error {
  override readonly name = "DomainError";
  readonly errors: readonly FieldError[];
  readonly provider: ProviderFault | undefined;
  readonly retryAfterSeconds: number | undefined;
  readonly details: Readonly<Record<string, unknown>> | undefined;

  constructor(
    readonly code: ErrorCode,
    message: string,
    options: DomainErrorOptions = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.errors = options.errors ?? [];
    this.provider = options.provider;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.details = options.details;
  }

  get status(): number {
    return catalogue[this.code].status;
  }

  get category() {
    return catalogue[this.code].category;
  }

  get retryable(): boolean {
    return catalogue[this.code].retryable;
  }
}

export function validationFailed(errors: readonly FieldError[]): DomainError {
  const first = errors[0];
  const message = errors.length === 1 && first ? `${first.field}: ${first.message}` : `${errors.length} fields failed validation`;
  return new DomainError("VALIDATION_FAILED", message, { errors });
}

export function fieldError(field: string, code: FieldErrorCode, message: string): FieldError {
  return { field, code, message };
}
