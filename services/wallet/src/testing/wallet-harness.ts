import { create, type DescMessage, type MessageInitShape } from "@bufbuild/protobuf";
import { createHandlerContext, type HandlerContext } from "@connectrpc/connect";
import { createSigner, setAuthenticatedCaller } from "@tarmac/kernel";
import { ManualClock, silentLogger } from "@tarmac/kernel/testing";
import {
  CaptureRequestSchema,
  CreditRequestSchema,
  GetBalanceRequestSchema,
  HoldRequestSchema,
  ListStatementRequestSchema,
  OpenAccountRequestSchema,
  SetCreditLimitRequestSchema,
  TopUpRequestSchema,
  VoidRequestSchema,
  WalletService,
} from "@tarmac/proto/tarmac/wallet/v1/wallet_pb.js";
import { createStatementCursorCodec } from "../domain/statement.js";
import { MemoryWalletStore } from "../store/memory-wallet-store.js";
import type { WalletStore } from "../store/wallet-store.js";
import { WalletServiceImpl, type WalletServiceDeps } from "../wallet-service.js";

const TEST_SECRET = "test-secret-for-wallet-service-tests-0123456789";

export interface WalletHarness {
  readonly service: WalletServiceImpl;
  readonly store: WalletStore;
  readonly clock: ManualClock;
  readonly deps: WalletServiceDeps;
}

/** The wallet service over the in-memory store (or the given one) and a manual clock at real time. */
export function walletHarness(options: { store?: WalletStore; clock?: ManualClock; secret?: string } = {}): WalletHarness {
  const clock = options.clock ?? new ManualClock(new Date());
  const store = options.store ?? new MemoryWalletStore({ clock });
  const deps: WalletServiceDeps = {
    store,
    statementCursors: createStatementCursorCodec(createSigner(options.secret ?? TEST_SECRET, "wallet-statement")),
    clock,
    logger: silentLogger(),
  };
  return { service: new WalletServiceImpl(deps), store, clock, deps };
}

type Init<S extends DescMessage> = MessageInitShape<S>;

/** The context of a Credit served to `caller`, as callerAuthInterceptor leaves it; undefined: a caller nobody authenticated. */
function creditContext(caller: string | undefined): HandlerContext {
  const context = createHandlerContext({
    service: WalletService,
    method: WalletService.method.credit,
    protocolName: "test",
    requestMethod: "POST",
    url: "http://test/tarmac.wallet.v1.WalletService/Credit",
  });
  if (caller !== undefined) setAuthenticatedCaller(context.values, caller);
  return context;
}

/**
 * The service's methods taking plain request fields, each built into its message with `create`.
 * Credit is called as `options.caller` (default booking, whose credits must refund a booking).
 */
export function calls(service: WalletServiceImpl, options: { readonly caller?: string } = {}) {
  const caller = "caller" in options ? options.caller : "booking";
  return {
    openAccount: (init: Init<typeof OpenAccountRequestSchema>) => service.openAccount(create(OpenAccountRequestSchema, init)),
    hold: (init: Init<typeof HoldRequestSchema>) => service.hold(create(HoldRequestSchema, init)),
    capture: (init: Init<typeof CaptureRequestSchema>) => service.capture(create(CaptureRequestSchema, init)),
    void: (init: Init<typeof VoidRequestSchema>) => service.void(create(VoidRequestSchema, init)),
    credit: (init: Init<typeof CreditRequestSchema>) => service.credit(create(CreditRequestSchema, init), creditContext(caller)),
    topUp: (init: Init<typeof TopUpRequestSchema>) => service.topUp(create(TopUpRequestSchema, init)),
    setCreditLimit: (init: Init<typeof SetCreditLimitRequestSchema>) => service.setCreditLimit(create(SetCreditLimitRequestSchema, init)),
    getBalance: (init: Init<typeof GetBalanceRequestSchema>) => service.getBalance(create(GetBalanceRequestSchema, init)),
    listStatement: (init: Init<typeof ListStatementRequestSchema>) => service.listStatement(create(ListStatementRequestSchema, init)),
  };
}
