import { DEMO_AGENT_ID } from "@tarmac/auth";
import { ConfigError, createLogger, parseConfig, stopOnSignal } from "@tarmac/kernel";
import { adminPeersOf, readyLine, startBanner } from "./banner.js";
import { stackConfigSchema } from "./config.js";
import { startStack } from "./stack.js";

try {
  const { logLevel } = parseConfig(stackConfigSchema);
  const logger = createLogger({ name: "tarmac", level: logLevel });
  const stack = await startStack({ logger });
  stopOnSignal(logger, stack);
  // Start-up log lines first, so the banner is the last thing on the screen.
  await new Promise<void>((resolve) => logger.flush(() => resolve()));
  const keyFixed = Boolean(process.env.TARMAC_DEV_API_KEY);
  process.stdout.write(
    startBanner({
      gatewayUrl: stack.gatewayUrl,
      operationsUrl: stack.gatewayOperationsUrl,
      agentId: DEMO_AGENT_ID,
      apiKey: stack.apiKey,
      keyFixed,
      today: new Date(),
      services: adminPeersOf(stack.services),
    }),
  );
  process.stdout.write(`${readyLine(stack.gatewayUrl, stack.apiKey)}\n`);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(78); // EX_CONFIG, as each service's own entry point
}
