import { DomainError, fromConnectError } from "@tarmac/kernel";

/** The catalogue error a call failed with, whether it threw a DomainError or a Connect error. */
export async function failureOf(call: Promise<unknown>): Promise<DomainError> {
  try {
    await call;
  } catch (error) {
    return error instanceof DomainError ? error : fromConnectError(error);
  }
  throw new Error("expected the call to fail");
}
