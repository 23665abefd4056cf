/** Examples of /api/v1/webhooks/* (validated against the routes' schemas by openapi.test.ts). */

const ENDPOINT_ID = "whe_01JD4QC7H2K4M6P8R0T2V4X6Z8";

const endpoint = {
  endpoint_id: ENDPOINT_ID,
  url: "https://hooks.example-travels.in/tarmac",
  event_types: ["booking.booked", "booking.ticketed", "booking.cancelled", "booking.refunded"],
  description: "Back office",
  enabled: true,
  disabled_reason: null,
  created_at: "2026-11-22T06:00:00.000Z",
  updated_at: "2026-11-22T06:00:00.000Z",
  previous_secret_expires_at: null,
};

export const webhookExamples = {
  createRequest: [{ url: endpoint.url, event_types: endpoint.event_types, description: endpoint.description }],
  withSecret: [{ endpoint, secret: "whsec_3q2-7wEfN0pW9vYk1Zx4a8LmQ6rT5uBcD2gHj0KsVeI" }],
  one: [{ endpoint }],
  list: [{ endpoints: [endpoint] }],
  deliveriesRequest: [{ endpoint_id: ENDPOINT_ID, page_size: 20, cursor: null }],
  deliveries: [
    {
      deliveries: [
        {
          delivery_id: "whd_01JD4QD9K3M5P7R9T1V3X5Z7B9",
          endpoint_id: ENDPOINT_ID,
          event_id: "evt_01JD4QB3C5E7G9J1K3M5N7Q9S2",
          event_type: "booking.ticketed",
          status: "PENDING",
          attempts: [
            {
              at: "2026-11-22T06:05:00.000Z",
              status_code: 503,
              error: "HTTP 503",
              response_body: "upstream unavailable",
              duration_ms: 84,
            },
          ],
          next_attempt_at: "2026-11-22T06:05:30.000Z",
          created_at: "2026-11-22T06:05:00.000Z",
        },
      ],
      count: 1,
      cursor: "d2hkXzAxSkQ0UUQ5SzNNNVA3UjlUMVYzWDVaN0I5",
    },
  ],
};
