import { startServiceHost, type Logger, type ServiceHost } from "@tarmac/kernel";
import { FareService } from "@tarmac/proto/tarmac/fare/v1/fare_pb.js";
import type { FareConfig } from "./config.js";
import { fareRoutes } from "./routes.js";

export function startFareService(config: FareConfig, logger: Logger): Promise<ServiceHost> {
  return startServiceHost({
    name: "fare",
    host: config.host,
    port: config.port,
    services: [FareService],
    routes: fareRoutes,
    logger,
  });
}
