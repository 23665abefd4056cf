import { createLogger, loadConfigOrExit, stopOnSignal } from "@tarmac/kernel";
import { fareConfigSchema } from "./config.js";
import { startFareService } from "./server.js";

const config = loadConfigOrExit(fareConfigSchema);
const logger = createLogger({ name: "fare", level: config.logLevel });
if (config.usesDevelopmentSecret) {
  logger.warn("TARMAC_FARE_SECRET is not set: using the development secret; fare and seat tokens are forgeable");
}
stopOnSignal(logger, await startFareService(config, logger));
