export * from "./agent.js";
export * from "./api-key.js";
export * from "./api-key-record.js";
export * from "./key-usage.js";
export * from "./scopes.js";
export * from "./verify-api-key.js";
