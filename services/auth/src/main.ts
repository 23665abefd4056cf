import { createLogger, loadConfigOrExit, stopOnSignal } from "@tarmac/kernel";
import { authConfigSchema } from "./config.js";
import { DEMO_AGENT_ID } from "./dev-seed.js";
import { startAuthService } from "./server.js";

const config = loadConfigOrExit(authConfigSchema);
const logger = createLogger({ name: "auth", level: config.logLevel });
const { host, demoApiKey, demoUser } = await startAuthService(config, logger);
if (demoApiKey) process.stdout.write(`Demo agent ${DEMO_AGENT_ID} API key: ${demoApiKey}\n`);
if (demoUser) {
  process.stdout.write(
    `Demo user ${demoUser.userId}: sign in with ${demoUser.email} or ${demoUser.phone} (codes go to the log and the development outbox)\n`,
  );
}
stopOnSignal(logger, host);
