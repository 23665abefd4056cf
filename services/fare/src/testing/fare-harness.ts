import { guardProvider, type AirlineProvider, type ProviderSeatMap } from "@tarmac/airline-port";
import { create } from "@bufbuild/protobuf";
import { createRouterTransport, type ServiceImpl } from "@connectrpc/connect";
import { refusingProvider } from "@tarmac/airline-port/testing";
import { createSigner, DomainError, toConnectError, createPeerClient } from "@tarmac/kernel";
import { ManualClock, silentLogger } from "@tarmac/kernel/testing";
import {
  Cabin,
  Direction,
  OfferSchema,
  PriceOfferResponseSchema,
  SearchService,
  type Offer,
  type PriceOfferRequest,
  type PriceOfferResponse,
} from "@tarmac/proto/tarmac/search/v1/search_pb.js";
import { createExtraTokenCodec } from "../domain/extra-token.js";
import { createAncillaryTokenCodec } from "../domain/ancillary-token.js";
import { createFareTokenCodec } from "../domain/fare-token.js";
import { FareServiceImpl, type FareServiceDeps } from "../fare-service.js";
import { MemoryFareLockStore } from "../store/memory-fare-lock-store.js";
import { seatMapFixture } from "./seat-map-fixture.js";

export const TEST_SECRET = "test-secret-for-fare-service-tests-0123456789";
export const AGENT = "agt_one";
export const PAX = { adult: 2, child: 1, infant: 1 };

/** The offer the fake search prices: DEL-BOM, one segment, 9,000.00 INR. */
export function offer(overrides: { bestPricePaise?: bigint } = {}): Offer {
  return create(OfferSchema, {
    offerId: "off_0001",
    searchId: "srch_0001",
    signature: "sig_0001",
    airline: "AI",
    provider: "SANDBOX",
    currency: "INR",
    bestPricePaise: 900_000n,
    refundable: true,
    pricingBreakdown: {
      baseFarePaise: 700_000n,
      taxesPaise: 150_000n,
      commissionPaise: 20_000n,
      otaMarkupPaise: 30_000n,
      agentMarkupPaise: 20_000n,
      netFarePaise: 860_000n,
      finalPricePaise: 900_000n,
    },
    segments: [
      { carrier: "AI", flightNo: "101", origin: "DEL", dest: "BOM", cabin: Cabin.ECONOMY, direction: Direction.OUTBOUND, aircraft: "320" },
    ],
    ...overrides,
  });
}

export interface FareHarness {
  readonly service: FareServiceImpl;
  readonly store: MemoryFareLockStore;
  readonly clock: ManualClock;
  readonly deps: FareServiceDeps;
  /** Every PriceOffer request the fake search received. */
  readonly priceCalls: PriceOfferRequest[];
}

export interface FareHarnessOptions {
  /** What search answers to PriceOffer (default: `offer()` unchanged); throw a DomainError to refuse. */
  readonly price?: (request: PriceOfferRequest) => PriceOfferResponse | Promise<PriceOfferResponse>;
  readonly seatMap?: (key: string, signal: AbortSignal | undefined) => Promise<ProviderSeatMap>;
  readonly providerTimeoutMs?: number;
}

function unchangedPrice(request: PriceOfferRequest): PriceOfferResponse {
  const o = offer();
  return create(PriceOfferResponseSchema, {
    offer: o,
    pax: request.pax ?? PAX,
    providerOfferKey: "AI101.DELBOM.20261201/Y",
    priceChanged: false,
    previousPricePaise: o.bestPricePaise,
  });
}

/** The fare service over a fake search (behind a real Connect client) and a fake provider. */
export function fareHarness(options: FareHarnessOptions = {}): FareHarness {
  const clock = new ManualClock(new Date());
  const store = new MemoryFareLockStore({ clock });
  const priceCalls: PriceOfferRequest[] = [];
  const searchImpl: Partial<ServiceImpl<typeof SearchService>> = {
    async priceOffer(request) {
      priceCalls.push(request);
      try {
        return await (options.price ?? unchangedPrice)(request);
      } catch (error) {
        throw error instanceof DomainError ? toConnectError(error) : error;
      }
    },
  };
  const provider: AirlineProvider = {
    ...refusingProvider("SANDBOX"),
    seatMap: (key, callOptions) => (options.seatMap ? options.seatMap(key, callOptions?.signal) : Promise.resolve(seatMapFixture())),
  };
  const deps: FareServiceDeps = {
    search: createPeerClient(
      SearchService,
      createRouterTransport((router) => router.service(SearchService, searchImpl)),
    ),
    provider: guardProvider(provider, { timeoutMs: options.providerTimeoutMs ?? 1_000 }),
    store,
    fareTokens: createFareTokenCodec(createSigner(TEST_SECRET, "fare-token")),
    ancillaryTokens: createAncillaryTokenCodec(createSigner(TEST_SECRET, "ancillary-token")),
    extraTokens: createExtraTokenCodec(createSigner(TEST_SECRET, "extra-token")),
    clock,
    logger: silentLogger(),
  };
  return { service: new FareServiceImpl(deps), store, clock, deps, priceCalls };
}
