import type { Collection, Db, Filter, WriteError } from "mongodb";
import { ensureValidatedCollection, isMongoServerError, mongoDriver } from "@tarmac/kernel";
import type { Attempt, Delivery, DeliveryStatus, WebhookEvent } from "../domain/delivery.js";
import type { Endpoint } from "../domain/endpoint.js";
import type { AttemptOutcome, DeliveryPosition, WebhookStore } from "./webhook-store.js";

export const WEBHOOK_COLLECTIONS = {
  endpoints: "webhook_endpoints",
  events: "webhook_events",
  deliveries: "webhook_deliveries",
} as const;

/**
 * How long an event's body is kept after the event happened (the TTL on `webhook_events.createdAt`).
 * A delivery is retried for a day (DEFAULT_RETRY_SCHEDULE); RedeliverEvent may send an event again
 * for about a month, and 35 days leave a margin over that. After it the event is gone: findEvent
 * answers undefined (the deliveries stay, so hadDelivery may still be true) and a redelivery is
 * refused. Changing it on a running database is a `collMod` (createIndexes refuses an index of the
 * same name with another expireAfterSeconds, on purpose).
 */
export const EVENT_RETENTION_SECONDS = 35 * 24 * 60 * 60;

/**
 * Server-side limit of every operation on the request and dispatch paths: one that takes longer
 * fails (and the caller answers UNAVAILABLE or the dispatcher tries again next tick) rather than
 * holding a request past its deadline.
 */
const OPERATION_TIMEOUT_MS = 5_000;

const DUPLICATE_KEY = 11000;

/** The index that makes one delivery per event and endpoint (a redelivery has a key of its own). */
const DEDUPE_INDEX = "dedupeKey_unique";
/** The listing index, hinted: endpointId_eventId also matches the filter's equalities but not the sort. */
const LISTING_INDEX = "agentId_endpointId_createdAt_id";
/** claimDue's index, hinted (by key: findAndModify's hint is a key pattern): `endpointId: {$nin}` makes endpointId_eventId a candidate. */
const CLAIM_INDEX_KEY = { status: 1, nextAttemptAt: 1, _id: 1 } as const;
/** backlog's oldest PENDING delivery, hinted: status_nextAttemptAt_id_pending also matches `status` but not the sort. */
const BACKLOG_INDEX = "status_createdAt_pending";
const HAD_DELIVERY_INDEX = "endpointId_eventId";

interface EndpointDocument {
  _id: string;
  agentId: string;
  url: string;
  eventTypes: string[];
  description: string;
  enabled: boolean;
  disabledReason?: string;
  sealedSecret: string;
  sealedPreviousSecret?: string;
  previousSecretExpiresAt?: Date;
  failingSince?: Date;
  createdAt: Date;
  updatedAt: Date;
}

interface EventDocument {
  _id: string;
  type: string;
  agentId: string;
  createdAt: Date;
  body: string;
}

interface AttemptDocument {
  at: Date;
  statusCode: number;
  error: string;
  responseBody: string;
  durationMs: number;
}

interface DeliveryDocument {
  _id: string;
  agentId: string;
  endpointId: string;
  eventId: string;
  eventType: string;
  status: DeliveryStatus;
  attempts: AttemptDocument[];
  nextAttemptAt: Date;
  createdAt: Date;
  dedupeKey: string;
  claimedBy?: string;
  claimedUntil?: Date;
}

const date = { bsonType: "date" } as const;
const text = { bsonType: "string" } as const;
const nonEmpty = { bsonType: "string", minLength: 1 } as const;
const count = { bsonType: "number", minimum: 0 } as const;

/** The server refuses a document of another shape, whatever wrote it (strict, error). */
const ENDPOINT_VALIDATOR = {
  $jsonSchema: {
    bsonType: "object",
    required: ["_id", "agentId", "url", "eventTypes", "description", "enabled", "sealedSecret", "createdAt", "updatedAt"],
    properties: {
      _id: nonEmpty,
      agentId: nonEmpty,
      url: nonEmpty,
      eventTypes: { bsonType: "array", items: nonEmpty },
      description: text,
      enabled: { bsonType: "bool" },
      disabledReason: text,
      sealedSecret: nonEmpty,
      sealedPreviousSecret: nonEmpty,
      previousSecretExpiresAt: date,
      failingSince: date,
      createdAt: date,
      updatedAt: date,
    },
  },
};

