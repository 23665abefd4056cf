import { randomUUID } from "node:crypto";
import { MongoClient } from "mongodb";
import { afterAll, beforeAll, describe } from "vitest";
import { describeAuthStoreContract } from "./auth-store.contract.js";
import { MemoryAuthStore } from "./memory-auth-store.js";
import { MongoAuthStore } from "./mongo-auth-store.js";

const mongoUri = process.env.MONGODB_URI;

describeAuthStoreContract("memory", async () => new MemoryAuthStore());

if (!mongoUri) console.info("AuthStore contract: MongoDB leg skipped (MONGODB_URI is not set)");

describe.skipIf(!mongoUri)("MongoDB", () => {
  let client: MongoClient;
  // One database per run, so parallel runs and reruns never see each other's documents.
  const dbName = `tarmac_auth_test_${randomUUID().replaceAll("-", "")}`;

  beforeAll(async () => {
    client = await new MongoClient(mongoUri!).connect();
  });
  afterAll(async () => {
    await client?.db(dbName).dropDatabase();
    await client?.close();
  });

  describeAuthStoreContract("mongodb", async () => {
    // Emptied before each test so the tests stay independent inside the run's database.
    const db = client.db(dbName);
    await db.collection("agents").deleteMany({});
    await db.collection("api_keys").deleteMany({});
    return MongoAuthStore.open(db);
  });
});
