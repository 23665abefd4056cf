import type { DescService } from "@bufbuild/protobuf";
import type { ServiceImpl } from "@connectrpc/connect";
import { DomainError, toConnectError } from "@tarmac/kernel";
import { BookingService } from "@tarmac/proto/tarmac/booking/v1/booking_pb.js";
import { FareService } from "@tarmac/proto/tarmac/fare/v1/fare_pb.js";
import { WalletService } from "@tarmac/proto/tarmac/wallet/v1/wallet_pb.js";
import { WebhookService } from "@tarmac/proto/tarmac/webhooks/v1/webhooks_pb.js";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { keys, otp, tokens } from "./testing/fake-services.js";
import { type SecondaryTestApp, secondaryTestApp } from "./testing/secondary.js";
import { ADULT_PASSENGER, CONTACT_INFO } from "./testing/booking-bodies.js";
import { answersOutsideContract } from "./testing/openapi/response-recorder.js";

answersOutsideContract("every fake peer refuses every call with WALLET_INSUFFICIENT_FUNDS, which most operations never answer");

/** What every peer answers: a refusal the gateway must pass on with its own status and code. */
const refusal = () => toConnectError(new DomainError("WALLET_INSUFFICIENT_FUNDS", "Available 0.00 INR"));

function refusingEverything<S extends DescService>(service: S): Partial<ServiceImpl<S>> {
  const refuse = () => {
    throw refusal();
  };
  const impl: Record<string, () => never> = Object.fromEntries(service.methods.map((method) => [method.localName, refuse]));
  return impl as unknown as Partial<ServiceImpl<S>>;
}

const date = (daysAhead: number, plain = false) => {
  const iso = new Date(Date.now() + daysAhead * 86_400_000).toISOString().slice(0, 10);
  return plain ? iso.replaceAll("-", "") : iso;
};
const passenger = ADULT_PASSENGER;
const contact = CONTACT_INFO;
const cancellation = { booking_id: "bkg_1", reason_code: "CUSTOMER_REQUEST", cancellation_type: "VOLUNTARY" };

/** The fake auth service's key that holds the route's scope. */
const keyFor = (url: string) => {
  if (url.includes("/webhooks/")) return keys.webhooks;
  if (url.includes("/agency/") || url.includes("/low-balance-threshold")) return keys.agencyManager;
  if (url.endsWith("/schedule-changes/rebook")) return keys.changes;
  if (/cancel|reschedule|refunds/.test(url)) return keys.changes;
  if (url.includes("/schedule-changes/")) return keys.bookOnly;
  if (/fare|booking|invoices/.test(url)) return keys.bookOnly;
  return url.includes("/wallet/") ? keys.walletOnly : keys.valid;
};
const primary = (url: string, body: unknown): InjectOptions => ({
  method: "POST",
  url,
  headers: { "content-type": "application/json", "x-api-key": keyFor(url), "idempotency-key": `key-${url}` },
  payload: JSON.stringify(body),
});
const secondary = (url: string, body: unknown, bearer = true): InjectOptions => ({
  method: "POST",
  url,
  headers: { "content-type": "application/json", ...(bearer && { authorization: `Bearer ${tokens.valid}` }) },
  payload: JSON.stringify(body),
});