const EVENT_VALIDATOR = {
  $jsonSchema: {
    bsonType: "object",
    required: ["_id", "type", "agentId", "createdAt", "body"],
    properties: { _id: nonEmpty, type: nonEmpty, agentId: nonEmpty, createdAt: date, body: text },
  },
};

const DELIVERY_VALIDATOR = {
  $jsonSchema: {
    bsonType: "object",
    required: ["_id", "agentId", "endpointId", "eventId", "eventType", "status", "attempts", "nextAttemptAt", "createdAt", "dedupeKey"],
    properties: {
      _id: nonEmpty,
      agentId: nonEmpty,
      endpointId: nonEmpty,
      eventId: nonEmpty,
      eventType: nonEmpty,
      status: { enum: ["PENDING", "SUCCEEDED", "FAILED"] },
      attempts: {
        bsonType: "array",
        items: {
          bsonType: "object",
          required: ["at", "statusCode", "error", "responseBody", "durationMs"],
          properties: { at: date, statusCode: count, error: text, responseBody: text, durationMs: count },
        },
      },
      nextAttemptAt: date,
      createdAt: date,
      dedupeKey: nonEmpty,
      claimedBy: nonEmpty,
      claimedUntil: date,
    },
    // A claim is an owner and a lease: both or neither.
    dependencies: { claimedBy: ["claimedUntil"], claimedUntil: ["claimedBy"] },
  },
};

/**
 * Webhooks in MongoDB (a replica set: majority reads and writes).
 *
 * | collection | `_id` | indexes |
 * |---|---|---|
 * | `webhook_endpoints` | endpoint id | `agentId_createdAt_id` (listEndpoints, oldest first, no in-memory sort), `agentId_enabled_eventTypes` (subscribedEndpoints; multikey on eventTypes) |
 * | `webhook_events` | event id | `createdAt_ttl` (EVENT_RETENTION_SECONDS after the event) |
 * | `webhook_deliveries` | delivery id | `dedupeKey_unique` (one delivery per event and endpoint), `agentId_endpointId_createdAt_id` (listDeliveries, newest first, keyset pages), `status_nextAttemptAt_id_pending` (claimDue, partial on PENDING), `status_createdAt_pending` (backlog's oldest, partial on PENDING), `endpointId_eventId` (hadDelivery) |
 *
 * The partial indexes hold only PENDING deliveries, so they stay as small as the backlog however
 * long the delivery history grows; their queries name `status: "PENDING"`, which the planner needs
 * to see the query is within the index's filter.
 *
 * Every collection is pinned to majority writes and majority reads on the primary: a read after an
 * acknowledged write sees it, and nothing is read (or claimed on the strength of) what a failover
 * may roll back. Dates are BSON dates; an absent optional field is absent in the document, never
 * null (`claimedUntil: {$exists: false}` depends on it).
 *
 * Claims (claimDue) are exclusive between replicas: each is one findOneAndUpdate whose filter
 * requires the delivery unclaimed or its lease lapsed, so of two dispatchers racing for a delivery
 * the server lets one update it and the other's filter no longer matches. Leases are compared with
 * the caller's `now`: a pod whose clock runs ahead takes a lapsing claim over early, which at worst
 * sends a delivery twice (deliveries are at least once, never exactly once).
 *
 * Deliveries are never deleted here: their history grows with the traffic (how long ListDeliveries
 * should show it is not decided yet; a TTL on `createdAt` would be the way).
 */
export class MongoWebhookStore implements WebhookStore {
  private readonly endpoints: Collection<EndpointDocument>;
  private readonly events: Collection<EventDocument>;
  private readonly deliveries: Collection<DeliveryDocument>;

  constructor(private readonly db: Db) {
    const concerns = {
      readConcern: { level: "majority" as const },
      writeConcern: { w: "majority" as const },
      readPreference: "primary" as const,
    };
    this.endpoints = db.collection<EndpointDocument>(WEBHOOK_COLLECTIONS.endpoints, concerns);
    this.events = db.collection<EventDocument>(WEBHOOK_COLLECTIONS.events, concerns);
    this.deliveries = db.collection<DeliveryDocument>(WEBHOOK_COLLECTIONS.deliveries, concerns);
  }

