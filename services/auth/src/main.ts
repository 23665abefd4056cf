import { createLogger, loadConfigOrExit, stopOnSignal } from "@tarmac/kernel";
import { authConfigSchema } from "./config.js";
import { DEMO_AGENT_ID } from "./dev-seed.js";
import { startAuthService } from "./server.js";

const config = loadConfigOrExit(authConfigSchema);
const logger = createLogger({ name: "auth", level: config.logLevel });
const { host, demoApiKey } = await startAuthService(config, logger);
if (demoApiKey) process.stdout.write(`Demo agent ${DEMO_AGENT_ID} API key: ${demoApiKey}\n`);
stopOnSignal(logger, host);
