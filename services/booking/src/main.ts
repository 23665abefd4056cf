import { createLogger, loadConfigOrExit, stopOnSignal } from "@tarmac/kernel";
import { bookingConfigSchema } from "./config.js";
import { startBookingService } from "./server.js";

const config = loadConfigOrExit(bookingConfigSchema);
const logger = createLogger({ name: "booking", level: config.logLevel });
stopOnSignal(logger, await startBookingService(config, logger));
