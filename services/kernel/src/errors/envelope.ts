import type { DomainError } from "./domain-error.js";

/** The error envelope of API guide, Errors. */
export interface ErrorEnvelope {
  trace_id: string;
  error: {
    category: string;
    code: string;
    message: string;
    retryable: boolean;
    errors?: { field: string; code: string; message: string }[];
    provider?: { name: string; code: string; message: string };
    details?: Record<string, unknown>;
  };
}

export function toEnvelope(error: DomainError, traceId: string): ErrorEnvelope {
  return {
    trace_id: traceId,
    error: {
      category: error.category,
      code: error.code,
      message: error.message,
      retryable: error.retryable,
      ...(error.errors.length > 0 && { errors: error.errors.map((e) => ({ ...e })) }),
      ...(error.provider && { provider: { ...error.provider } }),
      ...(error.details && { details: { ...error.details } }),
    },
  };
}
