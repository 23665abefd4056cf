import type { ConnectRouter } from "@connectrpc/connect";
import { FareService } from "@tarmac/proto/tarmac/fare/v1/fare_pb.js";

/**
 * Registers the fare service. Fare validation, price lock and seat maps arrive with their own issue:
 * until then every RPC answers Unimplemented.
 */
export function fareRoutes(router: ConnectRouter): void {
  router.service(FareService, {});
}
