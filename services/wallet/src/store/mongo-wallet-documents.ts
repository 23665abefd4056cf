import { mongoDriver } from "@tarmac/kernel";
import type { Long } from "mongodb";
import type { WalletAccount } from "../domain/account.js";
import type { Hold, HoldState, VoidReason } from "../domain/hold.js";
import type { LedgerTransaction, TransactionKind } from "../domain/ledger.js";

/**
 * Money and sequence numbers are stored as BSON int64 (Long): exact, and summed exactly by the
 * server ($sum of longs is a long). Reads accept whatever the driver hands back (a number with
 * the default promoteLongs, a Long, or a bigint with useBigInt64) and insist on an exact integer.
 */
type Int64 = Long;

export function int64(value: number): Long {
  if (!Number.isSafeInteger(value)) throw new RangeError(`not an exact integer: ${value}`);
  return mongoDriver().Long.fromNumber(value);
}

export function fromInt64(value: unknown): number {
  const { Long } = mongoDriver();
  const n =
    typeof value === "number" ? value : typeof value === "bigint" ? Number(value) : Long.isLong(value) ? value.toNumber() : Number.NaN;
  if (!Number.isSafeInteger(n)) throw new RangeError(`stored value is not an exact integer: ${String(value)}`);
  return n;
}

/** `wallet_accounts`: one per agent, `_id` = agent id. */
export interface AccountDocument {
  _id: string;
  currency: string;
  balancePaise: Int64;
  heldPaise: Int64;
  creditLimitPaise: Int64;
  /** Seq of the agent's latest transaction; every money-moving update is conditional on it. */
  seq: Int64;
  lastAt: Date;
  openedAt: Date;
  openingCreditLimitPaise: Int64;
  /** 0: no low-balance alert. Absent on wallets opened before alerts existed. */
  lowBalanceThresholdPaise?: Int64;
  lowBalanceAlerted?: boolean;
}

/** `wallet_transactions`: the ledger, one document per transaction with its entries embedded. */
export interface TransactionDocument {
  _id: string;
  agentId: string;
  seq: Int64;
  at: Date;
  kind: TransactionKind;
  reference: string;
  amountPaise: Int64;
  holdId?: string;
  entries: { account: string; amountPaise: Int64 }[];
  lineAmountPaise: Int64;
  balanceAfterPaise: Int64;
  heldAfterPaise: Int64;
  creditLimitAfterPaise: Int64;
  description: string;
}

/** `wallet_holds`: `_id` = hold id. */
export interface HoldDocument {
  _id: string;
  agentId: string;
  reference: string;
  amountPaise: Int64;
  state: HoldState;
  description: string;
  createdAt: Date;
  expiresAt: Date;
  holdTransactionId: string;
  settledAt?: Date;
  settleTransactionId?: string;
  voidReason?: VoidReason;
}

export function toAccountDocument(account: WalletAccount): AccountDocument {
  return {
    _id: account.agentId,
    currency: account.currency,
    balancePaise: int64(account.balancePaise),
    heldPaise: int64(account.heldPaise),
    creditLimitPaise: int64(account.creditLimitPaise),
    seq: int64(account.seq),
    lastAt: account.lastAt,
    openedAt: account.openedAt,
    openingCreditLimitPaise: int64(account.openingCreditLimitPaise),
    // Always written (0 / false when unset): the update $sets every figure, and must clear these too.
    lowBalanceThresholdPaise: int64(account.lowBalanceThresholdPaise ?? 0),
    lowBalanceAlerted: account.lowBalanceAlerted ?? false,
  };
}

export function fromAccountDocument(doc: AccountDocument): WalletAccount {
  return {
    agentId: doc._id,
    currency: doc.currency,
    balancePaise: fromInt64(doc.balancePaise),
    heldPaise: fromInt64(doc.heldPaise),
    creditLimitPaise: fromInt64(doc.creditLimitPaise),
    seq: fromInt64(doc.seq),
    lastAt: doc.lastAt,
    openedAt: doc.openedAt,
    openingCreditLimitPaise: fromInt64(doc.openingCreditLimitPaise),
    // As the domain keeps them: present only while a threshold is set.
    ...(doc.lowBalanceThresholdPaise !== undefined &&
      fromInt64(doc.lowBalanceThresholdPaise) > 0 && {
        lowBalanceThresholdPaise: fromInt64(doc.lowBalanceThresholdPaise),
        lowBalanceAlerted: doc.lowBalanceAlerted ?? false,
      }),
  };
}

export function toTransactionDocument(transaction: LedgerTransaction): TransactionDocument {
  return {
    _id: transaction.transactionId,
    agentId: transaction.agentId,
    seq: int64(transaction.seq),
    at: transaction.at,
    kind: transaction.kind,
    reference: transaction.reference,
    amountPaise: int64(transaction.amountPaise),
    ...(transaction.holdId !== undefined && { holdId: transaction.holdId }),
    entries: transaction.entries.map((entry) => ({ account: entry.account, amountPaise: int64(entry.amountPaise) })),
    lineAmountPaise: int64(transaction.lineAmountPaise),
    balanceAfterPaise: int64(transaction.balanceAfterPaise),
    heldAfterPaise: int64(transaction.heldAfterPaise),
    creditLimitAfterPaise: int64(transaction.creditLimitAfterPaise),
    description: transaction.description,
  };
}