/** A valid request for every route that calls a peer; a route missing here fails the first test. */
const REQUESTS: Readonly<Record<string, InjectOptions>> = {
  "POST /api/v1/flight/search": primary("/api/v1/flight/search", { origin: "DEL", dest: "BOM", dod: date(30, true) }),
  "POST /api/v1/search": primary("/api/v1/search", { origin: "DEL", dest: "BOM", dod: date(30, true) }),
  "POST /api/v1/flight/fare/validate": primary("/api/v1/flight/fare/validate", {
    search_id: "srch_1",
    signature: "sig",
    pax: { adult: 1 },
  }),
  "POST /api/v1/flight/fare/seatmap": primary("/api/v1/flight/fare/seatmap", {
    search_id: "srch_1",
    signature: "sig",
    fare_token: "ft",
    provider: "SANDBOX",
  }),
  "POST /api/v1/flight/fare/ancillaries": primary("/api/v1/flight/fare/ancillaries", { fare_token: "ft" }),
  "POST /api/v1/flight/booking/create": primary("/api/v1/flight/booking/create", {
    fare_token: "ft",
    passengers: [passenger],
    contact_info: contact,
  }),
  "POST /api/v1/flight/booking/status": primary("/api/v1/flight/booking/status", { booking_id: "bkg_1" }),
  "POST /api/v1/flight/booking/list": primary("/api/v1/flight/booking/list", { page_size: 5 }),
  "POST /api/v1/flight/booking/cancel/quote": primary("/api/v1/flight/booking/cancel/quote", cancellation),
  "POST /api/v1/flight/booking/cancel/confirm": primary("/api/v1/flight/booking/cancel/confirm", cancellation),
  "POST /api/v1/flight/booking/refunds": primary("/api/v1/flight/booking/refunds", { page_size: 5 }),
  "POST /api/v1/flight/booking/reschedule/quote": primary("/api/v1/flight/booking/reschedule/quote", {
    booking_id: "bkg_1",
    new_offer_id: "off_2",
    reason_code: "CUSTOMER_REQUEST",
  }),
  "POST /api/v1/flight/booking/reschedule/confirm": primary("/api/v1/flight/booking/reschedule/confirm", { booking_id: "bkg_1" }),
  "POST /api/v1/flight/booking/ticket": primary("/api/v1/flight/booking/ticket", { booking_id: "bkg_1" }),
  "POST /api/v1/flight/booking/release": primary("/api/v1/flight/booking/release", { booking_id: "bkg_1" }),
  "POST /api/v1/flight/booking/ancillaries/quote": primary("/api/v1/flight/booking/ancillaries/quote", { booking_id: "bkg_1" }),
  "POST /api/v1/flight/booking/ancillaries/confirm": primary("/api/v1/flight/booking/ancillaries/confirm", {
    booking_id: "bkg_1",
    selections: [{ ancillary_token: "at_1" }],
  }),
  "POST /api/v1/wallet/balance": primary("/api/v1/wallet/balance", {}),
  "POST /api/v1/wallet/statement": primary("/api/v1/wallet/statement", {}),
  "POST /api/v1/webhooks/create": primary("/api/v1/webhooks/create", { url: "https://hooks.test/t", event_types: ["booking.booked"] }),
  "POST /api/v1/webhooks/list": primary("/api/v1/webhooks/list", {}),
  "POST /api/v1/webhooks/get": primary("/api/v1/webhooks/get", { endpoint_id: "whe_1" }),
  "POST /api/v1/webhooks/update": primary("/api/v1/webhooks/update", { endpoint_id: "whe_1", enabled: true }),
  "POST /api/v1/webhooks/delete": primary("/api/v1/webhooks/delete", { endpoint_id: "whe_1" }),
  "POST /api/v1/webhooks/rotate-secret": primary("/api/v1/webhooks/rotate-secret", { endpoint_id: "whe_1" }),
  "POST /api/v1/webhooks/test": primary("/api/v1/webhooks/test", { endpoint_id: "whe_1" }),
  "POST /api/v1/webhooks/deliveries": primary("/api/v1/webhooks/deliveries", { endpoint_id: "whe_1", page_size: 5 }),
  "POST /api/v1/webhooks/redeliver": primary("/api/v1/webhooks/redeliver", { endpoint_id: "whe_1", event_id: "evt_1" }),
  "POST /api/v1/invoices/list": primary("/api/v1/invoices/list", {}),
  "POST /api/v1/invoices/get": primary("/api/v1/invoices/get", { invoice_number: "TI/2026-27/000001" }),
  "POST /api/v1/invoices/pdf": primary("/api/v1/invoices/pdf", { invoice_number: "TI/2026-27/000001" }),
  "POST /api/v1/invoices/export": primary("/api/v1/invoices/export", { month: "2026-12", kind: "gstr1" }),
  "POST /api/v1/flight/schedule-changes/list": primary("/api/v1/flight/schedule-changes/list", {}),
  "POST /api/v1/flight/schedule-changes/get": primary("/api/v1/flight/schedule-changes/get", {
    schedule_change_id: "sc_01J0000000000000000000000A",
  }),
  "POST /api/v1/flight/schedule-changes/acknowledge": primary("/api/v1/flight/schedule-changes/acknowledge", {
    schedule_change_id: "sc_01J0000000000000000000000A",
  }),
  "POST /api/v1/flight/schedule-changes/accept": primary("/api/v1/flight/schedule-changes/accept", {
    schedule_change_id: "sc_01J0000000000000000000000A",
  }),
  "POST /api/v1/flight/schedule-changes/cancel": primary("/api/v1/flight/schedule-changes/cancel", {
    schedule_change_id: "sc_01J0000000000000000000000A",
  }),
  "POST /api/v1/flight/schedule-changes/rebook": primary("/api/v1/flight/schedule-changes/rebook", {
    schedule_change_id: "sc_01J0000000000000000000000A",
    new_offer_id: "off_1",
  }),
  "POST /api/v1/agency/sub-agents/create": primary("/api/v1/agency/sub-agents/create", { name: "Pune branch" }),
  "POST /api/v1/agency/sub-agents/list": primary("/api/v1/agency/sub-agents/list", {}),
  "POST /api/v1/agency/sub-agents/get": primary("/api/v1/agency/sub-agents/get", { sub_agent_id: "agt_sub" }),
  "POST /api/v1/agency/sub-agents/update": primary("/api/v1/agency/sub-agents/update", { sub_agent_id: "agt_sub", name: "Pune" }),
  "POST /api/v1/agency/sub-agents/suspend": primary("/api/v1/agency/sub-agents/suspend", { sub_agent_id: "agt_sub" }),
  "POST /api/v1/agency/sub-agents/transfer": primary("/api/v1/agency/sub-agents/transfer", {
    sub_agent_id: "agt_sub",
    direction: "TO_SUB_AGENT",
    amount_paise: 100,
    reference: "tr-1",
  }),
  "POST /api/v1/agency/api-keys/issue": primary("/api/v1/agency/api-keys/issue", {}),
  "POST /api/v1/agency/api-keys/list": primary("/api/v1/agency/api-keys/list", {}),
  "POST /api/v1/agency/api-keys/revoke": primary("/api/v1/agency/api-keys/revoke", { key_id: "abcd1234" }),
  "POST /api/v1/wallet/low-balance-threshold": primary("/api/v1/wallet/low-balance-threshold", { threshold_paise: 100 }),
  "POST /api/auth/send-otp": secondary("/api/auth/send-otp", { identifier: otp.identifier, type: "EMAIL" }, false),
  "POST /api/auth/verify-otp": secondary("/api/auth/verify-otp", { identifier: otp.identifier, code: otp.code }, false),
  "POST /api/auth/logout": secondary("/api/auth/logout", {}),
  "POST /api/flights/search": secondary("/api/flights/search", {
    origin: "DEL",
    destination: "BOM",
    departure_date: date(30),
    adults: 1,
    travel_class: "ECONOMY",
  }),
  "POST /api/flights/booking/create": secondary("/api/flights/booking/create", {
    flight_id: "off_001",
    total_price: 17.98,
    currency: "USD",
    passengers: [{ title: "MR", first_name: "Ravi", last_name: "Kumar", pax_type: "adult", gender: "M", born_on: "1990-04-01" }],
    contact,
  }),
  "GET /api/dev/outbox": { method: "GET", url: `/api/dev/outbox?identifier=${encodeURIComponent(otp.identifier)}` },
};

