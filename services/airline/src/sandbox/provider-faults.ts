import { DomainError, type ErrorCode } from "@tarmac/kernel";
import { SANDBOX_PROVIDER_NAME } from "./offers.js";

/**
 * The refusals and failures the sandbox airline answers with, as DomainErrors carrying the
 * `provider` block the caller shows (decisions 3): the airline's own code and message, in the
 * words an airline would use. The top-level message is for the agent.
 */
function fault(code: ErrorCode, message: string, providerCode: string, providerMessage: string): DomainError {
  return new DomainError(code, message, {
    provider: { name: SANDBOX_PROVIDER_NAME, code: providerCode, message: providerMessage },
  });
}

export function fareUnavailable(key: string): DomainError {
  return fault(
    "PROVIDER_SOLD_OUT",
    "The airline no longer sells this fare; search again",
    "FARE_UNAVAILABLE",
    `Fare or booking class no longer available: ${key}`,
  );
}

export function invalidOfferKey(key: string): DomainError {
  return fault(
    "PROVIDER_REJECTED",
    "The airline does not recognise this offer",
    "INVALID_OFFER_KEY",
    `Not an offer key of this provider: ${key.slice(0, 80)}`,
  );
}

export function invalidPassengers(): DomainError {
  return fault(
    "PROVIDER_REJECTED",
    "The airline refused the passenger counts",
    "INVALID_PASSENGERS",
    "At least one seated passenger is required and each infant needs an adult",
  );
}

export function systemError(): DomainError {
  return fault(
    "PROVIDER_UNAVAILABLE",
    "The airline provider failed; please retry",
    "SYSTEM_ERROR",
    "Internal system error, transaction not processed",
  );
}

export function noResponse(waitedMs: number): DomainError {
  return fault(
    "PROVIDER_UNAVAILABLE",
    "The airline provider did not answer; please retry",
    "NO_RESPONSE",
    `No response after ${waitedMs} ms`,
  );
}
