import type { Db } from "mongodb";
import { SCHEMA_VERSIONS_COLLECTION } from "./mongo-validated-collection.js";

/**
 * Runs an idempotent data migration unless it is recorded as done, then records it (in
 * `schema_versions`, as `migration:<id>`). A migration that scans a collection then runs once per
 * database, not at every pod start; replicas starting together may each run it, which its
 * idempotence makes harmless. True when it ran.
 */
export async function runMigrationOnce(db: Db, id: string, migrate: () => Promise<unknown>): Promise<boolean> {
  const markers = db.collection<{ _id: string; doneAt: Date }>(SCHEMA_VERSIONS_COLLECTION);
  const _id = `migration:${id}`;
  if (await markers.findOne({ _id })) return false;
  await migrate();
  await markers.updateOne({ _id }, { $setOnInsert: { doneAt: new Date() } }, { upsert: true });
  return true;
}
