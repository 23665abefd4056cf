import { create } from "@bufbuild/protobuf";
import { paiseToProto, toTimestamp } from "@tarmac/kernel";
import {
  BalanceSchema,
  EntryKind,
  LedgerLineSchema,
  OpenHoldSchema,
  type Balance,
  type LedgerLine,
  type OpenHold,
} from "@tarmac/proto/tarmac/wallet/v1/wallet_pb.js";
import { availableOf, type WalletAccount } from "./domain/account.js";
import type { Hold } from "./domain/hold.js";
import { isStatementKind, type LedgerTransaction, type StatementKind } from "./domain/ledger.js";

export function toProtoBalance(account: WalletAccount): Balance {
  return create(BalanceSchema, {
    agentId: account.agentId,
    currency: account.currency,
    balancePaise: paiseToProto(account.balancePaise),
    creditLimitPaise: paiseToProto(account.creditLimitPaise),
    heldPaise: paiseToProto(account.heldPaise),
    availablePaise: paiseToProto(availableOf(account)),
  });
}

const ENTRY_KINDS: Record<StatementKind, EntryKind> = {
  HOLD: EntryKind.HOLD,
  CAPTURE: EntryKind.CAPTURE,
  VOID: EntryKind.VOID,
  REFUND: EntryKind.REFUND,
  TOP_UP: EntryKind.TOP_UP,
  ADJUSTMENT: EntryKind.ADJUSTMENT,
  TRANSFER_OUT: EntryKind.TRANSFER_OUT,
  TRANSFER_IN: EntryKind.TRANSFER_IN,
};

export function toProtoLine(transaction: LedgerTransaction): LedgerLine {
  if (!isStatementKind(transaction.kind)) throw new Error(`transaction ${transaction.transactionId} is not a statement line`);
  return create(LedgerLineSchema, {
    entryId: transaction.transactionId,
    at: toTimestamp(transaction.at),
    kind: ENTRY_KINDS[transaction.kind],
    amountPaise: paiseToProto(transaction.lineAmountPaise),
    balanceAfterPaise: paiseToProto(transaction.balanceAfterPaise),
    reference: transaction.reference,
    description: transaction.description,
  });
}

export function toProtoOpenHold(hold: Hold): OpenHold {
  return create(OpenHoldSchema, {
    holdId: hold.holdId,
    reference: hold.reference,
    amountPaise: paiseToProto(hold.amountPaise),
    createdAt: toTimestamp(hold.createdAt),
    expiresAt: toTimestamp(hold.expiresAt),
  });
}
