import { create } from "@bufbuild/protobuf";
import { createRouterTransport, type ServiceImpl } from "@connectrpc/connect";
import { guardProvider } from "@tarmac/airline-port";
import { MemoryOutbox } from "@tarmac/events";
import { createPeerClient, DomainError, toConnectError } from "@tarmac/kernel";
import { ManualClock, silentLogger } from "@tarmac/kernel/testing";
import {
  CreateBookingRequestSchema,
  Gender,
  PassengerType,
  Title,
  type CreateBookingRequest,
} from "@tarmac/proto/tarmac/booking/v1/booking_pb.js";
import { FareService, GetFareLockResponseSchema } from "@tarmac/proto/tarmac/fare/v1/fare_pb.js";
import { Cabin, Direction, PriceOfferResponseSchema, SearchService, type Offer } from "@tarmac/proto/tarmac/search/v1/search_pb.js";
import { WalletService } from "@tarmac/proto/tarmac/wallet/v1/wallet_pb.js";
import type { BookingServiceImpl } from "../booking-service.js";
import type { BookingGst } from "../domain/booking.js";
import { wireBooking, type BookingDependencies, type BookingParts } from "../booking-wiring.js";
import type { HoldSweep } from "../hold-and-ticket/hold-sweep.js";
import type { RecoverySweep } from "../recovery/recovery-sweep.js";
import { MemoryBookingStore } from "../store/memory-booking-store.js";
import type { TicketingWorker } from "../ticketing/ticketing-worker.js";
import { FakeAirline } from "./fake-airline.js";
import { billingSettings, DEVELOPMENT_GSTIN } from "../invoices/billing-settings.js";
import { MemoryInvoiceStore } from "../invoices/memory-invoice-store.js";
import { MemoryScheduleChangeStore } from "../schedule-changes/memory-schedule-change-store.js";
import { SandboxEInvoiceSubmitter } from "../invoices/e-invoice/sandbox-submitter.js";

/** The platform in Karnataka (29), at the default rates. */
const HARNESS_BILLING = billingSettings({
  gstin: DEVELOPMENT_GSTIN,
  legalName: "Tarmac Travel Technologies Private Limited",
  address: "12 Residency Road, Bengaluru, Karnataka 560025",
  email: "billing@tarmac.example",
  gstOnServiceFeeBps: 1800,
  tdsOnCommissionBps: 200,
});
import { FakeWallet } from "./fake-wallet.js";

export const AGENT = "agt_one";
const FARE_TOKEN = "ft_valid";
/** Net fare 8,600.00; final price 9,000.00 (the customer's). */
export const NET_FARE = 860_000;
export const FINAL_PRICE = 900_000;
export const OTA_FEE = 25_000;
/** Seat tokens the fake fare service vouches for: 1A (exit row), 2A, 2B (taken at the airline). */
export const SEAT_TOKENS = { "1A": "at_1A", "2A": "at_2A", "2B": "at_2B" } as const;

const seats: Record<string, { seat: string; price: bigint; exitRow: boolean }> = {
  at_1A: { seat: "1A", price: 90_000n, exitRow: true },
  at_2A: { seat: "2A", price: 30_000n, exitRow: false },
  at_2B: { seat: "2B", price: 30_000n, exitRow: false },
};

export interface BookingHarness {
  readonly service: BookingServiceImpl;
  /** Offers the fake search prices for reschedule quotes, by offer id. */
  readonly newOffers: Map<string, Offer>;
  readonly store: MemoryBookingStore;
  readonly outbox: MemoryOutbox;
  readonly wallet: FakeWallet;
  readonly airline: FakeAirline;
  readonly clock: ManualClock;
  readonly recovery: RecoverySweep;
  readonly ticketing: TicketingWorker;
  readonly holdSweep: HoldSweep;
  /** Another replica of the service and its sweeps over the same store, wallet and airline. */
  readonly replica: () => BookingParts;
  /** Tax invoices, credit and debit notes, shared by every replica. */
  readonly invoices: MemoryInvoiceStore;
  /** Agencies' billing details as auth would answer them (none until a test sets some). */
  readonly agencyBilling: Map<string, BookingGst>;
}

export interface BookingHarnessOptions {
  readonly balance?: number;
  readonly pax?: { adult: number; child: number; infant: number };
  /** Wraps the store, wallet client and provider the parts receive (crash tests); the harness's own fields stay undecorated. */
  readonly decorate?: (wired: BookingDependencies) => BookingDependencies;
  /** Whether the locked fare may be held (payment HOLD); default true. */
  readonly holdAllowed?: boolean;
  /** The locked fare's one segment: DEL-BOM economy unless given (DXB for an international fare, BUSINESS for one needing GST). */
  readonly segment?: { readonly dest?: string; readonly cabin?: Cabin };
}

/**
 * The booking service over fakes of fare, wallet and airline, wired as production wires it: peer
 * clients that reject with DomainError, a guarded provider. The lock is for `pax`.
 */
