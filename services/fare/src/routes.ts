import type { ConnectRouter } from "@connectrpc/connect";
import { FareService } from "@tarmac/proto/tarmac/fare/v1/fare_pb.js";
import type { FareServiceImpl } from "./fare-service.js";

/** Registers the fare service on a Connect router (service host, router transport in tests). */
export function fareRoutes(service: FareServiceImpl): (router: ConnectRouter) => void {
  return (router) => {
    router.service(FareService, service);
  };
}
