import { createLogger, loadConfigOrExit, stopOnSignal } from "@tarmac/kernel";
import { webhooksConfigSchema } from "./config.js";
import { startWebhooksService } from "./server.js";

const config = loadConfigOrExit(webhooksConfigSchema);
const logger = createLogger({ name: "webhooks", level: config.logLevel });
if (config.usesDevelopmentSecret)
  logger.warn("TARMAC_WEBHOOKS_SECRET or WEBHOOK_SECRET_KEY is the development value: endpoint secrets are not protected");
stopOnSignal(logger, await startWebhooksService(config, logger));
