import { createClient } from "@connectrpc/connect";
import { createGrpcTransport } from "@connectrpc/connect-node";
import { createSandboxAirline } from "@tarmac/airline";
import { bookingConfigSchema, startBookingService, type BookingServiceOverrides, type StartedBookingService } from "@tarmac/booking";
import { fareConfigSchema, startFareService } from "@tarmac/fare";
import { parseConfig, type ServiceHost } from "@tarmac/kernel";
import { activeAgents, ManualClock, signedAs, silentLogger } from "@tarmac/kernel/testing";
import { searchConfigSchema, startSearchService } from "@tarmac/search";
import { startWalletService, walletConfigSchema } from "@tarmac/wallet";

export interface ClockedServices {
  readonly clock: ManualClock;
  readonly search: ServiceHost;
  readonly fare: ServiceHost;
  readonly wallet: ServiceHost;
  readonly booking: StartedBookingService;
  stop(): Promise<void>;
}

/**
 * Search, fare, wallet and booking on free ports with in-memory stores, one sandbox airline and
 * one clock the test moves (fare locks, quotes, recovery grace all follow it). No gateway and no
 * auth service (every agency is active); callers sign their calls as the gateway does, with the
 * development credentials.
 */
export async function startClockedServices(
  options: { decorateBooking?: BookingServiceOverrides["decorate"] } = {},
): Promise<ClockedServices> {
  const clock = new ManualClock(new Date());
  const logger = silentLogger();
  const env = { TARMAC_ENV: "test", METRICS_PORT: "0", BOOKING_SWEEP_INTERVAL_MS: "600000" };
  const airline = createSandboxAirline({ clock, ticketingDelayMs: 3_600_000 });
  const started: ServiceHost[] = [];
  const stop = async () => {
    for (const host of started.reverse()) await host.stop();
  };
  try {
    const search = await startSearchService(parseConfig(searchConfigSchema, { ...env, SEARCH_PORT: "0" }), logger, {
      clock,
      provider: airline,
    });
    started.push(search);
    const fare = await startFareService({ ...parseConfig(fareConfigSchema, { ...env, FARE_PORT: "0" }), searchUrl: search.url }, logger, {
      clock,
      provider: airline,
    });
    started.push(fare);
    const wallet = await startWalletService(parseConfig(walletConfigSchema, { ...env, WALLET_PORT: "0" }), logger, {
      clock,
      auth: activeAgents(),
    });
    started.push(wallet);
    const bookingConfig = parseConfig(bookingConfigSchema, { ...env, BOOKING_PORT: "0" });
    const booking = await startBookingService(
      { ...bookingConfig, fareUrl: fare.url, walletUrl: wallet.url, searchUrl: search.url },
      logger,
      { clock, provider: airline, auth: activeAgents(), ...(options.decorateBooking && { decorate: options.decorateBooking }) },
    );
    started.push(booking);
    return { clock, search, fare, wallet, booking, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * A connect-node gRPC client of `service` on `host` signing as the gateway for the request's
 * agency, for setting a test up (the calls under test use @grpc/grpc-js).
 */
export function grpcClientOf<S extends Parameters<typeof createClient>[0]>(service: S, host: ServiceHost) {
  return createClient(service, createGrpcTransport({ baseUrl: host.url, interceptors: [signedAs("gateway", { vouchesForAgents: true })] }));
}
