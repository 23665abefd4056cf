import { createLogger, loadConfigOrExit, stopOnSignal } from "@tarmac/kernel";
import { walletConfigSchema } from "./config.js";
import { startWalletService } from "./server.js";

const config = loadConfigOrExit(walletConfigSchema);
const logger = createLogger({ name: "wallet", level: config.logLevel });
if (config.usesDevelopmentSecret) {
  logger.warn("TARMAC_WALLET_SECRET is not set: using the development secret; statement cursors are forgeable");
}
stopOnSignal(logger, await startWalletService(config, logger));
