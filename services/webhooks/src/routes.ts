import type { ConnectRouter } from "@connectrpc/connect";
import { WebhookService } from "@tarmac/proto/tarmac/webhooks/v1/webhooks_pb.js";
import type { WebhookServiceImpl } from "./webhook-service.js";

/** Registers the webhooks service on a Connect router (service host, router transport in tests). */
export function webhooksRoutes(service: WebhookServiceImpl): (router: ConnectRouter) => void {
  return (router) => {
    router.service(WebhookService, service);
  };
}
