import { createServiceClient, env, type CallerCredential, type Clock } from "@tarmac/kernel";
import { AirlineService } from "@tarmac/proto/tarmac/airline/v1/airline_pb.js";
import { z } from "zod";
import { remoteAirline, type AirlineProvider } from "@tarmac/airline-port";
import { SANDBOX_PROVIDER_NAME } from "./sandbox/offers.js";
import { createSandboxAirline } from "./sandbox/sandbox-airline.js";

/** Variables of the services that call the airline (search, fare, booking). */
export const providerEnv = {
  /**
   * A tarmac.airline.v1 provider: the sandbox airline's own process or a real provider's adapter.
   * Unset: an in-process sandbox airline (development), which production refuses.
   */
  AIRLINE_URL: env.optionalUrl(),
  /** The provider's name, as its offers carry it. */
  AIRLINE_NAME: z.string().min(1).default(SANDBOX_PROVIDER_NAME),
  // Peers wait 5 s for each other (kernel client default): the provider's deadline must end
  // first, so a slow airline answers PROVIDER_TIMEOUT rather than a peer's UNAVAILABLE.
  PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(100).max(4_000).default(4_000),
};

export function providerConfig(v: { AIRLINE_URL?: string | undefined; AIRLINE_NAME: string; PROVIDER_TIMEOUT_MS: number }) {
  return { airlineUrl: v.AIRLINE_URL, airlineName: v.AIRLINE_NAME, providerTimeoutMs: v.PROVIDER_TIMEOUT_MS };
}

export interface ProviderSettings {
  readonly airlineUrl: string | undefined;
  readonly airlineName: string;
  readonly providerTimeoutMs: number;
  /** Signs the calls to the airline service (this process's SERVICE_CREDENTIAL). */
  readonly callerAuth: { readonly credential: CallerCredential };
}

/**
 * The airline a service talks to: the provider at AIRLINE_URL, else a sandbox airline of its own
 * (every process its own airline: fine for one process, wrong for several, hence required in
 * production). Not yet guarded: the service wraps it with guardProvider.
 */
export function connectAirline(
  settings: ProviderSettings,
  sandbox: { readonly clock: Clock; readonly ticketingDelayMs?: number },
): AirlineProvider {
  if (settings.airlineUrl === undefined) return createSandboxAirline(sandbox);
  // The guard's deadline ends every call first; the client's own is a backstop.
  const client = createServiceClient(AirlineService, settings.airlineUrl, {
    timeoutMs: settings.providerTimeoutMs + 1_000,
    credential: settings.callerAuth.credential,
  });
  return remoteAirline(client, settings.airlineName);
}
