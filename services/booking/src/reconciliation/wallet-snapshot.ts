import type { Timestamp } from "@bufbuild/protobuf/wkt";
import type { Client } from "@connectrpc/connect";
import { fromTimestamp } from "@tarmac/kernel";
import { EntryKind, type LedgerLine, type WalletService } from "@tarmac/proto/tarmac/wallet/v1/wallet_pb.js";
import type { LineKind, OpenHold, StatementLine, WalletSnapshot } from "./checks.js";

export type WalletReader = Pick<Client<typeof WalletService>, "getBalance" | "listStatement" | "listOpenHolds">;

/** The wallet's largest statement page. */
const PAGE = 500;
/** Reads of a wallet that keeps moving before its balance and held are left uncompared for this run. */
const ATTEMPTS = 3;

const KINDS: Partial<Record<EntryKind, LineKind>> = {
  [EntryKind.HOLD]: "HOLD",
  [EntryKind.CAPTURE]: "CAPTURE",
  [EntryKind.VOID]: "VOID",
  [EntryKind.REFUND]: "REFUND",
  [EntryKind.TOP_UP]: "TOP_UP",
  [EntryKind.ADJUSTMENT]: "ADJUSTMENT",
  [EntryKind.TRANSFER_OUT]: "TRANSFER_OUT",
  [EntryKind.TRANSFER_IN]: "TRANSFER_IN",
};

/**
 * An agency's wallet for one reconciliation: balance, open holds and the whole statement. The
 * wallet answers them in separate calls, so the newest line is read before and after: when it is
 * the same, no line was posted in between and balance, held and statement describe one moment
 * (quiet). A wallet that keeps moving is read again, then left `quiet: false`.
 */
export async function readWallet(wallet: WalletReader, agentId: string): Promise<WalletSnapshot> {
  let snapshot: WalletSnapshot | undefined;
  for (let attempt = 0; attempt < ATTEMPTS && !snapshot?.quiet; attempt++) {
    const newestBefore = (await wallet.listStatement({ agentId, limit: 1 })).lines[0]?.entryId ?? "";
    const { balance } = await wallet.getBalance({ agentId });
    const { holds } = await wallet.listOpenHolds({ agentId });
    const pages: LedgerLine[] = [];
    let cursor = "";
    do {
      const page = await wallet.listStatement({ agentId, limit: PAGE, cursor });
      pages.push(...page.lines);
      cursor = page.cursor;
    } while (cursor !== "");
    snapshot = {
      agentId,
      balancePaise: Number(balance?.balancePaise ?? 0n),
      heldPaise: Number(balance?.heldPaise ?? 0n),
      // Pages come newest first.
      lines: pages.map(toLine).reverse(),
      openHolds: holds.map((h): OpenHold => ({
        holdId: h.holdId,
        reference: h.reference,
        amountPaise: Number(h.amountPaise),
        createdAt: instant(h.createdAt),
        expiresAt: instant(h.expiresAt),
      })),
      quiet: (pages[0]?.entryId ?? "") === newestBefore,
    };
  }
  if (!snapshot) throw new Error("no wallet read");
  return snapshot;
}

function toLine(line: LedgerLine): StatementLine {
  const kind = KINDS[line.kind];
  if (!kind) throw new Error(`statement line ${line.entryId} has no kind`);
  return {
    entryId: line.entryId,
    at: instant(line.at),
    kind,
    amountPaise: Number(line.amountPaise),
    balanceAfterPaise: Number(line.balanceAfterPaise),
    reference: line.reference,
  };
}

function instant(value: Timestamp | undefined): Date {
  const date = fromTimestamp(value);
  if (!date) throw new Error("the wallet answered a line or hold without its instant");
  return date;
}
