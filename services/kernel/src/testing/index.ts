export * from "./manual-clock.js";
export * from "./silent-logger.js";
