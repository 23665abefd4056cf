import type { Client } from "@connectrpc/connect";
import { connectAirline } from "@tarmac/airline";
import { guardProvider, type AirlineProvider } from "@tarmac/airline-port";
import {
  followStandingNotices,
  MemoryOutbox,
  startOutboxRelay,
  type CredentialNoticeSource,
  type EventPublisher,
  type OutboxReader,
} from "@tarmac/events";
import {
  AgentStanding,
  createServiceClient,
  hostSettings,
  LeaseHolder,
  MongoLeaseStore,
  type LeaseStore,
  openStorage,
  runEvery,
  startServiceHost,
  systemClock,
  type Clock,
  type Logger,
  type ServiceHost,
} from "@tarmac/kernel";
import { BookingService } from "@tarmac/proto/tarmac/booking/v1/booking_pb.js";
import { FareService } from "@tarmac/proto/tarmac/fare/v1/fare_pb.js";
import { SearchService } from "@tarmac/proto/tarmac/search/v1/search_pb.js";
import { WalletService } from "@tarmac/proto/tarmac/wallet/v1/wallet_pb.js";
import { wireBooking, type BookingDependencies } from "./booking-wiring.js";
import type { BookingConfig } from "./config.js";
import { bookingRoutes } from "./routes.js";
import type { BookingStore } from "./store/booking-store.js";
import type { AgencyDirectory } from "./store/agency-directory.js";
import { Reconciler } from "./reconciliation/reconciler.js";
import { startReconciliationLoop, type ReconciliationLoop } from "./reconciliation/reconciliation-loop.js";
import { MemoryBookingStore } from "./store/memory-booking-store.js";
import { MongoBookingStore } from "./store/mongo-booking-store.js";
import type { InvoiceStore } from "./invoices/invoice-store.js";
import { MemoryInvoiceStore } from "./invoices/memory-invoice-store.js";
import { MongoInvoiceStore } from "./invoices/mongo-invoice-store.js";
import { authAgencyBilling } from "./invoices/agency-billing.js";
import { SandboxEInvoiceSubmitter } from "./invoices/e-invoice/sandbox-submitter.js";
import type { EInvoiceSubmitter } from "./invoices/e-invoice/e-invoice-submitter.js";
import { bookingCallerPolicy } from "./caller-policy.js";
import { AuthService } from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import type { ScheduleChangeStore } from "./schedule-changes/schedule-change-store.js";
import { MemoryScheduleChangeStore } from "./schedule-changes/memory-schedule-change-store.js";
import { MongoScheduleChangeStore } from "./schedule-changes/mongo-schedule-change-store.js";
import { startScheduleChangeConsumer } from "./schedule-changes/schedule-change-consumer.js";

export interface BookingServiceOverrides {
  /** The airline; guarded here with PROVIDER_TIMEOUT_MS like the default sandbox. */
  readonly provider?: AirlineProvider;
  readonly clock?: Clock;
  /** Peer clients that reject with the catalogue's DomainError (createPeerClient). */
  readonly fare?: Client<typeof FareService>;
  readonly wallet?: Client<typeof WalletService>;
  readonly search?: Client<typeof SearchService>;
  /** Asked whether an agency is suspended and for its billing details (GetAgent). */
  readonly auth?: Pick<Client<typeof AuthService>, "getAgent">;
  /** Where events go instead of NATS_URL's JetStream (the stack's shared in-process bus). */
  readonly publisher?: EventPublisher;
  /** Suspensions from auth (the stack's in-process notices); otherwise NATS_URL's core NATS. */
  readonly notices?: CredentialNoticeSource;
  /**
   * Wraps the wired dependencies before any part receives them, the way a decorator wraps a
   * client: crash tests interrupt the service between two steps from outside its code.
   */
  readonly decorate?: (wired: BookingDependencies) => BookingDependencies;
}

export interface StartedBookingService extends ServiceHost {
  /** Runs the recovery sweep, the ticketing worker and the hold sweep once, now (tests, operations). */
  sweepNow(): Promise<void>;
  /** The background reconciliation: one round now, as its timer runs it (tests). */
  readonly reconciliation: Pick<ReconciliationLoop, "runOnce">;
}

