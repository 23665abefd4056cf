import type { Db } from "mongodb";
import { describe, expect, it } from "vitest";
import { runMigrationOnce } from "./mongo-migration.js";

describe("runMigrationOnce", () => {
  it("runs a migration at the first start and skips it at every later one", async () => {
    const markers = new Map<string, unknown>();
    const db = {
      collection: () => ({
        findOne: ({ _id }: { _id: string }) => Promise.resolve(markers.get(_id) ?? null),
        updateOne: ({ _id }: { _id: string }) => Promise.resolve(markers.set(_id, { _id })),
      }),
    } as unknown as Db;
    let scans = 0;
    const scan = () => Promise.resolve(scans++);
    expect(await runMigrationOnce(db, "bookings.dueAt", scan)).toBe(true);
    expect(await runMigrationOnce(db, "bookings.dueAt", scan)).toBe(false);
    expect(scans).toBe(1);
    // A failed migration is not recorded: the next start tries again.
    await expect(runMigrationOnce(db, "other", () => Promise.reject(new Error("primary stepped down")))).rejects.toThrow();
    expect(await runMigrationOnce(db, "other", scan)).toBe(true);
  });
});