  /** Opens the store on `db`, creating its collections, validators and indexes first. */
  static async open(db: Db): Promise<MongoWebhookStore> {
    const store = new MongoWebhookStore(db);
    await store.ensureIndexes();
    return store;
  }

  /**
   * Creates the collections with their validators and the indexes. Idempotent and safe from several
   * replicas at once; a second start sends no `collMod` (the service's readWrite user may lack it)
   * unless a validator changed.
   */
  async ensureIndexes(): Promise<void> {
    await ensureValidatedCollection(this.db, WEBHOOK_COLLECTIONS.endpoints, ENDPOINT_VALIDATOR);
    await ensureValidatedCollection(this.db, WEBHOOK_COLLECTIONS.events, EVENT_VALIDATOR);
    await ensureValidatedCollection(this.db, WEBHOOK_COLLECTIONS.deliveries, DELIVERY_VALIDATOR);
    await this.endpoints.createIndexes([
      // An agency's endpoints, oldest first; _id breaks ties, so the index gives the whole order.
      { key: { agentId: 1, createdAt: 1, _id: 1 }, name: "agentId_createdAt_id" },
      // Fan-out of each event: the agency's enabled endpoints listing its type (multikey).
      { key: { agentId: 1, enabled: 1, eventTypes: 1 }, name: "agentId_enabled_eventTypes" },
    ]);
    await this.events.createIndexes([{ key: { createdAt: 1 }, name: "createdAt_ttl", expireAfterSeconds: EVENT_RETENTION_SECONDS }]);
    await this.deliveries.createIndexes([
      { key: { dedupeKey: 1 }, name: DEDUPE_INDEX, unique: true },
      // ListDeliveries: an endpoint's, newest first, keyset pages on (createdAt, _id).
      { key: { agentId: 1, endpointId: 1, createdAt: -1, _id: -1 }, name: LISTING_INDEX },
      // claimDue: due PENDING deliveries in (nextAttemptAt, _id) order, the sort claimDue asks for.
      {
        key: CLAIM_INDEX_KEY,
        name: "status_nextAttemptAt_id_pending",
        partialFilterExpression: { status: "PENDING" },
      },
      // backlog: the oldest PENDING delivery's creation, covered by the index.
      { key: { status: 1, createdAt: 1 }, name: BACKLOG_INDEX, partialFilterExpression: { status: "PENDING" } },
      // hadDelivery (RedeliverEvent's check): endpoint ids are unique, so the agency is a filter on top.
      { key: { endpointId: 1, eventId: 1 }, name: HAD_DELIVERY_INDEX },
    ]);
  }

  async createEndpoint(endpoint: Endpoint): Promise<void> {
    await this.endpoints.insertOne(toEndpointDocument(endpoint), { maxTimeMS: OPERATION_TIMEOUT_MS });
  }

  async findEndpoint(agentId: string, endpointId: string): Promise<Endpoint | undefined> {
    const doc = await this.endpoints.findOne({ _id: endpointId, agentId }, { maxTimeMS: OPERATION_TIMEOUT_MS });
    return doc ? fromEndpointDocument(doc) : undefined;
  }

  async listEndpoints(agentId: string): Promise<Endpoint[]> {
    const docs = await this.endpoints.find({ agentId }, { maxTimeMS: OPERATION_TIMEOUT_MS }).sort({ createdAt: 1, _id: 1 }).toArray();
    return docs.map(fromEndpointDocument);
  }

  async replaceEndpoint(endpoint: Endpoint, expectedUpdatedAt: Date): Promise<boolean> {
    // The agency and the version read are in the filter: another agency's id, or an endpoint changed
    // since it was read, matches nothing (no lost update).
    const { _id, ...replacement } = toEndpointDocument(endpoint);
    const result = await this.endpoints.replaceOne({ _id, agentId: endpoint.agentId, updatedAt: expectedUpdatedAt }, replacement, {
      maxTimeMS: OPERATION_TIMEOUT_MS,
    });
    return result.matchedCount === 1;
  }

  async deleteEndpoint(agentId: string, endpointId: string): Promise<boolean> {
    const result = await this.endpoints.deleteOne({ _id: endpointId, agentId }, { maxTimeMS: OPERATION_TIMEOUT_MS });
    return result.deletedCount === 1;
  }

