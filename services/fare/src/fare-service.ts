import { create } from "@bufbuild/protobuf";
import type { Client, HandlerContext, ServiceImpl } from "@connectrpc/connect";
import type { AirlineProvider } from "@tarmac/airline-port";
import {
  DomainError,
  fieldError,
  newId,
  paiseFromProto,
  paiseToProto,
  toTimestamp,
  validationFailed,
  type Clock,
  type FieldError,
  type Logger,
} from "@tarmac/kernel";
import {
  GetFareLockResponseSchema,
  SelectedSeatSchema,
  type GetAncillariesRequest,
  type GetAncillariesResponse,
  ValidateFareResponseSchema,
  type FareService,
  type GetFareLockRequest,
  type GetFareLockResponse,
  type GetSeatMapRequest,
  type GetSeatMapResponse,
  type ValidateFareRequest,
  type ValidateFareResponse,
} from "@tarmac/proto/tarmac/fare/v1/fare_pb.js";
import type { SearchService } from "@tarmac/proto/tarmac/search/v1/search_pb.js";
import { ancillaryIdOf, type AncillaryTokenCodec } from "./domain/ancillary-token.js";
import type { ExtraTokenCodec } from "./domain/extra-token.js";
import type { FareTokenCodec } from "./domain/fare-token.js";
import { priceExtras } from "./domain/priced-extras.js";
import { toProtoAncillaries, toProtoSelectedExtra } from "./extras-mapping.js";
import { priceSeatMap } from "./domain/priced-seat-map.js";
import { FareLocks } from "./fare-locks.js";
import { fareRequirementsOf } from "./fare-requirements.js";
import { offerToJson, toProtoFareLock, toProtoSeatMap } from "./proto-mapping.js";
import { requireFields, requireSame } from "./request-fields.js";
import type { FareLock, FareLockStore } from "./store/fare-lock-store.js";

/** API guide, Booking states: a fare lock lasts 15 minutes from a successful validation. */
export const FARE_LOCK_MS = 15 * 60_000;

export interface FareServiceDeps {
  readonly search: Client<typeof SearchService>;
  /** The airline provider that serves seat maps (offers name it; the sandbox in development). */
  /** Guarded (guardProvider): its calls carry the deadline, metrics and PROVIDER_* mapping. */
  readonly provider: AirlineProvider;
  readonly store: FareLockStore;
  readonly fareTokens: FareTokenCodec;
  readonly ancillaryTokens: AncillaryTokenCodec;
  /** Baggage and meal tokens (GetAncillaries). */
  readonly extraTokens: ExtraTokenCodec;
  readonly clock: Clock;
  readonly logger: Logger;
}

/**
 * ValidateFare gets the offer's live price from search and locks it for 15 minutes behind a signed
 * fare token; GetSeatMap prices the provider's seat maps for a locked fare; GetFareLock hands the
 * lock and the chosen seats to booking.
 */
export class FareServiceImpl implements ServiceImpl<typeof FareService> {
  private readonly locks: FareLocks;

  constructor(private readonly deps: FareServiceDeps) {
    this.locks = new FareLocks(deps.store, deps.fareTokens, deps.clock);
  }

  async validateFare(request: ValidateFareRequest, context: HandlerContext): Promise<ValidateFareResponse> {
    // search_id names the search, unless an offer id is given: search finds an agent's live offer
    // by id alone (the secondary surface knows only the offer id). Search itself requires the
    // signature (or offer id) and the pax.
    requireFields({ agent_id: request.agentId, ...(request.offerId === "" && { search_id: request.searchId }) });
    const { agentId } = request;
    const priced = await this.deps.search.priceOffer(
      { agentId, searchId: request.searchId, signature: request.signature, offerId: request.offerId, pax: request.pax },
      { signal: context.signal },
    );
    const { offer, pax } = priced;
    if (!offer || !pax) throw new Error("search answered PriceOffer without an offer or passengers");
    const createdAt = this.deps.clock.now();
    const lock: FareLock = {
      lockId: newId("flk"),
      agentId,
      searchId: offer.searchId,
      offerId: offer.offerId,
      signature: offer.signature,
      provider: offer.provider,
      providerOfferKey: priced.providerOfferKey,
      pax: { adult: pax.adult, child: pax.child, infant: pax.infant },
      finalPricePaise: paiseFromProto(offer.bestPricePaise),
      currency: offer.currency,
      offer: offerToJson(offer),
      createdAt,
      lockedUntil: new Date(createdAt.getTime() + FARE_LOCK_MS),
    };
    await this.deps.store.save(lock);
    this.deps.logger.info(
      { lockId: lock.lockId, agentId, offerId: lock.offerId, pricePaise: lock.finalPricePaise, priceChanged: priced.priceChanged },
      "fare locked",
    );
    return create(ValidateFareResponseSchema, {
      fareToken: this.deps.fareTokens.sign(lock),
      offer,
      priceChanged: priced.priceChanged,
      previousPricePaise: priced.priceChanged ? priced.previousPricePaise : 0n,
      lockedUntil: toTimestamp(lock.lockedUntil),
      requirements: fareRequirementsOf(offer),
    });
  }

