import type { ConnectRouter } from "@connectrpc/connect";
import { WalletService } from "@tarmac/proto/tarmac/wallet/v1/wallet_pb.js";
import type { WalletServiceImpl } from "./wallet-service.js";

/** Registers the wallet service on a Connect router (service host, router transport in tests). */
export function walletRoutes(service: WalletServiceImpl): (router: ConnectRouter) => void {
  return (router) => {
    router.service(WalletService, service);
  };
}
