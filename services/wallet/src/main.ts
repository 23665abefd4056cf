import { createLogger, loadConfigOrExit, stopOnSignal } from "@tarmac/kernel";
import { walletConfigSchema } from "./config.js";
import { startWalletService } from "./server.js";

const config = loadConfigOrExit(walletConfigSchema);
const logger = createLogger({ name: "wallet", level: config.logLevel });
stopOnSignal(logger, await startWalletService(config, logger));
