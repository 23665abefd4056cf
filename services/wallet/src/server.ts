import { startServiceHost, type Logger, type ServiceHost } from "@tarmac/kernel";
import { WalletService } from "@tarmac/proto/tarmac/wallet/v1/wallet_pb.js";
import type { WalletConfig } from "./config.js";
import { walletRoutes } from "./routes.js";

export function startWalletService(config: WalletConfig, logger: Logger): Promise<ServiceHost> {
  return startServiceHost({
    name: "wallet",
    host: config.host,
    port: config.port,
    services: [WalletService],
    routes: walletRoutes,
    logger,
  });
}
