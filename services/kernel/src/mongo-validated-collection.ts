import type { Db, Document } from "mongodb";
import { isMongoServerError } from "./mongo-driver.js";

const NAMESPACE_EXISTS = 48;
const DUPLICATE_KEY = 11000;

/** Which version of each collection's validator is in place: `{ _id: collection, version }`. */
export const SCHEMA_VERSIONS_COLLECTION = "schema_versions";

interface SchemaVersionDocument {
  _id: string;
  version: number;
}

/** What ensureValidatedCollection did: a newer release's validator is left in place, never downgraded. */
export type ValidatorOutcome = "created" | "updated" | "unchanged" | "newer-in-place";

/**
 * Creates a collection with a strict `$jsonSchema` validator, or brings an existing one's validator
 * up to `validator`, whose `version` the store bumps whenever it changes the validator.
 *
 * During a rolling update old and new pods start side by side. Each records the version it
 * applied in `schema_versions`, and a pod whose version is older than the recorded one leaves the
 * validator alone: the validators only move forward, instead of old and new pods flipping them
 * back and forth and refusing each other's writes. Hence the rule for a store changing its
 * validator: version N+1 must accept what version N's code writes (new fields optional, no
 * narrowed types), since pods of N keep writing under it until the rollout ends.
 *
 * `collMod` runs only when the validator changed, since the service's user may lack that privilege
 * in production. Safe from several replicas starting at once.
 */
export async function ensureValidatedCollection(db: Db, name: string, validator: Document, version = 1): Promise<ValidatorOutcome> {
  const wanted = { validator, validationLevel: "strict", validationAction: "error" } as const;
  const versions = db.collection<SchemaVersionDocument>(SCHEMA_VERSIONS_COLLECTION);
  const recorded = await versions.findOne({ _id: name });
  if (recorded && recorded.version > version) return "newer-in-place";
  const [existing] = await db.listCollections({ name }).toArray();
  if (!existing) {
    try {
      await db.createCollection(name, wanted);
      await record();
      return "created";
    } catch (error) {
      // Another replica created it first: fall through and check its validator.
      if (!(isMongoServerError(error) && error.code === NAMESPACE_EXISTS)) throw error;
    }
  }
  const [current] = existing ? [existing] : await db.listCollections({ name }).toArray();
  const options = (current as { options?: Record<string, unknown> } | undefined)?.options ?? {};
  const same =
    JSON.stringify(options.validator) === JSON.stringify(validator) &&
    options.validationLevel === wanted.validationLevel &&
    options.validationAction === wanted.validationAction;
  if (same) {
    if (recorded?.version !== version) await record();
    return "unchanged";
  }
  // Claim the version first: a pod of a newer release that recorded its own meanwhile wins.
  if (!(await record())) return "newer-in-place";
  await db.command({ collMod: name, ...wanted });
  return "updated";

  /** Records `version` unless a newer one is; false when a newer one is. */
  async function record(): Promise<boolean> {
    try {
      await versions.updateOne({ _id: name, version: { $lte: version } }, { $set: { version } }, { upsert: true });
      return true;
    } catch (error) {
      // The upsert met the document with a newer version (its _id taken, the filter unmatched).
      if (isMongoServerError(error) && error.code === DUPLICATE_KEY) return false;
      throw error;
    }
  }
}
