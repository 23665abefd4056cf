import type { DescService } from "@bufbuild/protobuf";
import { Code, ConnectError, createClient, type Interceptor } from "@connectrpc/connect";
import { createGrpcTransport } from "@connectrpc/connect-node";
import { authCallerPolicy, DEMO_AGENT_ID } from "@tarmac/auth";
import { bookingCallerPolicy } from "@tarmac/booking";
import { fareCallerPolicy } from "@tarmac/fare";
import { AGENT_CONTEXT_HEADER, CallerTokenIssuer, fromConnectError, type CallerPolicy } from "@tarmac/kernel";
import { signedAs, silentLogger, testCredential } from "@tarmac/kernel/testing";
import { AuthService } from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import { BookingService } from "@tarmac/proto/tarmac/booking/v1/booking_pb.js";
import { FareService } from "@tarmac/proto/tarmac/fare/v1/fare_pb.js";
import { SearchService } from "@tarmac/proto/tarmac/search/v1/search_pb.js";
import { EntryKind, WalletService } from "@tarmac/proto/tarmac/wallet/v1/wallet_pb.js";
import { searchCallerPolicy } from "@tarmac/search";
import { walletCallerPolicy } from "@tarmac/wallet";
import { webhooksCallerPolicy } from "@tarmac/webhooks";
import { WebhookService } from "@tarmac/proto/tarmac/webhooks/v1/webhooks_pb.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStack, type Stack } from "./stack.js";
import { adultPassenger, apiClient, contact } from "./testing/api-client.js";
import { relaxedRateLimits } from "./testing/rate-limits.js";
import { onboardAgent } from "./testing/second-agent.js";

const services: [name: string, service: DescService, policy: CallerPolicy][] = [
  ["search", SearchService, searchCallerPolicy],
  ["fare", FareService, fareCallerPolicy],
  ["booking", BookingService, bookingCallerPolicy],
  ["wallet", WalletService, walletCallerPolicy],
  ["auth", AuthService, authCallerPolicy],
  ["webhooks", WebhookService, webhooksCallerPolicy],
];

/** Every method of a service, called with `agentId` set, through one transport. */
function callEach(url: string, service: DescService, interceptors: Interceptor[], agentId = DEMO_AGENT_ID) {
  const client = createClient(service, createGrpcTransport({ baseUrl: url, interceptors })) as unknown as Record<
    string,
    (request: object) => Promise<unknown>
  >;
  return service.methods.map(async (method) => {
    const call = client[method.localName];
    const outcome = await call?.({ agentId }).then(
      () => "answered",
      (error: unknown) => Code[ConnectError.from(error).code],
    );
    return [method.name, outcome] as const;
  });
}

/**
 * Caller authentication on every RPC (README, Calling services directly): a matrix over every
 * method of the six services, with no credential, with a trusted caller the method does not
 * list, and with the gateway's credential but another agency's context.
 */
