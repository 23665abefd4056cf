import { DomainError } from "@tarmac/kernel";
import { expect } from "vitest";

/** Runs `action`, expects VALIDATION_FAILED, and returns its [field, code] pairs in order. */
export function fieldErrorsOf(action: () => unknown): string[][] {
  try {
    action();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    const domain = error as DomainError;
    expect(domain.code).toBe("VALIDATION_FAILED");
    for (const e of domain.errors) expect(e.message.length).toBeGreaterThan(5);
    return domain.errors.map((e) => [e.field, e.code]);
  }
  throw new Error("expected VALIDATION_FAILED, but validation passed");
}
