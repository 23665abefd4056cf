import type { Client } from "@connectrpc/connect";
import type { AirlineProvider } from "@tarmac/airline-port";
import { createSigner, type Clock, type Logger } from "@tarmac/kernel";
import type { FareService } from "@tarmac/proto/tarmac/fare/v1/fare_pb.js";
import type { SearchService } from "@tarmac/proto/tarmac/search/v1/search_pb.js";
import type { WalletService } from "@tarmac/proto/tarmac/wallet/v1/wallet_pb.js";
import { AncillaryAdditions } from "./additions/ancillary-additions.js";
import { BookingCreation } from "./create/booking-creation.js";
import { createAdditionTokenCodec } from "./additions/addition-token.js";
import { BookingFlow } from "./create/booking-flow.js";
import { createBookingListCursorCodec } from "./lookup/booking-list-cursor.js";
import { BookingListing } from "./lookup/booking-listing.js";
import { BOOKING_STATUSES } from "./domain/state-machine.js";
import { BookingServiceImpl } from "./booking-service.js";
import { BookingWriter } from "./booking-writer.js";
import { Cancellations } from "./cancel/cancellations.js";
import { HoldSweep } from "./hold-and-ticket/hold-sweep.js";
import { HoldTicketing } from "./hold-and-ticket/hold-ticketing.js";
import { RecoverySweep } from "./recovery/recovery-sweep.js";
import { RefundListing } from "./refunds/refund-listing.js";
import { Reschedules } from "./reschedule/reschedules.js";
import type { BookingStore } from "./store/booking-store.js";
import { TicketingWorker } from "./ticketing/ticketing-worker.js";
import { WalletPayments } from "./wallet-payments.js";
import type { AgencyBilling } from "./invoices/agency-billing.js";
import type { BillingSettings } from "./invoices/billing-settings.js";
import { InvoiceIssuer } from "./invoices/invoice-issuer.js";
import { InvoiceListing } from "./invoices/invoice-listing.js";
import type { InvoiceStore } from "./invoices/invoice-store.js";
import type { EInvoiceSubmitter } from "./invoices/e-invoice/e-invoice-submitter.js";
import type { Reconciler } from "./reconciliation/reconciler.js";
import type { ScheduleChangeStore } from "./schedule-changes/schedule-change-store.js";
import { ScheduleChanges } from "./schedule-changes/schedule-changes.js";

/** What every part shares, and what a decorator may wrap: the store, the wallet, the airline. */
export interface BookingDependencies {
  readonly store: BookingStore;
  /** Rejects with the catalogue's DomainError (createServiceClient, createPeerClient). */
  readonly wallet: Client<typeof WalletService>;
  /** Guarded (guardProvider): deadline, metrics and PROVIDER_* errors on every call. */
  readonly provider: AirlineProvider;
}

export interface BookingWiring extends BookingDependencies {
  /** Peer clients, like the wallet's. */
  readonly fare: Client<typeof FareService>;
  readonly search: Client<typeof SearchService>;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly otaCancellationFeePaise: number;
  /** Tarmac's fee on a void; default none. */
  readonly voidFeePaise?: number;
  readonly otaRescheduleFeePaise: number;
  readonly holdTtlMs: number;
  readonly recoveryGraceMs: number;
  /** How long before a hold's ticket time limit booking.hold_expiring is published. */
  readonly holdNoticeMs: number;
  /** Signs ListBookings cursors (TARMAC_BOOKING_SECRET). */
  readonly bookingSecret: string;
  /** The platform's GSTIN and tax rates. */
  readonly billing: BillingSettings;
  /** Agencies' billing details (auth), for bookings created without `gst`. */
  readonly agencies: AgencyBilling;
  /** Tax invoices, credit and debit notes. */
  readonly invoices: InvoiceStore;
  /** Registers B2B documents' e-invoices (E_INVOICE_SUBMITTER); none: e-invoicing is off. */
  readonly eInvoices?: EInvoiceSubmitter | undefined;
  /** Schedule changes and how far the airline's change feed was read. */
  readonly scheduleChanges: ScheduleChangeStore;
  /** What answers Reconcile (the server builds it over its undecorated stores). */
  readonly reconciler?: Reconciler;
}