  async getSeatMap(request: GetSeatMapRequest, context: HandlerContext): Promise<GetSeatMapResponse> {
    requireFields({
      agent_id: request.agentId,
      search_id: request.searchId,
      signature: request.signature,
      fare_token: request.fareToken,
      provider: request.provider,
    });
    const lock = await this.locks.open(request.fareToken, request.agentId);
    const mismatches = [
      requireSame("search_id", request.searchId, lock.searchId, "search"),
      requireSame("signature", request.signature, lock.signature, "offer"),
      requireSame("provider", request.provider, lock.provider, "provider"),
    ].filter((e): e is FieldError => e !== undefined);
    if (mismatches.length > 0) throw validationFailed(mismatches);
    const { provider } = this.deps;
    if (provider.name !== lock.provider) {
      throw new DomainError("PROVIDER_UNAVAILABLE", `No seat maps from provider ${lock.provider} here`);
    }
    const map = await provider.seatMap(lock.providerOfferKey, { signal: context.signal });
    return toProtoSeatMap(priceSeatMap(map, lock, this.deps.ancillaryTokens), lock);
  }

  async getAncillaries(request: GetAncillariesRequest, context: HandlerContext): Promise<GetAncillariesResponse> {
    requireFields({ agent_id: request.agentId, fare_token: request.fareToken });
    const lock = await this.locks.open(request.fareToken, request.agentId);
    const { provider } = this.deps;
    if (provider.name !== lock.provider) {
      throw new DomainError("PROVIDER_UNAVAILABLE", `No baggage or meals from provider ${lock.provider} here`);
    }
    const offered = await provider.ancillaries(lock.providerOfferKey, { signal: context.signal });
    return toProtoAncillaries(priceExtras(offered, lock, this.deps.extraTokens), lock, offered.currency);
  }

  async getFareLock(request: GetFareLockRequest): Promise<GetFareLockResponse> {
    requireFields({ agent_id: request.agentId, fare_token: request.fareToken });
    const lock = await this.locks.open(request.fareToken, request.agentId);
    const errors: FieldError[] = [];
    const seats: GetFareLockResponse["seats"] = [];
    const extras: GetFareLockResponse["extras"] = [];
    request.ancillaryTokens.forEach((token, i) => {
      const claims = this.deps.ancillaryTokens.open(token, lock.lockId);
      if (claims) {
        const { segmentIndex, seat, exitRow } = claims;
        const ancillaryId = ancillaryIdOf(segmentIndex, seat);
        seats.push(
          create(SelectedSeatSchema, {
            ancillaryToken: token,
            ancillaryId,
            segmentIndex,
            seat,
            exitRow,
            pricePaise: paiseToProto(claims.pricePaise),
          }),
        );
        return;
      }
      const extra = this.deps.extraTokens.open(token, lock.lockId);
      if (extra) extras.push(toProtoSelectedExtra(token, extra));
      else
        errors.push(fieldError(`ancillary_tokens[${i}]`, "INVALID_VALUE", "is not a seat, baggage or meal offered under this fare token"));
    });
    if (errors.length > 0) throw validationFailed(errors);
    return create(GetFareLockResponseSchema, { lock: toProtoFareLock(lock, request.fareToken), seats, extras });
  }
}
