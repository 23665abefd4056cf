export { startStack, type Stack, type StackOptions } from "./stack.js";
export { stackConfigSchema, type StackConfig } from "./config.js";
export { DEMO_WALLET, readyLine, startBanner, yyyymmdd } from "./banner.js";
