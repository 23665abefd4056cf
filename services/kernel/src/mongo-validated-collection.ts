import type { Db, Document } from "mongodb";
import { isMongoServerError } from "./mongo-driver.js";

const NAMESPACE_EXISTS = 48;

/**
 * Creates a collection with a strict `$jsonSchema` validator, or brings an existing one's validator
 * up to `validator`. Safe from several replicas starting at once; `collMod` runs only when the
 * validator changed, since the service's user may lack that privilege in production.
 */
export async function ensureValidatedCollection(db: Db, name: string, validator: Document): Promise<void> {
  const wanted = { validator, validationLevel: "strict", validationAction: "error" } as const;
  const [existing] = await db.listCollections({ name }).toArray();
  if (!existing) {
    try {
      await db.createCollection(name, wanted);
      return;
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
  if (!same) await db.command({ collMod: name, ...wanted });
}
