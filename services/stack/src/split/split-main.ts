import { DEMO_AGENT_ID } from "@tarmac/auth";
import { readyLine, startBanner } from "../banner.js";
import { startSplitStack } from "./split-stack.js";

// `pnpm start:split`: the production shape on one machine (see split-stack.ts).
try {
  const stack = await startSplitStack({
    echo: process.env.SPLIT_ECHO === "true",
    ports: process.env.TARMAC_SERVICE_PORTS === "ephemeral" ? "ephemeral" : "fixed",
  });
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    void stack.stop().then(() => process.exit(0));
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  for (const service of stack.processes.values())
    process.stdout.write(`  ${service.name.padEnd(10)} pid ${service.pid} port ${service.port}\n`);
  process.stdout.write(
    startBanner({
      gatewayUrl: stack.gatewayUrl,
      operationsUrl: stack.operationsUrl,
      agentId: DEMO_AGENT_ID,
      apiKey: stack.apiKey,
      keyFixed: Boolean(process.env.TARMAC_DEV_API_KEY),
      today: new Date(),
      split: true,
      services: stack.services,
    }),
  );
  process.stdout.write(`${readyLine(stack.gatewayUrl, stack.apiKey)}\n`);
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
