import type { AirlineProvider, FlightQuery, ProviderOffer } from "@tarmac/airline";
import { DomainError } from "@tarmac/kernel";

/**
 * One provider call. A provider's own DomainError (sold out, timeout...) reaches the caller as is;
 * anything else it throws is reported as PROVIDER_UNAVAILABLE naming the provider, with the
 * original failure kept as the cause for the log, never in the message.
 */
export async function askProvider(
  provider: AirlineProvider,
  query: FlightQuery,
  signal: AbortSignal,
): Promise<ProviderOffer[]> {
  try {
    return await provider.searchFlights(query, { signal });
  } catch (cause) {
    if (cause instanceof DomainError) throw cause;
    throw new DomainError("PROVIDER_UNAVAILABLE", "The airline provider did not answer the search; please retry", {
      provider: { name: provider.name, code: "UNAVAILABLE", message: "The provider failed to answer" },
      cause,
    });
  }
}
