import { DomainError, type Signer } from "@tarmac/kernel";

/** Where the next page of a search starts, for whom, and until when the search is cached. */
interface CursorPosition {
  readonly searchId: string;
  readonly agentId: string;
  readonly offset: number;
  readonly expiresAt: Date;
}

export interface CursorCodec {
  encode(position: CursorPosition): string;
  /**
   * The position, or SEARCH_CURSOR_INVALID (malformed, altered, forged, another agent's) or
   * SEARCH_CURSOR_EXPIRED (its search's 30 minutes are over).
   */
  decode(cursor: string, agentId: string, now: Date): CursorPosition;
}

interface CursorPayload {
  readonly s: string;
  readonly a: string;
  readonly o: number;
  readonly e: number;
}

/** Cursors are signed tokens (kernel signer, purpose "search-cursor"): Base64url, unforgeable. */
export function createCursorCodec(signer: Signer): CursorCodec {
  return {
    encode(position) {
      const payload: CursorPayload = {
        s: position.searchId,
        a: position.agentId,
        o: position.offset,
        e: position.expiresAt.getTime(),
      };
      return signer.sign(payload);
    },
    decode(cursor, agentId, now) {
      const payload = signer.verify(cursor);
      // Another agent's cursor is answered like a forged one: it must not reveal that the search exists.
      if (!isCursorPayload(payload) || payload.a !== agentId) {
        throw new DomainError("SEARCH_CURSOR_INVALID", "The cursor is not valid; start a new search");
      }
      if (payload.e <= now.getTime()) {
        throw new DomainError("SEARCH_CURSOR_EXPIRED", "The search behind this cursor has expired; start a new search");
      }
      return { searchId: payload.s, agentId: payload.a, offset: payload.o, expiresAt: new Date(payload.e) };
    },
  };
}

function isCursorPayload(value: unknown): value is CursorPayload {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.s === "string" && typeof v.a === "string" && Number.isSafeInteger(v.o) && (v.o as number) >= 0 && Number.isSafeInteger(v.e)
  );
}