export interface BookingParts {
  readonly service: BookingServiceImpl;
  readonly recovery: RecoverySweep;
  readonly ticketing: TicketingWorker;
  readonly holdSweep: HoldSweep;
  /** Holds ticketed and expired (the airline change consumer expires one the airline dropped). */
  readonly holds: HoldTicketing;
  /** The agency's side of the airline's changes, and their deadlines (swept with the others). */
  readonly scheduleChanges: ScheduleChanges;
}

/** The service and its sweeps over one set of dependencies: the server's wiring and the tests'. */
export function wireBooking(w: BookingWiring): BookingParts {
  const { store, wallet, provider, clock, logger } = w;
  const invoices = new InvoiceIssuer({ store: w.invoices, billing: w.billing, clock, logger, eInvoices: w.eInvoices });
  const writer = new BookingWriter(store, clock);
  const payments = new WalletPayments({ wallet, clock, holdTtlMs: w.holdTtlMs });
  const flow = new BookingFlow({ payments, provider, writer, clock, logger, holdNoticeMs: w.holdNoticeMs });
  const holds = new HoldTicketing({ writer, payments, provider, clock, logger });
  const cancellations = new Cancellations({
    writer,
    wallet,
    provider,
    clock,
    logger,
    otaFeePaise: w.otaCancellationFeePaise,
    voidFeePaise: w.voidFeePaise ?? 0,
    invoices,
  });
  const reschedules = new Reschedules({
    writer,
    payments,
    search: w.search,
    provider,
    clock,
    logger,
    otaFeePaise: w.otaRescheduleFeePaise,
    invoices,
  });
  const cursors = createBookingListCursorCodec(createSigner(w.bookingSecret, "booking-list"), BOOKING_STATUSES);
  const listing = new BookingListing(store, cursors);
  const creation = new BookingCreation({
    store,
    fare: w.fare,
    provider,
    flow,
    clock,
    logger,
    billing: w.billing,
    agencies: w.agencies,
    recoveryGraceMs: w.recoveryGraceMs,
  });
  const additions = new AncillaryAdditions({
    store,
    writer,
    payments,
    provider,
    clock,
    logger,
    tokens: createAdditionTokenCodec(createSigner(w.bookingSecret, "addition-token")),
    invoices,
  });
  const scheduleChanges = new ScheduleChanges({
    changes: w.scheduleChanges,
    bookings: store,
    writer,
    cancellations,
    reschedules,
    clock,
    logger,
  });
  const invoiceListing = new InvoiceListing(w.invoices, createSigner(w.bookingSecret, "invoice-list"));
  return {
    service: new BookingServiceImpl({
      store,
      creation,
      cancellations,
      reschedules,
      listing,
      holds,
      refunds: new RefundListing(store, createSigner(w.bookingSecret, "refund-list")),
      invoices: invoiceListing,
      additions,
      scheduleChanges,
      ...(w.reconciler && { reconciler: w.reconciler }),
    }),
    holdSweep: new HoldSweep({ store, holds, provider, writer, clock, logger }),
    holds,
    scheduleChanges,
    recovery: new RecoverySweep({
      store,
      cancellations,
      writer,
      payments,
      provider,
      clock,
      logger,
      holdNoticeMs: w.holdNoticeMs,
    }),
    ticketing: new TicketingWorker({
      store,
      provider,
      writer,
      wallet,
      clock,
      logger,
      invoices,
      resumeReschedule: (b) => reschedules.resume(b),
      settleCancellations: (b) => cancellations.settle(b),
      resumeAddition: (b) => additions.resume(b),
    }),
  };
}
