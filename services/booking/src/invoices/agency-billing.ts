import type { KnownAgents } from "@tarmac/kernel";
import type { BillingDetails } from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import type { BookingGst } from "../domain/booking.js";

/**
 * The billing details auth keeps for an agency (admin CLI `agencies billing set`), as the GST
 * details of a booking that gave none: its tax lines (the GSTIN's state: IGST or CGST and SGST)
 * and its invoices' recipient follow them. undefined: the agency has none (invoiced unregistered).
 */
export interface AgencyBilling {
  gstOf(agentId: string, signal: AbortSignal): Promise<BookingGst | undefined>;
}

/**
 * Read from the agency's record as auth answered it (GetAgent), the one the create's standing
 * check just read (AgentStanding's KnownAgents): no call of its own within the record's few
 * seconds. Billing details changed by ops reach every replica at once (auth's notice drops the
 * record); without notices the TTL bounds how long the old ones are used. A lookup that does ask
 * auth carries the create's deadline (the peer client forwards it) and its signal. A sub-agent
 * without details of its own is billed under its parent agency's.
 */
export function authAgencyBilling(agents: Pick<KnownAgents, "agentOf">): AgencyBilling {
  return {
    async gstOf(agentId, signal) {
      const agent = await agents.agentOf(agentId, signal);
      const billing =
        agent.billing ?? (agent.parentAgentId === "" ? undefined : (await agents.agentOf(agent.parentAgentId, signal)).billing);
      return billing && bookingGstOf(billing);
    },
  };
}

/** One line, as the invoice prints it: "12 MG Road, Ashok Nagar, Bengaluru, Karnataka 560001, IN". */
function bookingGstOf(billing: BillingDetails): BookingGst {
  const a = billing.address;
  const place = a ? [...a.lines, a.city, `${a.state} ${a.pinCode}`.trim(), a.country] : [];
  return {
    gstin: billing.gstin,
    registeredName: billing.legalName,
    address: place.filter((part) => part !== "").join(", "),
    email: billing.email,
  };
}
