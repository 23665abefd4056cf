import type { ConnectRouter } from "@connectrpc/connect";
import { AuthService } from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import type { AuthServiceImpl } from "./auth-service.js";

/** Registers the auth service on a Connect router (service host, router transport in tests). */
export function authRoutes(service: AuthServiceImpl): (router: ConnectRouter) => void {
  return (router) => {
    router.service(AuthService, service);
  };
}
