export { walletConfigSchema, type WalletConfig } from "./config.js";
export { walletRoutes } from "./routes.js";
export { startWalletService } from "./server.js";
