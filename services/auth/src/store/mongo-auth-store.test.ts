import { describeOnMongo, findsDuring, planOf } from "@tarmac/kernel/testing";
import { newId } from "@tarmac/kernel";
import { beforeAll, expect, it } from "vitest";
import { describeAuthStoreContract } from "./auth-store.contract.js";
import { AUTH_COLLECTIONS, MongoAuthStore } from "./mongo-auth-store.js";

describeOnMongo("MongoAuthStore", (mongo) => {
  beforeAll(async () => {
    await MongoAuthStore.open(mongo.db);
  });
  // Every test uses ids of its own, so the store is shared, as a deployment's would be.
  describeAuthStoreContract("mongodb", async () => new MongoAuthStore(mongo.db));

  it("finds a user by e-mail or phone through its unique index (the unauthenticated OTP send scans nothing)", async () => {
    const store = new MongoAuthStore(mongo.db);
    await store.ensureIndexes();
    const email = await findsDuring(mongo.client, () => store.findUserByIdentifier({ channel: "EMAIL", value: "nobody@example.com" }));
    const phone = await findsDuring(mongo.client, () => store.findUserByIdentifier({ channel: "SMS", value: "+919800000000" }));
    expect((await planOf(mongo.db, email[0]!)).indexes).toEqual(["email_unique"]);
    expect((await planOf(mongo.db, phone[0]!)).indexes).toEqual(["phone_unique"]);
  });

  it("creates the unique and TTL indexes, idempotently and from several instances at once", async () => {
    await Promise.all([1, 2, 3].map(() => new MongoAuthStore(mongo.db).ensureIndexes()));
    const byName = async (collection: string) => new Map((await mongo.db.collection(collection).indexes()).map((i) => [i.name, i]));
    const users = await byName(AUTH_COLLECTIONS.users);
    expect(users.get("email_unique")).toMatchObject({
      key: { email: 1 },
      unique: true,
      partialFilterExpression: { email: { $type: "string" } },
    });
    expect(users.get("phone_unique")).toMatchObject({
      key: { phone: 1 },
      unique: true,
      partialFilterExpression: { phone: { $type: "string" } },
    });
    const keys = await byName(AUTH_COLLECTIONS.apiKeys);
    expect(keys.get("hash_unique")).toMatchObject({ key: { hash: 1 }, unique: true });
    expect((await byName(AUTH_COLLECTIONS.otpSendWindows)).get("expiresAt_ttl")).toMatchObject({
      key: { expiresAt: 1 },
      expireAfterSeconds: 0,
    });
    expect((await byName(AUTH_COLLECTIONS.otpChallenges)).get("expiresAt_ttl")).toMatchObject({
      key: { expiresAt: 1 },
      expireAfterSeconds: 3600,
    });
    const sessions = await byName(AUTH_COLLECTIONS.sessions);
    expect(sessions.get("tokenHash_unique")).toMatchObject({ key: { tokenHash: 1 }, unique: true });
    expect(sessions.get("expiresAt_ttl")).toMatchObject({ key: { expiresAt: 1 }, expireAfterSeconds: 86400 });
  });

  it("stores dates as BSON dates, so the TTL monitor sees them", async () => {
    const store = new MongoAuthStore(mongo.db);
    const identifier = `${newId("u").toLowerCase()}@ttl.test`;
    await store.recordOtpSend(identifier, new Date());
    const count = await mongo.db.collection(AUTH_COLLECTIONS.otpSendWindows).countDocuments({
      _id: identifier as never,
      expiresAt: { $type: "date" },
      "sends.0": { $type: "date" },
    });
    expect(count).toBe(1);
  });

  it("lists an agent's keys from its index, without an in-memory sort", async () => {
    const plan = JSON.stringify(
      await mongo.db
        .collection(AUTH_COLLECTIONS.apiKeys)
        .find({ agentId: "agt_x" })
        .sort({ agentId: 1, createdAt: -1 })
        .hint("agent_keys")
        .explain("queryPlanner"),
    );
    expect(plan).toContain("agent_keys");
    expect(plan).not.toContain('"stage":"SORT"');
  });
});