  async subscribedEndpoints(agentId: string, eventType: string): Promise<Endpoint[]> {
    const docs = await this.endpoints
      .find({ agentId, enabled: true, eventTypes: eventType }, { maxTimeMS: OPERATION_TIMEOUT_MS })
      .toArray();
    return docs.map(fromEndpointDocument);
  }

  /**
   * The event by its id (an upsert that only inserts, so a replay changes nothing), then the
   * deliveries unordered: each one already recorded fails alone with a duplicate key on its
   * dedupeKey (a redelivered NATS message, new delivery ids) or on its _id (the same call replayed,
   * the same ids), and the others are inserted. Any other failure is thrown.
   */
  async recordEvent(event: WebhookEvent, deliveries: readonly Delivery[]): Promise<void> {
    const { _id, ...fields } = toEventDocument(event);
    try {
      await this.events.updateOne({ _id }, { $setOnInsert: fields }, { upsert: true, maxTimeMS: OPERATION_TIMEOUT_MS });
    } catch (error) {
      // Two upserts of one new id may race to insert; the server retries the loser (MongoDB 4.2+), and
      // should one still fail with a duplicate key, the event is there: what this call wanted.
      if (!(isMongoServerError(error) && error.code === DUPLICATE_KEY)) throw error;
    }
    if (deliveries.length === 0) return;
    try {
      await this.deliveries.insertMany(deliveries.map(toDeliveryDocument), { ordered: false, maxTimeMS: OPERATION_TIMEOUT_MS });
    } catch (error) {
      if (!onlyAlreadyRecorded(error)) throw error;
    }
  }

  async findEvent(eventId: string): Promise<WebhookEvent | undefined> {
    const doc = await this.events.findOne({ _id: eventId }, { maxTimeMS: OPERATION_TIMEOUT_MS });
    return doc ? fromEventDocument(doc) : undefined;
  }

  /**
   * One findOneAndUpdate per claimed delivery, up to `limit`: each atomically picks the oldest due,
   * unclaimed (or lapsed) delivery of an endpoint not busy and stamps this owner's lease on it, and
   * returns it. Not one updateMany: it has no sort or limit, and cannot return which documents it
   * claimed (reading them back by owner afterwards would also return this owner's earlier claims
   * and whatever another tick of the same pod claimed meanwhile). Serial, not parallel: parallel
   * claims of one pod would all race for the same first delivery. Should one fail midway (a
   * failover, maxTimeMS), the error is thrown and those claimed before it stay held until their
   * lease lapses, then are due again: delayed, never lost.
   */
  async claimDue(now: Date, limit: number, owner: string, leaseMs: number, busyEndpoints: readonly string[]): Promise<Delivery[]> {
    const claimedUntil = new Date(now.getTime() + leaseMs);
    const filter: Filter<DeliveryDocument> = {
      status: "PENDING",
      nextAttemptAt: { $lte: now },
      ...(busyEndpoints.length > 0 && { endpointId: { $nin: [...busyEndpoints] } }),
      $or: [{ claimedUntil: { $exists: false } }, { claimedUntil: { $lte: now } }],
    };
    const claimed: Delivery[] = [];
    while (claimed.length < limit) {
      const doc = await this.deliveries.findOneAndUpdate(
        filter,
        { $set: { claimedBy: owner, claimedUntil } },
        { sort: { nextAttemptAt: 1, _id: 1 }, hint: CLAIM_INDEX_KEY, returnDocument: "after", maxTimeMS: OPERATION_TIMEOUT_MS },
      );
      if (!doc) break;
      claimed.push(fromDeliveryDocument(doc));
    }
    return claimed;
  }

  async releaseClaim(deliveryId: string, owner: string): Promise<void> {
    // Only this owner's claim: one that lapsed and was taken over is the new claimer's to keep.
    await this.deliveries.updateOne(
      { _id: deliveryId, claimedBy: owner },
      { $unset: { claimedBy: "", claimedUntil: "" } },
      { maxTimeMS: OPERATION_TIMEOUT_MS },
    );
  }

