export * from "./manual-clock.js";
export * from "./silent-logger.js";
export * from "./describe-on-mongo.js";
export * from "./failure-of.js";
export * from "./query-plans.js";
export * from "./caller-access.js";
export * from "./seeded-ids.js";
