import { fromConnectError } from "../errors/connect.js";
import { DomainError } from "../errors/domain-error.js";

/**
 * The catalogue error a call failed with, whether it threw a DomainError (the class itself, a
 * peer client) or a Connect error (a raw transport); fails the test if the call succeeded.
 */
export async function failureOf(call: Promise<unknown>): Promise<DomainError> {
  try {
    await call;
  } catch (error) {
    return error instanceof DomainError ? error : fromConnectError(error);
  }
  throw new Error("expected the call to fail");
}
