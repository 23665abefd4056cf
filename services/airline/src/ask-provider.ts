import type { AirlineProvider } from "./provider-port.js";
import { DomainError } from "@tarmac/kernel";

export interface ProviderCallLimits {
  /** The RPC's own signal: a caller that went away cancels the provider call too. */
  readonly signal: AbortSignal;
  /** The provider's deadline; past it the caller gets PROVIDER_TIMEOUT. */
  readonly timeoutMs: number;
}

/**
 * One provider call under a deadline. A provider's own DomainError (sold out, rejected...) reaches
 * the caller as is; a provider that has not answered by the deadline gives PROVIDER_TIMEOUT even if
 * it ignores its signal; anything else it throws is PROVIDER_UNAVAILABLE naming the provider, with
 * the original failure kept as the cause for the log, never in the message.
 */
export async function askProvider<T>(
  provider: AirlineProvider,
  call: (signal: AbortSignal) => Promise<T>,
  limits: ProviderCallLimits,
): Promise<T> {
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(timedOut(provider, limits.timeoutMs)), limits.timeoutMs);
  const signal = AbortSignal.any([limits.signal, deadline.signal]);
  let onAbort = () => {};
  const abandoned = new Promise<never>((_, reject) => {
    onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
  });
  if (signal.aborted) onAbort();
  try {
    return await Promise.race([call(signal), abandoned]);
  } catch (cause) {
    if (cause instanceof DomainError) throw cause;
    if (deadline.signal.aborted) throw timedOut(provider, limits.timeoutMs);
    if (limits.signal.aborted) throw cause;
    throw new DomainError("PROVIDER_UNAVAILABLE", "The airline provider failed to answer; please retry", {
      provider: { name: provider.name, code: "UNAVAILABLE", message: "The provider failed to answer" },
      cause,
    });
  } finally {
    clearTimeout(timer);
    signal.removeEventListener("abort", onAbort);
  }
}

function timedOut(provider: AirlineProvider, timeoutMs: number): DomainError {
  return new DomainError("PROVIDER_TIMEOUT", `The airline provider did not answer within ${timeoutMs} ms; please retry`, {
    provider: { name: provider.name, code: "TIMEOUT", message: `No answer within ${timeoutMs} ms` },
  });
}