/** Builds the booking service's dependencies from configuration and serves it on one HTTP/2 port. */
export async function startBookingService(
  config: BookingConfig,
  logger: Logger,
  overrides: BookingServiceOverrides = {},
): Promise<StartedBookingService> {
  const clock = overrides.clock ?? systemClock;
  // Leases only on MongoDB: in memory this process is the only replica.
  const storage = await openStorage<{
    store: BookingStore & AgencyDirectory;
    outbox: OutboxReader;
    invoices: InvoiceStore;
    scheduleChanges: ScheduleChangeStore;
    leases?: LeaseStore;
  }>("bookings", config, logger, {
    inMemory: () => {
      const outbox = new MemoryOutbox({ logger });
      const scheduleChanges = new MemoryScheduleChangeStore(outbox);
      return { store: new MemoryBookingStore(outbox), outbox, invoices: new MemoryInvoiceStore(outbox), scheduleChanges };
    },
    onMongo: async (db) => {
      const bookings = await MongoBookingStore.open(db, logger);
      const invoices = new MongoInvoiceStore(db, bookings.outbox);
      await invoices.ensureIndexes();
      const scheduleChanges = new MongoScheduleChangeStore(db, bookings.outbox);
      await scheduleChanges.ensureIndexes();
      return { ...bookings, invoices, scheduleChanges, leases: new MongoLeaseStore(db) };
    },
  });
  const peerOptions = { timeoutMs: config.providerTimeoutMs + 1_000, credential: config.callerAuth.credential };
  const airline = overrides.provider ?? connectAirline(config, { clock, ticketingDelayMs: config.sandboxTicketingDelayMs });
  const wired: BookingDependencies = {
    store: storage.value.store,
    wallet: overrides.wallet ?? createServiceClient(WalletService, config.walletUrl, peerOptions),
    provider: guardProvider(airline, { timeoutMs: config.providerTimeoutMs }),
  };
  const auth = overrides.auth ?? createServiceClient(AuthService, config.authUrl, peerOptions);
  // One remembered record per agency for the standing check and the billing lookup of a create.
  const standing = new AgentStanding(auth);
  // Over the stores and the wallet as they are, never as a test decorates them: it only reads.
  const reconciler = new Reconciler({
    store: storage.value.store,
    directory: storage.value.store,
    invoices: storage.value.invoices,
    wallet: wired.wallet,
    clock,
    logger,
    holdGraceMs: config.reconciliation.holdGraceMs,
    stuckAfterMs: config.reconciliation.stuckAfterMs,
    recoveryGraceMs: config.recoveryGraceMs,
  });
  const { service, recovery, ticketing, holdSweep, holds, scheduleChanges } = wireBooking({
    ...(overrides.decorate ? overrides.decorate(wired) : wired),
    fare: overrides.fare ?? createServiceClient(FareService, config.fareUrl, peerOptions),
    search: overrides.search ?? createServiceClient(SearchService, config.searchUrl, peerOptions),
    clock,
    logger,
    otaCancellationFeePaise: config.otaCancellationFeePaise,
    voidFeePaise: config.voidFeePaise,
    otaRescheduleFeePaise: config.otaRescheduleFeePaise,
    holdTtlMs: config.holdTtlMs,
    recoveryGraceMs: config.recoveryGraceMs,
    holdNoticeMs: config.holdNoticeMs,
    bookingSecret: config.bookingSecret,
    billing: config.billing,
    eInvoices: eInvoiceSubmitter(config.eInvoiceSubmitter, clock, logger),
    agencies: authAgencyBilling(standing.agents),
    invoices: storage.value.invoices,
    scheduleChanges: storage.value.scheduleChanges,
    reconciler,
  });
  const sweepNow = async () => {
    await recovery.run();
    await ticketing.run();
    await holdSweep.run();
    await scheduleChanges.sweep();
  };
  const relay = startOutboxRelay({
    outbox: storage.value.outbox,
    ...config.events,
    ...(overrides.publisher && { publisher: overrides.publisher }),
    logger,
    service: "booking",
    ...(storage.value.leases && { leases: storage.value.leases }),
  });
  const sweeps = runEvery(config.sweepIntervalMs, "booking sweeps", logger, sweepNow);
  const { intervalMs } = config.reconciliation;
  const reconciliation = startReconciliationLoop({
    reconciler,
    intervalMs,
    logger,
    // A lease outliving two intervals: the holder renews it every run, another replica takes over after a missed one.
    ...(storage.value.leases && { lease: new LeaseHolder(storage.value.leases, "booking-reconciliation", clock, 2 * intervalMs + 60_000) }),
  });
  // The airline's own changes, watched by one replica; the watch resumes after the last one stored.
  const airlineChanges = startScheduleChangeConsumer({
    changes: storage.value.scheduleChanges,
    bookings: storage.value.store,
    provider: wired.provider,
    clock,
    logger,
    reservationDropped: (booking) => ticketing.settleNow(booking),
    holdDropped: (booking, why) => holds.expire(booking, why),
    ...(storage.value.leases && { lease: new LeaseHolder(storage.value.leases, "booking-airline-changes", clock, 30_000) }),
  });
  const stopNotices = followStandingNotices(standing, { source: overrides.notices, events: config.events, logger });
  const host = await startServiceHost({
    callerAuth: config.callerAuth,
    callerPolicy: bookingCallerPolicy,
    // A suspended agency books, changes and cancels nothing, whoever relays its call; the sweeps still settle its bookings.
    agentStanding: standing,
    ...hostSettings(config),
    name: "booking",
    services: [BookingService],
    routes: bookingRoutes(service),
    logger,
    // Starts with NATS down (events wait in the outbox), NOT_SERVING until it is reachable.
    dependencies: [storage.probe, relay.probe].filter((p) => p !== undefined),
    async release() {
      await stopNotices();
      await sweeps.stop();
      await reconciliation.stop();
      await airlineChanges.stop();
      await relay.stop();
      await storage.close();
    },
  });
  return { ...host, sweepNow, reconciliation };
}

/** The configured e-invoice submitter; off is said at start, since B2B documents then carry no IRN. */
function eInvoiceSubmitter(choice: "sandbox" | "off", clock: Clock, logger: Logger): EInvoiceSubmitter | undefined {
  if (choice === "sandbox") {
    logger.info("e-invoicing: sandbox submitter (deterministic IRNs, not registered with the government)");
    return new SandboxEInvoiceSubmitter(clock);
  }
  logger.warn("e-invoicing is off (E_INVOICE_SUBMITTER=off): B2B documents keep their e-invoice payload but carry no IRN or QR code");
  return undefined;
}
