export { build, type BuildOptions } from "./app.js";
export { createServiceClients, type PeerName, type PeerUrls, type ServiceClients } from "./clients.js";
export { gatewayConfigSchema, type GatewayConfig } from "./config.js";
export { startGateway, type RunningGateway } from "./server.js";
export type { Caller } from "./auth/caller.js";
export type { IdempotencyScope, IdempotencyStore, StoredResponse } from "./idempotency/idempotency-store.js";
export { MemoryIdempotencyStore } from "./idempotency/memory-idempotency-store.js";
export { MongoIdempotencyStore } from "./idempotency/mongo-idempotency-store.js";
/** The search route's schemas, for the bench's monolith that serialises the same pages with them. */
export { searchRequestSchema, searchResponseSchema } from "./primary/search/schemas.js";
export { SearchPageService } from "./primary/search/search-page-service.js";