describe("who may call the services directly", () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({
      env: { TARMAC_ENV: "test", ...relaxedRateLimits },
      port: 0,
      servicePorts: "ephemeral",
      logger: silentLogger(),
    });
  });
  afterAll(() => stack.stop());

  for (const [name, service, policy] of services) {
    it(`${name}: every method refuses an anonymous caller (UNAUTHENTICATED) and a caller it does not list (PERMISSION_DENIED)`, async () => {
      const url = stack.services[name]!;
      const anonymous = Object.fromEntries(await Promise.all(callEach(url, service, [])));
      expect(anonymous).toEqual(Object.fromEntries(service.methods.map((m) => [m.name, "Unauthenticated"])));
      // The airline's credential is trusted, but the airline calls none of these services.
      const unlisted = Object.fromEntries(await Promise.all(callEach(url, service, [signedAs("airline")])));
      expect(unlisted).toEqual(Object.fromEntries(service.methods.map((m) => [m.name, "PermissionDenied"])));
      // A signature the services do not trust is no credential at all.
      const forged = Object.fromEntries(await Promise.all(callEach(url, service, [signedAs("intruder")])));
      expect(forged).toEqual(Object.fromEntries(service.methods.map((m) => [m.name, "Unauthenticated"])));
      // Methods for agencies need the gateway's word for the very agency the request names.
      const agencyMethods = Object.entries(policy).filter(([, callers]) => callers.gateway === "agent-context");
      const withoutContext = Object.fromEntries(await Promise.all(callEach(url, service, [signedAs("gateway")])));
      for (const [method] of agencyMethods) expect([method, withoutContext[method]]).toEqual([method, "PermissionDenied"]);
    });
  }

  it("lets booking's identity credit a wallet only the refund of what a booking paid (issue 34)", async () => {
    const agency = await onboardAgent(stack, "Agency R", "ops@agency-r.test");
    const asBooking = createClient(
      WalletService,
      createGrpcTransport({ baseUrl: stack.services.wallet!, interceptors: [signedAs("booking")] }),
    );
    const admin = createClient(WalletService, createGrpcTransport({ baseUrl: stack.services.wallet!, interceptors: [signedAs("admin")] }));
    const balance = async () => (await admin.getBalance({ agentId: agency.agentId })).balance?.balancePaise;
    const refusal = (call: Promise<unknown>) =>
      call.then(
        () => "credited",
        (e: unknown) => fromConnectError(e).code,
      );
    const before = await balance();
    // The finding: 10,000,000 paise credited in one call, with no booking or one that never existed.
    for (const reference of ["compensation-1", "bkg_01JZZZZZZZZZZZZZZZZZZZZZZZ"]) {
      expect(await refusal(asBooking.credit({ agentId: agency.agentId, amountPaise: 10_000_000n, reference }))).toBe(
        "WALLET_CREDIT_NOT_ALLOWED",
      );
    }
    // A real booking of the agency: booking may give back what it paid, not a paisa more.
    const api = apiClient(stack.gatewayUrl, agency.apiKey);
    const { fareToken } = await api.lockedFare({ origin: "BLR", dest: "CCU" });
    const booked = await api.post(
      "/api/v1/flight/booking/create",
      { fare_token: fareToken, passengers: [adultPassenger(1)], contact_info: contact },
      { "idempotency-key": "r-1" },
    );
    expect(booked.status, booked.text).toBe(200);
    const bookingId: string = booked.json.booking_id;
    // A statement's CAPTURE line is signed from the agency's side: minus what was paid.
    const paid = -(await admin.listStatement({ agentId: agency.agentId })).lines.find((l) => l.kind === EntryKind.CAPTURE)!.amountPaise;
    const over = { agentId: agency.agentId, amountPaise: paid + 1n, reference: `${bookingId}/rfd_x` };
    expect(await refusal(asBooking.credit(over))).toBe("WALLET_CREDIT_NOT_ALLOWED");
    expect(await refusal(asBooking.credit({ ...over, amountPaise: paid }))).toBe("credited");
    expect(await balance()).toBe(before);
  });

  it("lets the gateway act for the agency it vouches for, and for no other", async () => {
    const search = createClient(
      SearchService,
      createGrpcTransport({ baseUrl: stack.services.search!, interceptors: [signedAs("gateway", { vouchesForAgents: true })] }),
    );
    // The gateway's genuine word, but for another agency than the request names.
    const otherContext: Interceptor = (next) => async (req) => {
      req.header.set(AGENT_CONTEXT_HEADER, await new CallerTokenIssuer(testCredential("gateway")).agentContextFor("agt_other"));
      return next(req);
    };
    const spoofed = createClient(
      SearchService,
      createGrpcTransport({ baseUrl: stack.services.search!, interceptors: [otherContext, signedAs("gateway")] }),
    );
    const request = { agentId: DEMO_AGENT_ID, origin: "BLR", dest: "HYD", dod: "2099-01-01", limit: 1 };
    expect(
      await search.searchFlights(request).then(
        () => "answered",
        (e: unknown) => Code[ConnectError.from(e).code],
      ),
    ).not.toBe("PermissionDenied");
    expect(
      await spoofed.searchFlights(request).then(
        () => "answered",
        (e: unknown) => Code[ConnectError.from(e).code],
      ),
    ).toBe("PermissionDenied");
  });

  it("refuses a suspended agency's own calls in booking and the wallet, while booking still settles its money; no wallet for an unknown agency", async () => {
    const agency = await onboardAgent(stack, "Agency S", "ops@agency-s.test");
    const auth = createClient(AuthService, createGrpcTransport({ baseUrl: stack.services.auth!, interceptors: [signedAs("admin")] }));
    const asAgency = createClient(
      WalletService,
      createGrpcTransport({ baseUrl: stack.services.wallet!, interceptors: [signedAs("gateway", { vouchesForAgents: true })] }),
    );
    expect((await asAgency.getBalance({ agentId: agency.agentId })).balance?.agentId).toBe(agency.agentId);
    await auth.suspendAgent({ agentId: agency.agentId, reason: "unpaid invoices" });
    // The wallet remembers an agency's standing for 5 s (it just answered this one).
    const suspendedAt = Date.now();
    let read: unknown;
    for (let attempt = 0; attempt < 40 && fromConnectError(read).code !== "AUTH_AGENT_SUSPENDED"; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 250));
      read = await asAgency.getBalance({ agentId: agency.agentId }).then(
        () => undefined,
        (e: unknown) => e,
      );
    }
    expect(fromConnectError(read).code).toBe("AUTH_AGENT_SUSPENDED");
    expect(Date.now() - suspendedAt).toBeLessThan(7_000);
    // Booking settling a booking made before the suspension (its recovery sweep) still holds and voids.
    const asBooking = createClient(
      WalletService,
      createGrpcTransport({ baseUrl: stack.services.wallet!, interceptors: [signedAs("booking")] }),
    );
    const { holdId } = await asBooking.hold({ agentId: agency.agentId, amountPaise: 100n, reference: "settling-hold", description: "t" });
    await asBooking.void({ holdId });
    const booking = createClient(
      BookingService,
      createGrpcTransport({ baseUrl: stack.services.booking!, interceptors: [signedAs("gateway", { vouchesForAgents: true })] }),
    );
    const created = await booking
      .createBooking({ agentId: agency.agentId, fareToken: "x", idempotencyKey: "k-1" })
      .catch((e: unknown) => e);
    expect(fromConnectError(created).code).toBe("AUTH_AGENT_SUSPENDED");
    const admin = createClient(WalletService, createGrpcTransport({ baseUrl: stack.services.wallet!, interceptors: [signedAs("admin")] }));
    const opened = await admin.openAccount({ agentId: "agt_nobody", currency: "INR" }).catch((e: unknown) => e);
    expect(fromConnectError(opened).code).toBe("AUTH_NOT_FOUND");
  });
});
