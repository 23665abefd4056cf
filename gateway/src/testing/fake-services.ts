import { Code, ConnectError, createRouterTransport, type ServiceImpl } from "@connectrpc/connect";
import type { DescService } from "@bufbuild/protobuf";
import { DEPENDENCY_HEALTH_PREFIX, DomainError, forwardRequestIdInterceptor, toConnectError, createPeerClient } from "@tarmac/kernel";
import { Health, HealthCheckResponse_ServingStatus as ServingStatus } from "@tarmac/proto/grpc/health/v1/health_pb.js";
import { AgentStatus, AgentTier, AuthService, Scope } from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import { BookingService } from "@tarmac/proto/tarmac/booking/v1/booking_pb.js";
import { FareService } from "@tarmac/proto/tarmac/fare/v1/fare_pb.js";
import { SearchService, type SearchFlightsRequest, type SearchFlightsResponse } from "@tarmac/proto/tarmac/search/v1/search_pb.js";
import { WalletService } from "@tarmac/proto/tarmac/wallet/v1/wallet_pb.js";
import { WebhookService } from "@tarmac/proto/tarmac/webhooks/v1/webhooks_pb.js";
import type { PeerName, ServiceClients } from "../clients.js";
import { SearchPageService } from "../primary/search/search-page-service.js";
import { searchPage } from "./canned-offers.js";

/** Keys the fake auth service knows. */
export const keys = {
  valid: "tk_test_agent001_0123456789abcdef0123456789abcdef",
  suspended: "tk_test_agent002_0123456789abcdef0123456789abcdef",
  bookOnly: "tk_test_agent003_0123456789abcdef0123456789abcdef",
  walletOnly: "tk_test_agent004_0123456789abcdef0123456789abcdef",
  changes: "tk_test_agent005_0123456789abcdef0123456789abcdef",
  /** Enterprise agent_001 with webhooks.manage. */
  webhooks: "tk_test_agent006_0123456789abcdef0123456789abcdef",
  /** Enterprise agent_001 with flight.search only. */
  enterpriseSearchOnly: "tk_test_agent008_0123456789abcdef0123456789abcdef",
  /** Standard agent_001 whose key has webhooks.manage all the same (issued with explicit scopes). */
  webhooksStandard: "tk_test_agent007_0123456789abcdef0123456789abcdef",
  /** Standard agent_001 with agency.manage only. */
  agencyManager: "tk_test_agent009_0123456789abcdef0123456789abcdef",
} as const;

export const AGENT_ID = "agent_001";

/** A well-formed session token (`tk_sess_` and 43 letters or digits) named for a test. */
export const sessionToken = (name: string): string => `tk_sess_${name.padEnd(43, "0")}`;

/** Bearer tokens (secondary surface) the fake auth service knows. */
export const tokens = {
  /** agent_001, flight.search and flight.book. */
  valid: sessionToken("valid"),
  searchOnly: sessionToken("searchOnly"),
  suspended: sessionToken("suspended"),
  expired: sessionToken("expired"),
} as const;

/** The OTP the fake auth service accepts, and the session it then issues (tokens.valid). */
export const otp = { identifier: "agent@example.com", code: "123456" } as const;

export interface FakeServices {
  search?: (request: SearchFlightsRequest) => SearchFlightsResponse | Promise<SearchFlightsResponse>;
  fare?: Partial<ServiceImpl<typeof FareService>>;
  booking?: Partial<ServiceImpl<typeof BookingService>>;
  wallet?: Partial<ServiceImpl<typeof WalletService>>;
  /** RPCs left out answer Unimplemented. */
  webhooks?: Partial<ServiceImpl<typeof WebhookService>>;
  /** Replaces the fake auth service's methods one by one. */
  auth?: Partial<ServiceImpl<typeof AuthService>>;
  /** Health per peer; "down" answers Unavailable as an unreachable peer would. */
  health?: Partial<Record<PeerName, ServingStatus | "down">>;
  /** Dependency entries per peer for Health/List (`{ nats: NOT_SERVING }` lists `dependency/nats`). */
  dependencies?: Partial<Record<PeerName, Record<string, ServingStatus>>>;
}

/** What the fakes saw, for assertions. */
export interface FakeCalls {
  verifyApiKey: string[];
  /** Tokens VerifyToken was asked about, and those Logout revoked. */
  verifyToken: string[];
  logout: string[];
  search: SearchFlightsRequest[];
  /** x-request-id of every call that reached a fake, in order. */
  requestIds: string[];
}

export function newCalls(): FakeCalls {
  return { verifyApiKey: [], verifyToken: [], logout: [], search: [], requestIds: [] };
}

