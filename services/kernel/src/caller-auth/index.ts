export * from "./credentials.js";
export * from "./tokens.js";
export * from "./policy.js";
export * from "./interceptors.js";
export * from "./config.js";
export * from "./authenticated-caller.js";
