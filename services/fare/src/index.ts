export { fareConfigSchema, type FareConfig } from "./config.js";
export { fareRoutes } from "./routes.js";
export { startFareService } from "./server.js";
