import { createLogger, loadConfigOrExit, stopOnSignal } from "@tarmac/kernel";
import { gatewayConfigSchema } from "./config.js";
import { startGateway } from "./server.js";

const config = loadConfigOrExit(gatewayConfigSchema);
const logger = createLogger({ name: "gateway", level: config.logLevel });
const gateway = await startGateway(config, logger);
logger.info({ url: gateway.url }, "gateway ready");
stopOnSignal(logger, gateway);
