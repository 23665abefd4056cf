import type { Clock } from "@tarmac/kernel";
import { fareTokenInvalid, type FareTokenCodec } from "./domain/fare-token.js";
import type { FareLock, FareLockStore } from "./store/fare-lock-store.js";

/**
 * Resolves a fare token to its lock for the calling agent. A token is honoured only when its
 * signature is genuine, it is this agent's, it has not expired, and the lock it names exists
 * with the offer and price the token vouches for.
 */
export class FareLocks {
  constructor(
    private readonly store: FareLockStore,
    private readonly tokens: FareTokenCodec,
    private readonly clock: Clock,
  ) {}

  async open(fareToken: string, agentId: string): Promise<FareLock> {
    const claims = this.tokens.open(fareToken, agentId, this.clock.now());
    const lock = await this.store.find(claims.lockId);
    if (
      lock?.agentId !== agentId ||
      lock.offerId !== claims.offerId ||
      lock.finalPricePaise !== claims.finalPricePaise ||
      lock.lockedUntil.getTime() !== claims.lockedUntil.getTime()
    ) {
      throw fareTokenInvalid();
    }
    return lock;
  }
}