  async recordAttempt(deliveryId: string, owner: string, attempt: Attempt, outcome: AttemptOutcome): Promise<boolean> {
    // Only while this owner still holds the claim (a lapsed claim another pod took over is theirs).
    // A retryable write: a retry after a lost answer is not applied twice, so no attempt is pushed twice.
    const result = await this.deliveries.updateOne(
      { _id: deliveryId, status: "PENDING", claimedBy: owner },
      {
        $push: { attempts: toAttemptDocument(attempt) },
        $set: { status: outcome.status, ...(outcome.status === "PENDING" && { nextAttemptAt: outcome.nextAttemptAt }) },
        $unset: { claimedBy: "", claimedUntil: "" },
      },
      { maxTimeMS: OPERATION_TIMEOUT_MS },
    );
    return result.matchedCount === 1;
  }

  async findDelivery(agentId: string, deliveryId: string): Promise<Delivery | undefined> {
    const doc = await this.deliveries.findOne({ _id: deliveryId, agentId }, { maxTimeMS: OPERATION_TIMEOUT_MS });
    return doc ? fromDeliveryDocument(doc) : undefined;
  }

  async listDeliveries(agentId: string, endpointId: string, limit: number, after?: DeliveryPosition): Promise<Delivery[]> {
    if (limit <= 0) return []; // limit(0) would mean no limit
    // Strictly older than `after` in (createdAt, _id) order. The $lte bounds the index scan; the $or
    // is checked on the index keys, so skipped entries are never fetched.
    const filter: Filter<DeliveryDocument> = after
      ? {
          agentId,
          endpointId,
          createdAt: { $lte: after.createdAt },
          $or: [{ createdAt: { $lt: after.createdAt } }, { createdAt: after.createdAt, _id: { $lt: after.id } }],
        }
      : { agentId, endpointId };
    const docs = await this.deliveries
      .find(filter, { maxTimeMS: OPERATION_TIMEOUT_MS })
      .sort({ createdAt: -1, _id: -1 })
      .hint(LISTING_INDEX)
      .limit(limit)
      .toArray();
    return docs.map(fromDeliveryDocument);
  }

  async hadDelivery(agentId: string, endpointId: string, eventId: string): Promise<boolean> {
    // Hinted: the listing index matches (agentId, endpointId) too, and would scan all the endpoint's deliveries.
    const doc = await this.deliveries.findOne(
      { endpointId, eventId, agentId },
      { projection: { _id: 1 }, hint: HAD_DELIVERY_INDEX, maxTimeMS: OPERATION_TIMEOUT_MS },
    );
    return doc !== null;
  }

  async backlog(): Promise<{ readonly pending: number; readonly oldestCreatedAt?: Date }> {
    const pendingFilter = { status: "PENDING" as const };
    const [pending, oldest] = await Promise.all([
      this.deliveries.countDocuments(pendingFilter, { maxTimeMS: OPERATION_TIMEOUT_MS }),
      this.deliveries.findOne<{ createdAt: Date }>(pendingFilter, {
        sort: { createdAt: 1 },
        hint: BACKLOG_INDEX,
        projection: { _id: 0, createdAt: 1 },
        maxTimeMS: OPERATION_TIMEOUT_MS,
      }),
    ]);
    return { pending, ...(oldest && { oldestCreatedAt: oldest.createdAt }) };
  }

  /** Nothing to stop: the client belongs to whoever opened it (openStorage closes it at shutdown). */
  close(): Promise<void> {
    return Promise.resolve();
  }
}

/**
 * Whether an unordered insertMany failed only on deliveries already recorded: every write error a
 * duplicate key on the dedupeKey index or on _id, and no write concern error (which would leave
 * the inserted ones' durability unknown: thrown, the caller retries and the duplicates are skipped).
 */
function onlyAlreadyRecorded(error: unknown): boolean {
  // A bulk write error is a server error: mongoDriver() is loaded once isMongoServerError says so.
  if (!isMongoServerError(error) || !(error instanceof mongoDriver().MongoBulkWriteError)) return false;
  if (error.result.getWriteConcernError()) return false;
  const writeErrors = Array.isArray(error.writeErrors) ? error.writeErrors : [error.writeErrors];
  return writeErrors.length > 0 && writeErrors.every(isAlreadyRecorded);
}

