import type { DescService, MessageInitShape } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { createClient, createRouterTransport, type ServiceImpl } from "@connectrpc/connect";
import { errorInterceptor } from "@tarmac/kernel";
import { silentLogger } from "@tarmac/kernel/testing";
import { AgentSchema, AgentStatus, AgentTier, ApiKeySchema, AuthService, Scope } from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import { BookingService } from "@tarmac/proto/tarmac/booking/v1/booking_pb.js";
import { BalanceSchema, WalletService } from "@tarmac/proto/tarmac/wallet/v1/wallet_pb.js";
import { WebhookService } from "@tarmac/proto/tarmac/webhooks/v1/webhooks_pb.js";
import { adminClients, type AdminClients, type ServiceUrls } from "../clients.js";

export const FAKE_URLS: ServiceUrls = {
  auth: "http://auth.test:50055",
  wallet: "http://wallet.test:50054",
  webhooks: "http://webhooks.test:50057",
  booking: "http://booking.test:50053",
};
export const NOW = new Date("2026-11-22T06:00:00.000Z");
export const AGENT_ID = "agt_01JD8X3Q4N";
export const KEY_ID = "Ab3dE6gH";
export const API_KEY = `tk_live_${KEY_ID}_0123456789abcdefABCDEF0123456789`;

export interface FakeImpls {
  readonly auth?: Partial<ServiceImpl<typeof AuthService>>;
  readonly wallet?: Partial<ServiceImpl<typeof WalletService>>;
  readonly webhooks?: Partial<ServiceImpl<typeof WebhookService>>;
  readonly booking?: Partial<ServiceImpl<typeof BookingService>>;
}

/** An RPC a fake received, e.g. { method: "AuthService.CreateAgent", request }. */
export interface RecordedCall {
  readonly method: string;
  readonly request: unknown;
}

/**
 * In-process fakes of the services behind a router transport, with the services' own error
 * translation (a thrown DomainError reaches the client as its catalogue code). RPCs a fake leaves
 * out answer Unimplemented, as the real services do today.
 */
export function fakeServices(impls: FakeImpls): { clients: AdminClients; calls: RecordedCall[] } {
  const calls: RecordedCall[] = [];
  const record = <S extends DescService>(service: S, impl: Partial<ServiceImpl<S>> = {}): Partial<ServiceImpl<S>> => {
    const recorded: Record<string, unknown> = {};
    for (const [name, fn] of Object.entries(impl) as [string, (req: unknown, ctx: unknown) => unknown][]) {
      const method = (service.method as Record<string, { name: string } | undefined>)[name];
      recorded[name] = (request: unknown, context: unknown) => {
        calls.push({ method: `${service.name}.${method?.name ?? name}`, request });
        return fn(request, context);
      };
    }
    return recorded as Partial<ServiceImpl<S>>;
  };
  const transport = createRouterTransport(
    (router) => {
      router.service(AuthService, record(AuthService, impls.auth));
      router.service(WalletService, record(WalletService, impls.wallet));
      router.service(WebhookService, record(WebhookService, impls.webhooks));
      router.service(BookingService, record(BookingService, impls.booking));
    },
    { router: { interceptors: [errorInterceptor(silentLogger())] } },
  );
  const clients = adminClients(
    {
      auth: createClient(AuthService, transport),
      wallet: createClient(WalletService, transport),
      webhooks: createClient(WebhookService, transport),
      booking: createClient(BookingService, transport),
    },
    FAKE_URLS,
  );
  return { clients, calls };
}

export function agent(init: MessageInitShape<typeof AgentSchema> = {}): MessageInitShape<typeof AgentSchema> {
  return {
    agentId: AGENT_ID,
    name: "Sky Travels",
    status: AgentStatus.ACTIVE,
    tier: AgentTier.STANDARD,
    createdAt: timestampFromDate(NOW),
    ...init,
  };
}

/** What --json prints for `agent()`. */
export const AGENT_JSON = {
  agent_id: AGENT_ID,
  name: "Sky Travels",
  status: "ACTIVE",
  tier: "STANDARD",
  parent_agent_id: null,
  created_at: NOW.toISOString(),
  suspended_at: null,
  suspension_reason: null,
  users: [],
};

export function apiKey(init: MessageInitShape<typeof ApiKeySchema> = {}): MessageInitShape<typeof ApiKeySchema> {
  return {
    keyId: KEY_ID,
    agentId: AGENT_ID,
    scopes: [Scope.FLIGHT_SEARCH, Scope.FLIGHT_BOOK],
    prefix: "tk_live_",
    createdAt: timestampFromDate(NOW),
    ...init,
  };
}

export function balance(init: MessageInitShape<typeof BalanceSchema> = {}): MessageInitShape<typeof BalanceSchema> {
  return { agentId: AGENT_ID, currency: "INR", balancePaise: 0n, creditLimitPaise: 0n, heldPaise: 0n, availablePaise: 0n, ...init };
}
