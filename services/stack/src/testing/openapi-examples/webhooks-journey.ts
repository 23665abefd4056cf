import type { ExampleRecorder } from "./example-recorder.js";

/** Loopback is accepted in tests (WEBHOOK_ALLOW_LOOPBACK); the stand-in receiver answers for it. */
const RECEIVER_URL = "https://localhost/webhooks/tarmac";
const EVENT_TYPES = ["booking.booked", "booking.ticketed", "booking.rescheduled", "booking.cancelled", "booking.refunded"];

/** Registers the endpoint the rest of the journey's events are delivered to. */
export async function registerEndpoint(api: ExampleRecorder): Promise<string> {
  const created = await api.post({
    name: "bookingEvents",
    summary: "An endpoint for the booking events; the secret is shown only here",
    path: "/api/v1/webhooks/create",
    body: { url: RECEIVER_URL, event_types: EVENT_TYPES, description: "Back office" },
    expect: 200,
  });
  return created.json.endpoint.endpoint_id as string;
}

/** The endpoint's management and its deliveries, after the booking journey made some. */
export async function webhooksJourney(api: ExampleRecorder, endpointId: string, settle: () => Promise<void>): Promise<void> {
  const endpoint = { endpoint_id: endpointId };
  await api.post({ name: "one", summary: "The agency's endpoints", path: "/api/v1/webhooks/list", body: {}, expect: 200 });
  await api.post({ name: "endpoint", summary: "One endpoint", path: "/api/v1/webhooks/get", body: endpoint, expect: 200 });
  await api.post({
    name: "unknownEndpoint",
    summary: "No endpoint of this agency has this id",
    path: "/api/v1/webhooks/get",
    body: { endpoint_id: "whe_01KBZZZZZZZZZZZZZZZZZZZZZZ" },
    expect: 404,
  });
  await api.post({
    name: "addWalletEvents",
    summary: "Subscribing to more event types",
    path: "/api/v1/webhooks/update",
    body: { ...endpoint, event_types: [...EVENT_TYPES, "wallet.debited", "wallet.credited"] },
    expect: 200,
  });
  await api.post({
    name: "rotated",
    summary: "A new secret; the previous one still signs for 24 hours",
    path: "/api/v1/webhooks/rotate-secret",
    body: endpoint,
    expect: 200,
  });
  await api.post({
    name: "testEvent",
    summary: "A webhook.test delivery to the endpoint",
    path: "/api/v1/webhooks/test",
    body: endpoint,
    expect: 200,
  });
  await settle();
  const deliveries = await api.post({
    name: "latest",
    summary: "The endpoint's deliveries, newest first, each with its attempts",
    path: "/api/v1/webhooks/deliveries",
    body: { ...endpoint, page_size: 3 },
    expect: 200,
  });
  await api.post({
    name: "nextPage",
    summary: "The next page of deliveries",
    path: "/api/v1/webhooks/deliveries",
    body: { ...endpoint, page_size: 3, cursor: deliveries.json.cursor },
    expect: 200,
  });
  const oldest = (deliveries.json.deliveries as { event_id: string }[]).at(-1)!;
  await api.post({
    name: "again",
    summary: "An event sent again to the endpoint",
    path: "/api/v1/webhooks/redeliver",
    body: { ...endpoint, event_id: oldest.event_id },
    expect: 200,
  });
  await settle();
  await api.post({ name: "deleted", summary: "The endpoint removed", path: "/api/v1/webhooks/delete", body: endpoint, expect: 200 });
}
