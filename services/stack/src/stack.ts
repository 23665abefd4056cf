import { createSandboxAirline } from "@tarmac/airline";
import { authConfigSchema, startAuthService } from "@tarmac/auth";
import { bookingConfigSchema, startBookingService, type BookingServiceOverrides, type StartedBookingService } from "@tarmac/booking";
import { InProcessBus, InProcessNotices } from "@tarmac/events";
import { fareConfigSchema, startFareService } from "@tarmac/fare";
import { gatewayConfigSchema, startGateway } from "@tarmac/gateway";
import { type Clock, ConfigError, createLogger, parseConfig, systemClock, type Logger } from "@tarmac/kernel";
import { searchConfigSchema, startSearchService } from "@tarmac/search";
import { startWalletService, walletConfigSchema } from "@tarmac/wallet";
import { startWebhooksService, webhooksConfigSchema, type StartedWebhooksService, type WebhooksServiceOverrides } from "@tarmac/webhooks";
import { stackConfigSchema } from "./config.js";

export interface StackOptions {
  /** Where every part reads its configuration; defaults to process.env. */
  readonly env?: NodeJS.ProcessEnv;
  /** The gateway's port (0: a free one); defaults to PORT, else 8080. */
  readonly port?: number;
  /** Defaults to TARMAC_SERVICE_PORTS, else `fixed`. */
  readonly servicePorts?: "fixed" | "ephemeral";
  readonly logger?: Logger;
  /** Wraps booking's wired store, wallet client and provider (its `decorate` override). */
  readonly decorateBooking?: BookingServiceOverrides["decorate"];
  /** Every service's and the airline's time; default the system clock (the OpenAPI example recorder moves one by hand). */
  readonly clock?: Clock;
  /** Replaces parts of the webhooks service's delivery (the recorder's stand-in receiver). */
  readonly webhookTools?: WebhooksServiceOverrides["tools"];
}

export interface Stack {
  readonly gatewayUrl: string;
  /** The gateway's operations port: GET /metrics, /readyz. */
  readonly gatewayOperationsUrl: string;
  /** The seeded demo agent's sandbox key. */
  readonly apiKey: string;
  /** Each service's base URL by name: search, fare, booking, wallet, auth, webhooks. */
  readonly services: Record<string, string>;
  /**
   * GET /metrics URLs by name: gateway, search, fare, booking, wallet, auth. The stack is one
   * process with one registry, so each serves the whole process (RPC and outbox metrics carry a
   * `service` label); scrape the gateway's. The services' own metrics servers take free ports.
   */
  readonly metricsUrls: Record<string, string>;
  /** The bus booking and wallet events go to when NATS_URL is unset (embedded mode); undefined with NATS. */
  readonly events: InProcessBus | undefined;
  /** Runs booking's recovery sweep and ticketing worker once, now. */
  sweepBookings(): Promise<void>;
  /** Sends the webhook deliveries due now, and waits for them. */
  dispatchWebhooks(): Promise<void>;
  /** Stops the gateway first (it drains client requests), then the services. */
  stop(): Promise<void>;
}

interface Stoppable {
  stop(): Promise<void>;
}

/**
 * Starts the five services and the gateway in this process, each through its own start function
 * and configuration, with the gateway and the services wired to the services actually started.
 * Storage follows MONGODB_URI (unset: in memory). Every service talks to one sandbox airline, as
 * they would to one real airline: seats a booking takes show in the next seat map.
 */