export function fromTransactionDocument(doc: TransactionDocument): LedgerTransaction {
  return {
    transactionId: doc._id,
    agentId: doc.agentId,
    seq: fromInt64(doc.seq),
    at: doc.at,
    kind: doc.kind,
    reference: doc.reference,
    amountPaise: fromInt64(doc.amountPaise),
    ...(doc.holdId !== undefined && { holdId: doc.holdId }),
    entries: doc.entries.map((entry) => ({ account: entry.account, amountPaise: fromInt64(entry.amountPaise) })),
    lineAmountPaise: fromInt64(doc.lineAmountPaise),
    balanceAfterPaise: fromInt64(doc.balanceAfterPaise),
    heldAfterPaise: fromInt64(doc.heldAfterPaise),
    creditLimitAfterPaise: fromInt64(doc.creditLimitAfterPaise),
    description: doc.description,
  };
}

export function toHoldDocument(hold: Hold): HoldDocument {
  return {
    _id: hold.holdId,
    agentId: hold.agentId,
    reference: hold.reference,
    amountPaise: int64(hold.amountPaise),
    state: hold.state,
    description: hold.description,
    createdAt: hold.createdAt,
    expiresAt: hold.expiresAt,
    holdTransactionId: hold.holdTransactionId,
    ...(hold.settledAt !== undefined && { settledAt: hold.settledAt }),
    ...(hold.settleTransactionId !== undefined && { settleTransactionId: hold.settleTransactionId }),
    ...(hold.voidReason !== undefined && { voidReason: hold.voidReason }),
  };
}

export function fromHoldDocument(doc: HoldDocument): Hold {
  return {
    holdId: doc._id,
    agentId: doc.agentId,
    reference: doc.reference,
    amountPaise: fromInt64(doc.amountPaise),
    state: doc.state,
    description: doc.description,
    createdAt: doc.createdAt,
    expiresAt: doc.expiresAt,
    holdTransactionId: doc.holdTransactionId,
    ...(doc.settledAt !== undefined && { settledAt: doc.settledAt }),
    ...(doc.settleTransactionId !== undefined && { settleTransactionId: doc.settleTransactionId }),
    ...(doc.voidReason !== undefined && { voidReason: doc.voidReason }),
  };
}

const long = { bsonType: "long" } as const;
const date = { bsonType: "date" } as const;
const text = { bsonType: "string" } as const;
const nonEmpty = { bsonType: "string", minLength: 1 } as const;

/**
 * Server-side validators: the database itself refuses a document that breaks the ledger's rules,
 * whatever code wrote it. The account rule available = balance + limit - held >= 0 is what keeps
 * a balance from ever going below -credit_limit; a transaction's entries must sum to zero.
 */
export const ACCOUNT_VALIDATOR = {
  $and: [
    {
      $jsonSchema: {
        bsonType: "object",
        required: [
          "_id",
          "currency",
          "balancePaise",
          "heldPaise",
          "creditLimitPaise",
          "seq",
          "lastAt",
          "openedAt",
          "openingCreditLimitPaise",
        ],
        properties: {
          _id: nonEmpty,
          currency: { bsonType: "string", pattern: "^[A-Z]{3}$" },
          balancePaise: long,
          heldPaise: { bsonType: "long", minimum: 0 },
          creditLimitPaise: { bsonType: "long", minimum: 0 },
          seq: { bsonType: "long", minimum: 0 },
          lastAt: date,
          openedAt: date,
          openingCreditLimitPaise: { bsonType: "long", minimum: 0 },
        },
      },
    },
    { $expr: { $gte: [{ $subtract: [{ $add: ["$balancePaise", "$creditLimitPaise"] }, "$heldPaise"] }, 0] } },
  ],
};

export const TRANSACTION_VALIDATOR = {
  $and: [
    {
      $jsonSchema: {
        bsonType: "object",
        required: [
          "_id",
          "agentId",
          "seq",
          "at",
          "kind",
          "reference",
          "amountPaise",
          "entries",
          "lineAmountPaise",
          "balanceAfterPaise",
          "heldAfterPaise",
          "creditLimitAfterPaise",
          "description",
        ],
        properties: {
          _id: nonEmpty,
          agentId: nonEmpty,
          seq: { bsonType: "long", minimum: 1 },
          at: date,
          kind: {
            enum: [
              "HOLD",
              "CAPTURE",
              "VOID",
              "REFUND",
              "TOP_UP",
              "ADJUSTMENT",
              "TRANSFER_OUT",
              "TRANSFER_IN",
              "CREDIT_LIMIT",
              "CREDIT_OUT",
              "CREDIT_IN",
            ],
          },
          reference: nonEmpty,
          amountPaise: { bsonType: "long", minimum: 0 },
          holdId: nonEmpty,
          entries: {
            bsonType: "array",
            items: {
              bsonType: "object",
              required: ["account", "amountPaise"],
              properties: { account: nonEmpty, amountPaise: long },
            },
          },
          lineAmountPaise: long,
          balanceAfterPaise: long,
          heldAfterPaise: { bsonType: "long", minimum: 0 },
          creditLimitAfterPaise: { bsonType: "long", minimum: 0 },
          description: text,
        },
      },
    },
    { $expr: { $eq: [{ $sum: "$entries.amountPaise" }, 0] } },
  ],
};

export const HOLD_VALIDATOR = {
  $jsonSchema: {
    bsonType: "object",
    required: ["_id", "agentId", "reference", "amountPaise", "state", "description", "createdAt", "expiresAt", "holdTransactionId"],
    properties: {
      _id: nonEmpty,
      agentId: nonEmpty,
      reference: nonEmpty,
      amountPaise: { bsonType: "long", minimum: 1 },
      state: { enum: ["HELD", "CAPTURED", "VOIDED"] },
      description: text,
      createdAt: date,
      expiresAt: date,
      holdTransactionId: nonEmpty,
      settledAt: date,
      settleTransactionId: nonEmpty,
      voidReason: { enum: ["REQUESTED", "EXPIRED"] },
    },
  },
};