function isAlreadyRecorded(writeError: WriteError): boolean {
  if (writeError.code !== DUPLICATE_KEY) return false;
  // The server names the index's key pattern (4.4+); the message names the index in any version.
  const keyPattern = (writeError.err as { keyPattern?: unknown }).keyPattern;
  if (typeof keyPattern === "object" && keyPattern !== null) {
    const fields = Object.keys(keyPattern);
    return fields.length === 1 && (fields[0] === "dedupeKey" || fields[0] === "_id");
  }
  return /index: (dedupeKey_unique|_id_) /.test(writeError.errmsg ?? "");
}

function toEndpointDocument(endpoint: Endpoint): EndpointDocument {
  return {
    _id: endpoint.id,
    agentId: endpoint.agentId,
    url: endpoint.url,
    eventTypes: [...endpoint.eventTypes],
    description: endpoint.description,
    enabled: endpoint.enabled,
    ...(endpoint.disabledReason !== undefined && { disabledReason: endpoint.disabledReason }),
    sealedSecret: endpoint.sealedSecret,
    ...(endpoint.sealedPreviousSecret !== undefined && { sealedPreviousSecret: endpoint.sealedPreviousSecret }),
    ...(endpoint.previousSecretExpiresAt !== undefined && { previousSecretExpiresAt: endpoint.previousSecretExpiresAt }),
    ...(endpoint.failingSince !== undefined && { failingSince: endpoint.failingSince }),
    createdAt: endpoint.createdAt,
    updatedAt: endpoint.updatedAt,
  };
}

function fromEndpointDocument(doc: EndpointDocument): Endpoint {
  return {
    id: doc._id,
    agentId: doc.agentId,
    url: doc.url,
    eventTypes: doc.eventTypes,
    description: doc.description,
    enabled: doc.enabled,
    ...(doc.disabledReason !== undefined && { disabledReason: doc.disabledReason }),
    sealedSecret: doc.sealedSecret,
    ...(doc.sealedPreviousSecret !== undefined && { sealedPreviousSecret: doc.sealedPreviousSecret }),
    ...(doc.previousSecretExpiresAt !== undefined && { previousSecretExpiresAt: doc.previousSecretExpiresAt }),
    ...(doc.failingSince !== undefined && { failingSince: doc.failingSince }),
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
}

function toEventDocument(event: WebhookEvent): EventDocument {
  return { _id: event.id, type: event.type, agentId: event.agentId, createdAt: event.createdAt, body: event.body };
}

function fromEventDocument(doc: EventDocument): WebhookEvent {
  return { id: doc._id, type: doc.type, agentId: doc.agentId, createdAt: doc.createdAt, body: doc.body };
}

function toAttemptDocument(attempt: Attempt): AttemptDocument {
  return {
    at: attempt.at,
    statusCode: attempt.statusCode,
    error: attempt.error,
    responseBody: attempt.responseBody,
    durationMs: attempt.durationMs,
  };
}

function toDeliveryDocument(delivery: Delivery): DeliveryDocument {
  return {
    _id: delivery.id,
    agentId: delivery.agentId,
    endpointId: delivery.endpointId,
    eventId: delivery.eventId,
    eventType: delivery.eventType,
    status: delivery.status,
    attempts: delivery.attempts.map(toAttemptDocument),
    nextAttemptAt: delivery.nextAttemptAt,
    createdAt: delivery.createdAt,
    dedupeKey: delivery.dedupeKey,
    ...(delivery.claimedBy !== undefined && { claimedBy: delivery.claimedBy }),
    ...(delivery.claimedUntil !== undefined && { claimedUntil: delivery.claimedUntil }),
  };
}

function fromDeliveryDocument(doc: DeliveryDocument): Delivery {
  return {
    id: doc._id,
    agentId: doc.agentId,
    endpointId: doc.endpointId,
    eventId: doc.eventId,
    eventType: doc.eventType,
    status: doc.status,
    attempts: doc.attempts.map(toAttemptDocument),
    nextAttemptAt: doc.nextAttemptAt,
    createdAt: doc.createdAt,
    dedupeKey: doc.dedupeKey,
    ...(doc.claimedBy !== undefined && { claimedBy: doc.claimedBy }),
    ...(doc.claimedUntil !== undefined && { claimedUntil: doc.claimedUntil }),
  };
}
