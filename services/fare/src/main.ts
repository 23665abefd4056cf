import { createLogger, loadConfigOrExit, stopOnSignal } from "@tarmac/kernel";
import { fareConfigSchema } from "./config.js";
import { startFareService } from "./server.js";

const config = loadConfigOrExit(fareConfigSchema);
const logger = createLogger({ name: "fare", level: config.logLevel });
stopOnSignal(logger, await startFareService(config, logger));
