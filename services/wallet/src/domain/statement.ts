import { DomainError, type Signer } from "@tarmac/kernel";

/** API guide, Wallet and Pagination: pages of 100 by default; at most 500. */
export const DEFAULT_STATEMENT_LIMIT = 100;
export const MAX_STATEMENT_LIMIT = 500;
/** API guide, Pagination: a statement cursor lives as a search cursor does, 30 minutes from its page. */
export const STATEMENT_CURSOR_TTL_MS = 30 * 60_000;

/** A page request as the store answers it: newest first. */
export interface StatementQuery {
  readonly agentId: string;
  /** Inclusive. */
  readonly from?: Date;
  /** Exclusive. */
  readonly to?: Date;
  /** Only lines strictly older than this position (the last line of the previous page). */
  readonly before?: StatementPosition;
  readonly limit: number;
}

/** A line's place in the agent's ledger: `at`, and seq to order lines of the same instant. */
interface StatementPosition {
  readonly at: Date;
  readonly seq: number;
}

/** What a statement cursor carries: whose, when issued, the filters of the first page, and where to go on. */
interface StatementCursor {
  readonly agentId: string;
  /** When the page that handed out this cursor was answered; the cursor expires 30 minutes later. */
  readonly issuedAt: Date;
  readonly from?: Date;
  readonly to?: Date;
  readonly after: StatementPosition;
}

export interface StatementCursorCodec {
  encode(cursor: StatementCursor): string;
  /**
   * The cursor, or WALLET_CURSOR_INVALID (malformed, altered, forged, another agent's) or
   * WALLET_CURSOR_EXPIRED (issued 30 minutes or more before `now`).
   */
  decode(token: string, agentId: string, now: Date): StatementCursor;
}

interface CursorPayload {
  readonly a: string;
  readonly i: number;
  readonly t: number;
  readonly s: number;
  readonly f?: number;
  readonly u?: number;
}

/**
 * Statement cursors: kernel-signed tokens (purpose "wallet-statement"), opaque Base64url. They follow
 * the search cursor rules (API guide, Pagination): 30 minutes from issue, then 410
 * WALLET_CURSOR_EXPIRED; malformed, altered, forged or another agent's, 400 WALLET_CURSOR_INVALID.
 */
export function createStatementCursorCodec(signer: Signer): StatementCursorCodec {
  return {
    encode(cursor) {
      const payload: CursorPayload = {
        a: cursor.agentId,
        i: cursor.issuedAt.getTime(),
        t: cursor.after.at.getTime(),
        s: cursor.after.seq,
        ...(cursor.from && { f: cursor.from.getTime() }),
        ...(cursor.to && { u: cursor.to.getTime() }),
      };
      return signer.sign(payload);
    },
    decode(token, agentId, now) {
      const payload = signer.verify(token);
      // Another agent's cursor is answered like a forged one.
      if (!isPayload(payload) || payload.a !== agentId) {
        throw new DomainError("WALLET_CURSOR_INVALID", "The statement cursor is not valid; request the first page again");
      }
      if (payload.i + STATEMENT_CURSOR_TTL_MS <= now.getTime()) {
        throw new DomainError("WALLET_CURSOR_EXPIRED", "The statement cursor has expired; request the first page again");
      }
      return {
        agentId: payload.a,
        issuedAt: new Date(payload.i),
        after: { at: new Date(payload.t), seq: payload.s },
        ...(payload.f !== undefined && { from: new Date(payload.f) }),
        ...(payload.u !== undefined && { to: new Date(payload.u) }),
      };
    },
  };
}

function isPayload(value: unknown): value is CursorPayload {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  const time = (x: unknown) => Number.isSafeInteger(x);
  return (
    typeof v.a === "string" &&
    time(v.i) &&
    time(v.t) &&
    Number.isSafeInteger(v.s) &&
    (v.s as number) > 0 &&
    (v.f === undefined || time(v.f)) &&
    (v.u === undefined || time(v.u))
  );
}