/** Routes that call no peer: the documentation and probes. */
const NO_PEER = /^(GET|HEAD) \/(docs|healthz|readyz|metrics|api\/v1\/openapi\.json)/;

/**
 * Every route passes a peer's refusal on as the catalogue says (402 and the code, in each
 * surface's envelope), because the peer clients reject with the domain error: no route wraps its
 * calls, so a new route cannot forget to.
 */
describe("a peer's refusal on every route", () => {
  let gateway: SecondaryTestApp;
  const routes = new Set<string>();
  beforeAll(async () => {
    gateway = await secondaryTestApp(
      {
        search: () => {
          throw refusal();
        },
        fare: refusingEverything(FareService),
        booking: refusingEverything(BookingService),
        wallet: refusingEverything(WalletService),
        webhooks: refusingEverything(WebhookService),
        auth: {
          sendOtp: () => Promise.reject(refusal()),
          verifyOtp: () => Promise.reject(refusal()),
          logout: () => Promise.reject(refusal()),
          listDevOutbox: () => Promise.reject(refusal()),
          createSubAgent: () => Promise.reject(refusal()),
          listSubAgents: () => Promise.reject(refusal()),
          getSubAgent: () => Promise.reject(refusal()),
          updateSubAgent: () => Promise.reject(refusal()),
          suspendSubAgent: () => Promise.reject(refusal()),
          issueAgencyApiKey: () => Promise.reject(refusal()),
          listAgencyApiKeys: () => Promise.reject(refusal()),
          revokeAgencyApiKey: () => Promise.reject(refusal()),
        },
      },
      { environment: "development" },
      (app) => {
        app.addHook("onRoute", (route) => {
          for (const method of [route.method].flat()) {
            const name = `${method} ${route.url}`;
            if (!NO_PEER.test(name) && method !== "HEAD" && !route.url.startsWith("/docs")) routes.add(name);
          }
        });
      },
    );
  });
  afterAll(() => gateway.app.close());

  it("has a request for every route the gateway serves", () => {
    expect([...routes].sort()).toEqual(Object.keys(REQUESTS).sort());
  });

  it.each(Object.entries(REQUESTS))("%s answers 402 WALLET_INSUFFICIENT_FUNDS", async (route, request) => {
    const response = await gateway.app.inject(request);
    expect(response.statusCode, response.body).toBe(402);
    const body = response.json<{ success?: boolean; error: { code: string; category?: string } }>();
    expect(body.error.code).toBe("WALLET_INSUFFICIENT_FUNDS");
    if (route.includes(" /api/v1/")) expect(body.error.category).toBe("WALLET");
    else expect(body.success).toBe(false);
  });
});
