import type { ConnectRouter } from "@connectrpc/connect";
import { WalletService } from "@tarmac/proto/tarmac/wallet/v1/wallet_pb.js";

/**
 * Registers the wallet service. The ledger arrives with the wallet issue:
 * until then every RPC answers Unimplemented.
 */
export function walletRoutes(router: ConnectRouter): void {
  router.service(WalletService, {});
}