export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const env = options.env ?? process.env;
  const stack = parseConfig(stackConfigSchema, env);
  if (stack.environment === "production") {
    throw new ConfigError(
      'Invalid configuration:\n  TARMAC_ENV: the one-process stack is for development and tests (got "production"); ' +
        "in production run each service from its own entry point",
    );
  }
  const logger = options.logger ?? createLogger({ name: "tarmac", level: stack.logLevel });
  const child = (service: string) => logger.child({ service });
  const ephemeral = (options.servicePorts ?? stack.servicePorts) === "ephemeral";
  // METRICS_PORT is one variable for five services here: their metrics servers take free ports.
  const configFor = <C extends { port: number; metricsPort: number }>(config: C): C => ({
    ...config,
    ...(ephemeral && { port: 0 }),
    metricsPort: 0,
  });

  // Every configuration is read before anything starts, so a bad variable starts nothing.
  const configs = {
    auth: configFor(parseConfig(authConfigSchema, env)),
    search: configFor(parseConfig(searchConfigSchema, env)),
    fare: configFor(parseConfig(fareConfigSchema, env)),
    booking: configFor(parseConfig(bookingConfigSchema, env)),
    wallet: configFor(parseConfig(walletConfigSchema, env)),
    webhooks: configFor(parseConfig(webhooksConfigSchema, env)),
    gateway: parseConfig(gatewayConfigSchema, env),
  };

  const clock = options.clock ?? systemClock;
  const started: Stoppable[] = [];
  // Revocations and suspensions, from auth to the gateway, booking and wallet; with NATS_URL each opens its own.
  const notices = configs.auth.events.natsUrl ? undefined : new InProcessNotices({ logger });
  const noticesOption = notices ? { notices } : {};
  try {
    const auth = await startAuthService(configs.auth, child("auth"), { clock, ...noticesOption });
    started.push(auth.host);
    // One airline and one event bus for every service, as in production they share one of each.
    const airline = createSandboxAirline({ clock, ticketingDelayMs: configs.booking.sandboxTicketingDelayMs });
    const events = configs.booking.events.natsUrl ? undefined : new InProcessBus();
    const publisher = events ? { publisher: events } : {};
    const search = await startSearchService(configs.search, child("search"), { provider: airline, clock });
    started.push(search);
    const fare = await startFareService({ ...configs.fare, searchUrl: search.url }, child("fare"), { provider: airline, clock });
    started.push(fare);
    const wallet = await startWalletService({ ...configs.wallet, authUrl: auth.host.url }, child("wallet"), {
      ...publisher,
      ...noticesOption,
      clock,
    });
    started.push(wallet);
    const booking: StartedBookingService = await startBookingService(
      { ...configs.booking, fareUrl: fare.url, walletUrl: wallet.url, searchUrl: search.url, authUrl: auth.host.url },
      child("booking"),
      { provider: airline, clock, ...publisher, ...noticesOption, ...(options.decorateBooking && { decorate: options.decorateBooking }) },
    );
    started.push(booking);
    if (!auth.demoApiKey) throw new Error("the auth service seeded no demo key");
    // Events reach webhooks from the shared bus here, or from NATS through its durable consumer.
    const webhooks: StartedWebhooksService = await startWebhooksService(configs.webhooks, child("webhooks"), {
      clock,
      ...(events && { bus: events }),
      ...(options.webhookTools && { tools: options.webhookTools }),
    });
    started.push(webhooks);

    const services = {
      search: search.url,
      fare: fare.url,
      booking: booking.url,
      wallet: wallet.url,
      auth: auth.host.url,
      webhooks: webhooks.url,
    };
    const gatewayConfig = {
      ...configs.gateway,
      port: options.port ?? configs.gateway.port,
      // A stack on a free port (tests) puts the operations port on a free one too.
      ...((options.port ?? configs.gateway.port) === 0 && { metricsPort: 0 }),
      searchUrl: services.search,
      fareUrl: services.fare,
      bookingUrl: services.booking,
      walletUrl: services.wallet,
      authUrl: services.auth,
      webhooksUrl: services.webhooks,
    };
    const gateway = await startGateway(gatewayConfig, child("gateway"), noticesOption);
    started.push(gateway);
    const serviceMetrics = {
      search: search.metricsUrl,
      fare: fare.metricsUrl,
      booking: booking.metricsUrl,
      wallet: wallet.metricsUrl,
      auth: auth.host.metricsUrl,
      webhooks: webhooks.metricsUrl,
    };
    const metricsUrls: Record<string, string> = { gateway: `${gateway.operationsUrl}/metrics` };
    for (const [name, url] of Object.entries(serviceMetrics)) if (url) metricsUrls[name] = url;
    return {
      gatewayUrl: gateway.url,
      gatewayOperationsUrl: gateway.operationsUrl,
      apiKey: auth.demoApiKey,
      services,
      metricsUrls,
      events,
      sweepBookings: () => booking.sweepNow(),
      dispatchWebhooks: () => webhooks.dispatchNow(),
      stop: async () => {
        await stopInOrder(started);
        await events?.close();
      },
    };
  } catch (error) {
    await stopInOrder(started);
    throw error;
  }
}

/** The last started first: the gateway (it drains client requests), then booking before wallet, ... */
async function stopInOrder(parts: readonly Stoppable[]): Promise<void> {
  for (const part of [...parts].reverse()) await part.stop();
}
