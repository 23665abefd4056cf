export { startStack, type Stack, type StackOptions } from "./stack.js";
export { stackConfigSchema, type StackConfig } from "./config.js";
export { readyLine, startBanner, yyyymmdd } from "./banner.js";
