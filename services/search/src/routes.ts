import type { ConnectRouter } from "@connectrpc/connect";
import { SearchService } from "@tarmac/proto/tarmac/search/v1/search_pb.js";
import type { SearchServiceImpl } from "./search-service.js";

/** Registers the search service on a Connect router (service host, router transport in tests). */
export function searchRoutes(service: SearchServiceImpl): (router: ConnectRouter) => void {
  return (router) => {
    router.service(SearchService, service);
  };
}
