import { z } from "zod";
import { defineCommand, type ArgSpec } from "../command.js";
import { addressLines, addressText, agentId, gstin, gstState, pinCode, requiredEmail, stateOfGstin } from "../fields.js";
import { billingText } from "../text.js";
import { billingView, type AgentBillingView } from "../views.js";

const AGENCY_ARG: ArgSpec = { key: "agentId", label: "<agency id>", description: "The agency (or sub-agent), e.g. agt_01JD8X3Q4N" };

export const agenciesBillingSet = defineCommand({
  group: "agencies",
  name: "billing set",
  summary: "Set an agency's GSTIN, legal name, billing address and e-mail for tax invoices",
  description:
    "Sets the billing details an agency's tax invoices are made out to (SetAgentBilling) when a booking gives no gst: " +
    "the GSTIN (its state code decides IGST or CGST and SGST on the platform's fee), the legal name registered under it, " +
    "the billing address and the e-mail invoices go to. Replaces the whole set; invoices already issued keep the details " +
    "they were issued with. A sub-agent without details of its own is invoiced under its parent agency's. Give " +
    "--address-line once per line (up to 3).",
  args: [AGENCY_ARG],
  flags: {
    gstin: { type: "string", value: "<gstin>", description: "15-character GSTIN, e.g. 29AAGCB7383J1Z4 (check character verified)" },
    "legal-name": { type: "string", value: "<name>", description: "Legal name registered under the GSTIN (at most 100 characters)" },
    "address-line": { type: "string", value: "<line>", multiple: true, description: "An address line; repeat for each (1 to 3)" },
    city: { type: "string", value: "<city>", description: "City" },
    state: {
      type: "string",
      value: "<state>",
      description: "State or union territory the GSTIN is registered in, as the GST state list names it, e.g. Karnataka",
    },
    pin: { type: "string", value: "<pin code>", description: "6-digit PIN code, e.g. 560001" },
    email: { type: "string", value: "<e-mail>", description: "Where invoices are sent" },
  },
  examples: [
    'pnpm admin agencies billing set agt_01JD8X3Q4N --gstin 29AAGCB7383J1Z4 --legal-name "Sky Travels Pvt Ltd" ' +
      '--address-line "12 MG Road" --city Bengaluru --state Karnataka --pin 560001 --email accounts@sky.example',
  ],
  input: z
    .object({
      agentId,
      gstin,
      "legal-name": addressText(100),
      "address-line": addressLines,
      city: addressText(100),
      state: gstState,
      pin: pinCode,
      email: requiredEmail,
    })
    .superRefine(stateOfGstin),
  async run(input, { clients }) {
    const { agent } = await clients.auth.setAgentBilling({
      agentId: input.agentId,
      billing: {
        gstin: input.gstin,
        legalName: input["legal-name"],
        address: { lines: input["address-line"], city: input.city, state: input.state, pinCode: input.pin, country: "IN" },
        email: input.email,
      },
    });
    const view: AgentBillingView = { agent_id: input.agentId, billing: billingView(agent?.billing), billed_under: input.agentId };
    return { json: view as unknown as Record<string, unknown>, text: `Billing details set:\n${billingText(view)}` };
  },
});

export const agenciesBillingShow = defineCommand({
  group: "agencies",
  name: "billing show",
  summary: "Show the billing details an agency's invoices use",
  description:
    "Shows the GSTIN, legal name, address and e-mail an agency's tax invoices are made out to (GetAgent). A sub-agent " +
    "without details of its own shows its parent agency's, as bookings use them; none at all means invoices name the " +
    "agency as an unregistered recipient.",
  args: [AGENCY_ARG],
  flags: {},
  examples: ["pnpm admin agencies billing show agt_01JD8X3Q4N", "pnpm admin agencies billing show agt_01JD8X3Q4N --json"],
  input: z.object({ agentId }),
  async run(input, { clients }) {
    const { agent } = await clients.auth.getAgent({ agentId: input.agentId });
    let billing = billingView(agent?.billing);
    let billedUnder: string | null = billing ? input.agentId : null;
    if (!billing && agent?.parentAgentId) {
      billing = billingView((await clients.auth.getAgent({ agentId: agent.parentAgentId })).agent?.billing);
      billedUnder = billing ? agent.parentAgentId : null;
    }
    const view: AgentBillingView = { agent_id: input.agentId, billing, billed_under: billedUnder };
    return { json: view as unknown as Record<string, unknown>, text: billingText(view) };
  },
});
