import { z } from "zod";
import { defineCommand } from "../command.js";
import { agentId, cursor, endpointId, wholeNumber } from "../fields.js";
import { deliveriesTable, endpointsTable } from "../text.js";
import { deliveryView, endpointView } from "../views.js";

export const webhooksList = defineCommand({
  group: "webhooks",
  name: "list",
  summary: "List an agent's webhook endpoints (never their secrets)",
  description:
    "Lists an agency's webhook endpoints (ListEndpoints), oldest first: ids, URLs, event types, whether each is enabled " +
    "and, for one the platform disabled, why. Signing secrets are never shown.",
  args: [{ key: "agentId", label: "<agent id>", description: "The agent whose endpoints to list" }],
  flags: {},
  examples: ["pnpm admin webhooks list agt_01JD8X3Q4N", "pnpm admin webhooks list agt_01JD8X3Q4N --json"],
  input: z.object({ agentId }),
  async run(input, { clients }) {
    const { endpoints } = await clients.webhooks.listEndpoints({ agentId: input.agentId });
    const views = endpoints.map(endpointView);
    const text = views.length === 0 ? `Agent ${input.agentId} has no webhook endpoints.` : endpointsTable(views);
    return { json: { agent_id: input.agentId, endpoints: views }, text };
  },
});

export const webhooksDeliveries = defineCommand({
  group: "webhooks",
  name: "deliveries",
  summary: "List an endpoint's deliveries, newest first, with their attempts",
  description:
    "Lists one page of an endpoint's deliveries (ListDeliveries), newest first: status (PENDING, SUCCEEDED, FAILED), " +
    "attempts, the next attempt and the last answer. --json includes every attempt with the first 1 KB of the " +
    "receiver's answer. When there are more, the text ends with the --cursor for the next page.",
  args: [
    { key: "agentId", label: "<agent id>", description: "The agent that owns the endpoint" },
    { key: "endpointId", label: "<endpoint id>", description: "The endpoint, as 'webhooks list' shows it" },
  ],
  flags: {
    limit: { type: "string", value: "<N>", description: "Deliveries per page, 1 to 100 (default 20)" },
    cursor: { type: "string", value: "<cursor>", description: "The next page, as the previous page printed it" },
  },
  examples: [
    "pnpm admin webhooks deliveries agt_01JD8X3Q4N whe_01JD8X5M7Q",
    "pnpm admin webhooks deliveries agt_01JD8X3Q4N whe_01JD8X5M7Q --limit 100 --json",
  ],
  input: z.object({ agentId, endpointId, limit: wholeNumber(1, 100).optional(), cursor }),
  async run(input, { clients }) {
    const page = await clients.webhooks.listDeliveries({
      agentId: input.agentId,
      endpointId: input.endpointId,
      pageSize: input.limit ?? 0,
      cursor: input.cursor ?? "",
    });
    const views = page.deliveries.map(deliveryView);
    const nextCursor = page.nextCursor || null;
    const table = views.length === 0 ? `Endpoint ${input.endpointId} has no deliveries.` : deliveriesTable(views);
    const more = nextCursor ? `\n\nMore: pnpm admin webhooks deliveries ${input.agentId} ${input.endpointId} --cursor ${nextCursor}` : "";
    return {
      json: { agent_id: input.agentId, endpoint_id: input.endpointId, deliveries: views, next_cursor: nextCursor },
      text: table + more,
    };
  },
});
