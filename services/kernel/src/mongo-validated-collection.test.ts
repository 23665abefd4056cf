import type { Db, Document } from "mongodb";
import { describe, expect, it } from "vitest";
import { loadMongoDriver } from "./mongo-driver.js";
import { ensureValidatedCollection } from "./mongo-validated-collection.js";

/** Just what ensureValidatedCollection uses of a database: collections' options, collMod, and one plain collection. */
async function fakeDb() {
  const { MongoServerError } = await loadMongoDriver();
  const collections = new Map<string, Document>();
  const versions = new Map<string, number>();
  let collMods = 0;
  const db = {
    listCollections: (filter: { name: string }) => ({
      toArray: () => Promise.resolve(collections.has(filter.name) ? [{ name: filter.name, options: collections.get(filter.name) }] : []),
    }),
    createCollection: (name: string, options: Document) => {
      if (collections.has(name)) return Promise.reject(new MongoServerError({ message: "exists", code: 48 }));
      collections.set(name, options);
      return Promise.resolve();
    },
    command: (command: { collMod: string } & Document) => {
      const { collMod, ...options } = command;
      collections.set(collMod, options);
      collMods++;
      return Promise.resolve({ ok: 1 });
    },
    collection: () => ({
      findOne: ({ _id }: { _id: string }) => Promise.resolve(versions.has(_id) ? { _id, version: versions.get(_id) } : null),
      updateOne: (filter: { _id: string; version: { $lte: number } }, update: { $set: { version: number } }) => {
        const at = versions.get(filter._id);
        if (at !== undefined && at > filter.version.$lte) {
          return Promise.reject(new MongoServerError({ message: "E11000 duplicate key", code: 11000 }));
        }
        versions.set(filter._id, update.$set.version);
        return Promise.resolve({ acknowledged: true });
      },
    }),
  };
  return { db: db as unknown as Db, validatorOf: (name: string) => collections.get(name)?.validator as unknown, collMods: () => collMods };
}

const v1 = { $jsonSchema: { bsonType: "object", required: ["_id", "amount"] } };
const v2 = { $jsonSchema: { bsonType: "object", required: ["_id", "amount"], properties: { note: { bsonType: "string" } } } };

describe("ensureValidatedCollection", () => {
  it("creates the collection with its validator, and leaves a current one alone", async () => {
    const { db, validatorOf, collMods } = await fakeDb();
    expect(await ensureValidatedCollection(db, "wallet_holds", v1, 1)).toBe("created");
    expect(await ensureValidatedCollection(db, "wallet_holds", v1, 1)).toBe("unchanged");
    expect(validatorOf("wallet_holds")).toEqual(v1);
    expect(collMods()).toBe(0);
  });

  it("during a rolling update, an old pod starting after a new one leaves the newer validator in place", async () => {
    const { db, validatorOf } = await fakeDb();
    await ensureValidatedCollection(db, "wallet_holds", v1, 1);
    // A pod of the new release starts: the validator moves forward.
    expect(await ensureValidatedCollection(db, "wallet_holds", v2, 2)).toBe("updated");
    // A pod of the old release restarts mid-rollout: it must not put version 1 back.
    expect(await ensureValidatedCollection(db, "wallet_holds", v1, 1)).toBe("newer-in-place");
    expect(validatorOf("wallet_holds")).toEqual(v2);
    expect(await ensureValidatedCollection(db, "wallet_holds", v2, 2)).toBe("unchanged");
  });
});