export function bookingHarness(options: BookingHarnessOptions = {}): BookingHarness {
  const clock = new ManualClock("2026-11-22T06:00:00Z");
  const newOffers = new Map<string, Offer>();
  const outbox = new MemoryOutbox();
  const store = new MemoryBookingStore(outbox);
  const wallet = new FakeWallet(options.balance ?? 5_000_000);
  const airline = new FakeAirline();
  const pax = options.pax ?? { adult: 1, child: 0, infant: 0 };
  const fareImpl: Partial<ServiceImpl<typeof FareService>> = {
    getFareLock(request) {
      if (request.fareToken !== FARE_TOKEN || request.agentId !== AGENT) {
        throw toConnectError(new DomainError("BOOKING_FARE_TOKEN_INVALID", "The fare token is not valid"));
      }
      const bad = request.ancillaryTokens.findIndex((t) => !(t in seats));
      if (bad >= 0)
        throw toConnectError(
          new DomainError("VALIDATION_FAILED", "bad seat", {
            errors: [{ field: `ancillary_tokens[${bad}]`, code: "INVALID_VALUE", message: "is not a seat" }],
          }),
        );
      return create(GetFareLockResponseSchema, {
        lock: {
          fareToken: request.fareToken,
          agentId: AGENT,
          searchId: "srch_1",
          providerOfferKey: "AI101.DELBOM.20261201/Y",
          pax,
          offer: {
            offerId: "off_1",
            searchId: "srch_1",
            provider: "SANDBOX",
            currency: "INR",
            airline: "AI",
            bestPricePaise: BigInt(FINAL_PRICE),
            holdAllowed: options.holdAllowed ?? true,
            pricingBreakdown: {
              baseFarePaise: 700_000n,
              taxesPaise: 150_000n,
              commissionPaise: 20_000n,
              otaMarkupPaise: 30_000n,
              agentMarkupPaise: 40_000n,
              netFarePaise: BigInt(NET_FARE),
              finalPricePaise: BigInt(FINAL_PRICE),
            },
            fareRules: {
              refundable: true,
              cancellationPenalties: [
                { minHoursBeforeDeparture: 72, perPassengerPaise: 150_000n },
                { minHoursBeforeDeparture: 0, perPassengerPaise: 450_000n },
              ],
              changeFees: [{ minHoursBeforeDeparture: 0, perPassengerPaise: 100_000n }],
              taxesRefundable: true,
            },
            segments: [
              {
                carrier: "AI",
                flightNo: "101",
                origin: "DEL",
                dest: options.segment?.dest ?? "BOM",
                depTime: "2026-12-01T06:00:00+05:30",
                arrTime: "2026-12-01T08:10:00+05:30",
                cabin: options.segment?.cabin ?? Cabin.ECONOMY,
                direction: Direction.OUTBOUND,
                bookingClass: "Y",
                aircraft: "320",
                durationMinutes: 130,
              },
            ],
          },
        },
        seats: request.ancillaryTokens.map((t) => ({
          ancillaryToken: t,
          ancillaryId: `SEAT-0-${seats[t]!.seat}`,
          segmentIndex: 0,
          seat: seats[t]!.seat,
          pricePaise: seats[t]!.price,
          exitRow: seats[t]!.exitRow,
        })),
      });
    },
  };
  const client = <S extends typeof FareService | typeof WalletService | typeof SearchService>(service: S, impl: object) =>
    createPeerClient(
      service,
      createRouterTransport((router) => router.service(service, impl)),
    );
  const searchImpl: Partial<ServiceImpl<typeof SearchService>> = {
    priceOffer(request) {
      const offer = newOffers.get(request.offerId);
      if (!offer) throw toConnectError(new DomainError("SEARCH_OFFER_NOT_FOUND", "No such offer"));
      return create(PriceOfferResponseSchema, {
        offer,
        pax: request.pax!,
        providerOfferKey: `KEY-${offer.offerId}`,
        priceChanged: false,
        previousPricePaise: offer.bestPricePaise,
      });
    },
  };
  const wired: BookingDependencies = {
    store,
    wallet: client(WalletService, wallet.impl()),
    provider: guardProvider(airline.provider(), { timeoutMs: 500 }),
  };
  const invoices = new MemoryInvoiceStore(outbox);
  const scheduleChanges = new MemoryScheduleChangeStore(outbox);
  const agencyBilling = new Map<string, BookingGst>();
  const replica = () =>
    wireBooking({
      ...(options.decorate ? options.decorate(wired) : wired),
      fare: client(FareService, fareImpl),
      search: client(SearchService, searchImpl),
      clock,
      logger: silentLogger(),
      otaCancellationFeePaise: OTA_FEE,
      otaRescheduleFeePaise: OTA_FEE,
      holdTtlMs: 1_800_000,
      recoveryGraceMs: 60_000,
      holdNoticeMs: 2 * 3_600_000,
      bookingSecret: "booking-harness-secret-of-32-characters-at-least",
      billing: HARNESS_BILLING,
      eInvoices: new SandboxEInvoiceSubmitter(clock),
      agencies: { gstOf: async (agentId) => agencyBilling.get(agentId) },
      invoices,
      scheduleChanges,
    });
  const { service, recovery, ticketing, holdSweep } = replica();
  return { service, newOffers, store, outbox, wallet, airline, clock, recovery, ticketing, holdSweep, replica, invoices, agencyBilling };
}

export const adult = (n = 1, overrides: object = {}) => ({
  id: `ADT${n}`,
  type: PassengerType.ADT,
  title: Title.MR,
  firstName: "Arjun",
  lastName: "Mehta",
  gender: Gender.M,
  dob: "1985-04-12",
  nationality: "IN",
  ...overrides,
});

let requests = 0;

export function createRequest(overrides: Record<string, unknown> = {}): CreateBookingRequest {
  return create(CreateBookingRequestSchema, {
    agentId: AGENT,
    fareToken: FARE_TOKEN,
    idempotencyKey: `key-${++requests}`,
    passengers: [adult()],
    contactInfo: { email: "arjun@example.com", phone: "+919812345678" },
    ancillaries: [],
    ...overrides,
  });
}
