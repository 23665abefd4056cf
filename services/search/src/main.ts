import { createLogger, loadConfigOrExit, stopOnSignal } from "@tarmac/kernel";
import { searchConfigSchema } from "./config.js";
import { startSearchService } from "./server.js";

const config = loadConfigOrExit(searchConfigSchema);
const logger = createLogger({ name: "search", level: config.logLevel });
if (config.usesDevelopmentSecret) {
  logger.warn("TARMAC_CURSOR_SECRET is not set: using the development secret; cursors and signatures are forgeable");
}
const host = await startSearchService(config, logger);
stopOnSignal(logger, host);
