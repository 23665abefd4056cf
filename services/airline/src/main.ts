import { createLogger, loadConfigOrExit, stopOnSignal } from "@tarmac/kernel";
import { airlineConfigSchema } from "./config.js";
import { startAirlineService } from "./server.js";

const config = loadConfigOrExit(airlineConfigSchema);
const logger = createLogger({ name: "airline", level: config.logLevel });
const host = await startAirlineService(config, logger);
logger.info({ url: host.url }, "sandbox airline serving tarmac.airline.v1");
stopOnSignal(logger, host);
