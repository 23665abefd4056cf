import type { Client } from "@connectrpc/connect";
import { DomainError } from "@tarmac/kernel";
import type { AuthService, BillingDetails } from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
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
 * Asked of auth (GetAgent) once per booking create that gives no `gst`, not cached: a create is
 * rare next to searches, already waits for the fare service and the airline, and billing details
 * changed by ops then apply to the next booking at once on every replica (no notice to follow).
 * The call carries the create's deadline (the peer client forwards it) and its signal. A sub-agent
 * without details of its own is billed under its parent agency's.
 */
export function authAgencyBilling(auth: Pick<Client<typeof AuthService>, "getAgent">): AgencyBilling {
  const agentOf = async (agentId: string, signal: AbortSignal) => {
    const { agent } = await auth.getAgent({ agentId }, { signal });
    if (!agent) throw new DomainError("AUTH_NOT_FOUND", "No such agency");
    return agent;
  };
  return {
    async gstOf(agentId, signal) {
      const agent = await agentOf(agentId, signal);
      const billing = agent.billing ?? (agent.parentAgentId === "" ? undefined : (await agentOf(agent.parentAgentId, signal)).billing);
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
