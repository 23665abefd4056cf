import { createLogger, loadConfigOrExit, stopOnSignal } from "@tarmac/kernel";
import { bookingConfigSchema } from "./config.js";
import { startBookingService } from "./server.js";

const config = loadConfigOrExit(bookingConfigSchema);
const logger = createLogger({ name: "booking", level: config.logLevel });
if (config.usesDevelopmentSecret) {
  logger.warn("TARMAC_BOOKING_SECRET is not set: using the development secret; booking list cursors are forgeable");
}
stopOnSignal(logger, await startBookingService(config, logger));