/** Auth that knows the keys above and refuses every other key as the real service does. */
export function fakeAuth(calls: FakeCalls): Partial<ServiceImpl<typeof AuthService>> {
  return {
    verifyApiKey(request, context) {
      calls.requestIds.push(context.requestHeader.get("x-request-id") ?? "(none)");
      calls.verifyApiKey.push(request.apiKey);
      const caller = {
        agentId: AGENT_ID,
        keyId: "key_001",
        agentStatus: AgentStatus.ACTIVE,
        agentTier: AgentTier.STANDARD,
        scopes: [Scope.FLIGHT_SEARCH],
      };
      if (request.apiKey === keys.valid) return caller;
      if (request.apiKey === keys.suspended) return { ...caller, agentStatus: AgentStatus.SUSPENDED };
      if (request.apiKey === keys.bookOnly) return { ...caller, scopes: [Scope.FLIGHT_BOOK] };
      if (request.apiKey === keys.walletOnly) return { ...caller, scopes: [Scope.WALLET_READ] };
      if (request.apiKey === keys.changes) return { ...caller, scopes: [Scope.FLIGHT_CANCEL, Scope.FLIGHT_RESCHEDULE] };
      if (request.apiKey === keys.webhooks) return { ...caller, agentTier: AgentTier.ENTERPRISE, scopes: [Scope.WEBHOOKS_MANAGE] };
      if (request.apiKey === keys.enterpriseSearchOnly) return { ...caller, agentTier: AgentTier.ENTERPRISE };
      if (request.apiKey === keys.webhooksStandard) return { ...caller, scopes: [Scope.WEBHOOKS_MANAGE] };
      if (request.apiKey === keys.agencyManager) return { ...caller, scopes: [Scope.AGENCY_MANAGE] };
      throw toConnectError(new DomainError("AUTH_INVALID_API_KEY", "Unknown, revoked or expired API key"));
    },
    verifyToken(request) {
      calls.verifyToken.push(request.token);
      const session = {
        agentId: AGENT_ID,
        userId: "usr_001",
        sessionId: "ses_001",
        agentStatus: AgentStatus.ACTIVE,
        agentTier: AgentTier.ENTERPRISE,
        scopes: [Scope.FLIGHT_SEARCH, Scope.FLIGHT_BOOK],
        expiresAt: { seconds: 4_102_444_800n },
      };
      if (calls.logout.includes(request.token)) throw toConnectError(new DomainError("AUTH_INVALID_TOKEN", "Unknown or revoked token"));
      if (request.token === tokens.valid) return session;
      if (request.token === tokens.searchOnly) return { ...session, sessionId: "ses_002", scopes: [Scope.FLIGHT_SEARCH] };
      if (request.token === tokens.suspended) return { ...session, agentStatus: AgentStatus.SUSPENDED };
      if (request.token === tokens.expired) throw toConnectError(new DomainError("AUTH_TOKEN_EXPIRED", "The token has expired"));
      throw toConnectError(new DomainError("AUTH_INVALID_TOKEN", "Unknown or revoked token"));
    },
    sendOtp() {
      return { expiresIn: 300, resendAfter: 30 };
    },
    verifyOtp(request) {
      if (request.identifier !== otp.identifier || request.code !== otp.code) {
        throw toConnectError(new DomainError("AUTH_OTP_INVALID", "The code is wrong or was replaced"));
      }
      return { verificationToken: tokens.valid, tokenType: "Bearer", expiresIn: 3600, agentId: AGENT_ID, userId: "usr_001" };
    },
    // As auth's Logout: the same {} for a token that is unknown, expired or already revoked.
    logout(request) {
      calls.logout.push(request.token);
      return {};
    },
  };
}

/** Search answering the canned page unless the test supplies its own behaviour. */
export function fakeSearch(calls: FakeCalls, fakes: FakeServices = {}): Partial<ServiceImpl<typeof SearchService>> {
  return {
    async searchFlights(request, context) {
      calls.requestIds.push(context.requestHeader.get("x-request-id") ?? "(none)");
      calls.search.push(request);
      return fakes.search ? fakes.search(request) : searchPage();
    },
  };
}

/** In-memory peers behind real Connect clients, so the gateway code under test is the real one. */
export function fakeServiceClients(fakes: FakeServices = {}): { clients: ServiceClients; calls: FakeCalls } {
  const calls = newCalls();
  const health = (peer: PeerName) =>
    client(Health, {
      check() {
        const status = fakes.health?.[peer] ?? ServingStatus.SERVING;
        if (status === "down") throw new ConnectError("connection refused", Code.Unavailable);
        return { status };
      },
      list() {
        const status = fakes.health?.[peer] ?? ServingStatus.SERVING;
        if (status === "down") throw new ConnectError("connection refused", Code.Unavailable);
        const entries = Object.entries(fakes.dependencies?.[peer] ?? {}).map(([name, s]) => [
          `${DEPENDENCY_HEALTH_PREFIX}${name}`,
          { status: s },
        ]);
        return { statuses: { "": { status }, ...Object.fromEntries(entries) } };
      },
    });

  const search = fakeSearch(calls, fakes);
  const clients: ServiceClients = {
    auth: client(AuthService, { ...fakeAuth(calls), ...fakes.auth }),
    search: client(SearchService, search),
    searchPages: client(SearchService, search, SearchPageService),
    fare: client(FareService, fakes.fare ?? {}),
    booking: client(BookingService, fakes.booking ?? {}),
    wallet: client(WalletService, fakes.wallet ?? {}),
    webhooks: client(WebhookService, fakes.webhooks ?? {}),
    health: {
      search: health("search"),
      fare: health("fare"),
      booking: health("booking"),
      wallet: health("wallet"),
      auth: health("auth"),
      webhooks: health("webhooks"),
    },
  };
  return { clients, calls };
}

/** A client of `service` (or of `view`, a wire-compatible reading of it) answered by `impl`. */
function client<S extends DescService, V extends DescService = S>(service: S, impl: Partial<ServiceImpl<S>>, view?: V) {
  const transport = createRouterTransport((router) => router.service(service, impl), {
    transport: { interceptors: [forwardRequestIdInterceptor()] },
  });
  return createPeerClient(view ?? (service as DescService as V), transport);
}
