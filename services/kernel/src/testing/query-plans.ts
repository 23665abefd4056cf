import type { CommandFailedEvent, CommandStartedEvent, Db, Document, MongoClient } from "mongodb";

/** How the server would run a query: the stages of its winning plan and the indexes it reads. */
export interface QueryPlan {
  readonly collection: string;
  readonly stages: readonly string[];
  readonly indexes: readonly string[];
}

/**
 * The `find` commands `action` sends through `client`, as the server receives them (read concern
 * included). The client must be created with `monitorCommands: true` (describeOnMongo's is).
 */
export async function findsDuring(client: MongoClient, action: () => Promise<unknown>): Promise<Document[]> {
  const seen: Document[] = [];
  const listener = (event: CommandStartedEvent) => {
    if (event.commandName === "find") seen.push(event.command);
  };
  client.on("commandStarted", listener);
  try {
    await action();
  } finally {
    client.off("commandStarted", listener);
  }
  return seen;
}

/** Explains a captured find command: a plan with a COLLSCAN scans the collection, one with SORT sorts in memory. */
export async function planOf(db: Db, find: Document): Promise<QueryPlan> {
  const query: Document = { find: find.find };
  for (const field of ["filter", "sort", "limit", "projection", "hint"]) if (find[field] !== undefined) query[field] = find[field];
  const explained = await db.command({ explain: query, verbosity: "queryPlanner" });
  const stages: string[] = [];
  const indexes: string[] = [];
  const walk = (node: unknown): void => {
    if (typeof node !== "object" || node === null) return;
    const plan = node as { stage?: unknown; indexName?: unknown; inputStage?: unknown; inputStages?: unknown[] };
    if (typeof plan.stage === "string") stages.push(plan.stage);
    if (typeof plan.indexName === "string") indexes.push(plan.indexName);
    walk(plan.inputStage);
    for (const child of plan.inputStages ?? []) walk(child);
  };
  // MongoDB 7's slot-based engine nests the classic-shaped tree under queryPlan.
  const winning = (explained.queryPlanner as { winningPlan: { queryPlan?: unknown } }).winningPlan;
  walk(winning.queryPlan ?? winning);
  return { collection: String(find.find), stages, indexes };
}

/**
 * How many commands `action` sent through `client` failed with a write conflict (code 112: two
 * transactions wrote one document; the driver retries them). Needs `monitorCommands: true`.
 */
export async function writeConflictsDuring(client: MongoClient, action: () => Promise<unknown>): Promise<number> {
  let conflicts = 0;
  const listener = (event: CommandFailedEvent) => {
    if ((event.failure as { code?: unknown }).code === 112) conflicts++;
  };
  client.on("commandFailed", listener);
  try {
    await action();
  } finally {
    client.off("commandFailed", listener);
  }
  return conflicts;
}
