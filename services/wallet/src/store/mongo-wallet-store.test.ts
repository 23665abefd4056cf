import { newId } from "@tarmac/kernel";
import { describeOnMongo, findsDuring, ManualClock, planOf, writeConflictsDuring } from "@tarmac/kernel/testing";
import { Long, MongoServerError, type Document } from "mongodb";
import { beforeAll, expect, it } from "vitest";
import { MongoWalletStore, WALLET_COLLECTIONS } from "./mongo-wallet-store.js";
import { walletStoreContract } from "./wallet-store.contract.js";

describeOnMongo("MongoWalletStore", (mongo) => {
  beforeAll(async () => {
    await new MongoWalletStore(mongo.db, { clock: new ManualClock(new Date()) }).ensureIndexes();
  });

  // Real time: the outbox's TTL monitor runs on the server's clock.
  const realNowClock = () => new ManualClock(new Date());

  walletStoreContract(async () => {
    const clock = realNowClock();
    return { store: new MongoWalletStore(mongo.db, { clock }), clock };
  });

  const opened = async () => {
    const clock = realNowClock();
    const store = new MongoWalletStore(mongo.db, { clock });
    const agentId = newId("agt");
    await store.execute({ type: "openAccount", agentId, currency: "INR", creditLimitPaise: 5_000 });
    return { store, clock, agentId };
  };

  it("starts a second time without collMod (a readWrite user lacks it) and sweeps expired holds through an index, sorted by it", async () => {
    const db = mongo.fresh();
    await MongoWalletStore.open(db, { clock: realNowClock() });
    const commands: string[] = [];
    const listener = (event: { commandName: string }) => commands.push(event.commandName);
    mongo.client.on("commandStarted", listener);
    try {
      const again = await MongoWalletStore.open(db, { clock: realNowClock() });
      expect(commands).not.toContain("collMod");
      const finds = await findsDuring(mongo.client, () => again.expiredHoldIds(new Date(), 50));
      const plan = await planOf(db, finds[0]!);
      expect(plan.indexes).toEqual(["expiresAt_held"]);
      expect(plan.stages).not.toContain("SORT");
    } finally {
      mongo.client.off("commandStarted", listener);
    }
  });

  it("queues one pod's commands for an agent (no write conflicts), and two pods' conflicts stay few and lose nothing", async () => {
    const { store, agentId } = await opened();
    const topUps = (on: MongoWalletStore[], tag: string) =>
      Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          on[i % on.length]!.execute({ type: "topUp", agentId, amountPaise: 100, reference: `${tag}-${i}`, description: "t" }),
        ),
      );
    expect(await writeConflictsDuring(mongo.client, () => topUps([store], "one-pod"))).toBe(0);
    const otherPod = new MongoWalletStore(mongo.db, { clock: realNowClock() });
    const conflicts = await writeConflictsDuring(mongo.client, () => topUps([store, otherPod], "two-pods"));
    console.info(`two pods, 40 concurrent top-ups of one agent: ${conflicts} write conflicts`);
    expect(conflicts).toBeLessThan(200);
    expect((await store.findAccount(agentId))?.balancePaise).toBe(8_000);
  });

  it("creates the indexes idempotently", async () => {
    await new MongoWalletStore(mongo.db, { clock: realNowClock() }).ensureIndexes();
    await Promise.all([1, 2].map(() => new MongoWalletStore(mongo.db, { clock: realNowClock() }).ensureIndexes()));
    const byName = async (collection: string) => new Map((await mongo.db.collection(collection).indexes()).map((i) => [i.name, i]));
    const transactions = await byName(WALLET_COLLECTIONS.transactions);
    expect(transactions.get("kind_reference_unique")).toMatchObject({ key: { kind: 1, reference: 1 }, unique: true });
    expect(transactions.get("agentId_seq_unique")).toMatchObject({ key: { agentId: 1, seq: 1 }, unique: true });
    expect(transactions.get("agentId_at_seq")).toMatchObject({ key: { agentId: 1, at: -1, seq: -1 } });
    const holds = await byName(WALLET_COLLECTIONS.holds);
    expect(holds.get("reference_unique")).toMatchObject({ key: { reference: 1 }, unique: true });
    expect(holds.get("expiresAt_held")).toMatchObject({ key: { expiresAt: 1 }, partialFilterExpression: { state: "HELD" } });
    expect(holds.get("agentId_createdAt")).toMatchObject({ key: { agentId: 1, createdAt: 1, _id: 1 } });
    const outbox = await byName(WALLET_COLLECTIONS.outbox);
    expect(outbox.size).toBeGreaterThan(1);
    for (const name of [WALLET_COLLECTIONS.accounts, WALLET_COLLECTIONS.transactions, WALLET_COLLECTIONS.holds]) {
      const [info] = await mongo.db.listCollections({ name }).toArray();
      expect((info as { options?: Document } | undefined)?.options, name).toMatchObject({
        validationLevel: "strict",
        validationAction: "error",
      });
    }
  });

  it("stores money as int64 and dates as BSON dates", async () => {
    const { store, agentId } = await opened();
    const h = await store.execute({
      type: "hold",
      agentId,
      amountPaise: 1_234,
      reference: newId("bkg"),
      expiresAt: new Date(Date.now() + 60_000),
      description: "",
    });
    const accounts = await mongo.db.collection(WALLET_COLLECTIONS.accounts).countDocuments({
      _id: agentId as never,
      balancePaise: { $type: "long" },
      heldPaise: { $type: "long" },
      creditLimitPaise: { $type: "long" },
      seq: { $type: "long" },
      lastAt: { $type: "date" },
    });
    expect(accounts).toBe(1);
    const transactions = await mongo.db.collection(WALLET_COLLECTIONS.transactions).countDocuments({
      _id: h.transaction!.transactionId as never,
      amountPaise: { $type: "long" },
      "entries.amountPaise": { $type: "long" },
      at: { $type: "date" },
    });
    expect(transactions).toBe(1);
    expect(
      await mongo.db
        .collection(WALLET_COLLECTIONS.holds)
        .countDocuments({ _id: h.hold!.holdId as never, amountPaise: { $type: "long" }, expiresAt: { $type: "date" } }),
    ).toBe(1);
  });

  it("writes the outbox event in the same transaction as the movement", async () => {
    const { store, agentId } = await opened();
    const reference = newId("neft");
    const result = await store.execute({ type: "topUp", agentId, amountPaise: 9_999, reference, description: "" });
    const events = await mongo.db.collection(WALLET_COLLECTIONS.outbox).find({ agentId }).toArray();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: "wallet.credited",
      data: { entry_id: result.transaction!.transactionId, amount_paise: 9_999, reference },
    });
  });

  it("sums an agent's ledger on the server to its cached figures", async () => {
    const { store, agentId } = await opened();
    await store.execute({ type: "topUp", agentId, amountPaise: 10_000, reference: newId("t"), description: "" });
    const h = await store.execute({
      type: "hold",
      agentId,
      amountPaise: 4_000,
      reference: newId("b"),
      expiresAt: new Date(Date.now() + 60_000),
      description: "",
    });
    await store.execute({ type: "capture", holdId: h.hold!.holdId });
    await store.execute({
      type: "hold",
      agentId,
      amountPaise: 1_000,
      reference: newId("b"),
      expiresAt: new Date(Date.now() + 60_000),
      description: "",
    });
    const totals = await mongo.db
      .collection(WALLET_COLLECTIONS.transactions)
      .aggregate<{ _id: string; total: number | Long }>([
        { $match: { agentId } },
        { $unwind: "$entries" },
        { $group: { _id: "$entries.account", total: { $sum: "$entries.amountPaise" } } },
      ])
      .toArray();
    const byAccount = Object.fromEntries(totals.map((t) => [t._id, Number(t.total)]));
    expect(byAccount).toMatchObject({ [`agent:${agentId}:cash`]: 6_000, [`agent:${agentId}:held`]: 1_000 });
    expect(Object.values(byAccount).reduce((a, b) => a + b, 0)).toBe(0);
    expect(await store.findAccount(agentId)).toMatchObject({ balancePaise: 6_000, heldPaise: 1_000 });
  });

  it("has the server refuse an account that would break available >= 0", async () => {
    const { agentId } = await opened();
    const error = await mongo.db
      .collection(WALLET_COLLECTIONS.accounts)
      .updateOne({ _id: agentId as never }, { $set: { balancePaise: Long.fromNumber(-5_001) } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MongoServerError);
    expect((error as MongoServerError).code).toBe(121); // DocumentValidationFailure
    const wrongType = await mongo.db
      .collection(WALLET_COLLECTIONS.accounts)
      .updateOne({ _id: agentId as never }, { $set: { balancePaise: 1.5 } })
      .catch((e: unknown) => e);
    expect((wrongType as MongoServerError).code).toBe(121);
  });

  it("has the server refuse an unbalanced transaction", async () => {
    const doc: Document = {
      _id: newId("wtx"),
      agentId: newId("agt"),
      seq: Long.fromNumber(1),
      at: new Date(),
      kind: "TOP_UP",
      reference: newId("r"),
      amountPaise: Long.fromNumber(100),
      entries: [
        { account: "agent:x:cash", amountPaise: Long.fromNumber(100) },
        { account: "platform:funding", amountPaise: Long.fromNumber(-99) },
      ],
      lineAmountPaise: Long.fromNumber(100),
      balanceAfterPaise: Long.fromNumber(100),
      heldAfterPaise: Long.fromNumber(0),
      creditLimitAfterPaise: Long.fromNumber(0),
      description: "",
    };
    const error = await mongo.db
      .collection(WALLET_COLLECTIONS.transactions)
      .insertOne(doc)
      .catch((e: unknown) => e);
    expect((error as MongoServerError).code).toBe(121);
  });

  it("answers the statement and the sweep from their indexes, without an in-memory sort", async () => {
    const { agentId } = await opened();
    const statement = await mongo.db
      .collection(WALLET_COLLECTIONS.transactions)
      .find({ agentId, kind: { $in: ["HOLD", "TOP_UP"] }, at: { $gte: new Date(0) } })
      .sort({ at: -1, seq: -1 })
      .hint("agentId_at_seq") // as listStatement asks: kind_reference_unique could otherwise tempt the planner
      .limit(10)
      .explain("queryPlanner");
    const statementPlan = JSON.stringify(statement);
    expect(statementPlan).toContain("agentId_at_seq");
    expect(statementPlan).not.toContain('"stage":"SORT"');
    const sweep = await mongo.db
      .collection(WALLET_COLLECTIONS.holds)
      .find({ state: "HELD", expiresAt: { $lte: new Date() } })
      .sort({ expiresAt: 1 })
      .limit(10)
      .explain("queryPlanner");
    const sweepPlan = JSON.stringify(sweep);
    expect(sweepPlan).toContain("expiresAt_held");
    expect(sweepPlan).not.toContain('"stage":"SORT"');
  });
});
