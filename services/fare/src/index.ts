export { fareConfigSchema, DEVELOPMENT_FARE_SECRET, type FareConfig } from "./config.js";
export { fareRoutes } from "./routes.js";
export { startFareService, type FareServiceOverrides } from "./server.js";
export { FareServiceImpl, FARE_LOCK_MS, type FareServiceDeps } from "./fare-service.js";
export type { FareLock, FareLockStore } from "./store/fare-lock-store.js";
export { fareCallerPolicy } from "./caller-policy.js";
