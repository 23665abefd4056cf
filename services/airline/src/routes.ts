import type { ConnectRouter } from "@connectrpc/connect";
import { AirlineService } from "@tarmac/proto/tarmac/airline/v1/airline_pb.js";
import type { AirlineServiceImpl } from "@tarmac/airline-port";

/** Registers the airline service on a Connect router (service host, router transport in tests). */
export function airlineRoutes(service: AirlineServiceImpl): (router: ConnectRouter) => void {
  return (router) => {
    router.service(AirlineService, service);
  };
}
