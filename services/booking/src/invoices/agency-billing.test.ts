import { create, type MessageInitShape } from "@bufbuild/protobuf";
import { createRouterTransport } from "@connectrpc/connect";
import { createPeerClient, DomainError, KnownAgents, toConnectError } from "@tarmac/kernel";
import { AgentSchema, AuthService } from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import { ListInvoicesRequestSchema } from "@tarmac/proto/tarmac/booking/v1/invoice_pb.js";
import { describe, expect, it } from "vitest";
import { AGENT, bookingHarness, createRequest, type BookingHarness } from "../testing/booking-harness.js";
import { handlerContext } from "../testing/service-calls.js";
import { authAgencyBilling } from "./agency-billing.js";

/** The agency's details as authAgencyBilling turns auth's BillingDetails into them. */
const KARNATAKA_AGENCY = {
  gstin: "29AAGCB7383J1Z4",
  registeredName: "Sky Travels Private Limited",
  address: "12 MG Road, Ashok Nagar, Bengaluru, Karnataka 560001, IN",
  email: "accounts@sky.example",
};
const MAHARASHTRA_AGENCY = { ...KARNATAKA_AGENCY, gstin: "27AAPFU0939F1ZV", address: "1 Marine Drive, Mumbai, Maharashtra 400020, IN" };

async function ticketedInvoice(h: BookingHarness, overrides: Record<string, unknown> = {}) {
  const created = await h.service.createBooking(createRequest(overrides), handlerContext());
  h.airline.ticket(created.bookingId, "TICKETED");
  await h.ticketing.run();
  const { invoices } = await h.service.listInvoices(create(ListInvoicesRequestSchema, { agentId: AGENT, bookingId: created.bookingId }));
  return { created, invoice: invoices[0]! };
}

describe("a booking without gst is billed to the agency's billing details", () => {
  it("within the platform's state (Karnataka, 29): CGST and SGST, the invoice names the agency's GSTIN and address", async () => {
    const h = bookingHarness();
    h.agencyBilling.set(AGENT, KARNATAKA_AGENCY);
    const { created, invoice } = await ticketedInvoice(h);
    const { booking } = await h.service.getBooking({ agentId: AGENT, bookingId: created.bookingId } as never);
    expect(booking?.taxLines?.gstKind).toBe("CGST_SGST");
    expect(booking?.gst).toMatchObject({ gstin: KARNATAKA_AGENCY.gstin, registeredName: KARNATAKA_AGENCY.registeredName });
    expect(invoice.gstKind).toBe("CGST_SGST");
    expect(invoice.lines[0]!.cgstPaise + invoice.lines[0]!.sgstPaise).toBeGreaterThan(0n);
    expect(invoice.lines[0]!.igstPaise).toBe(0n);
    expect(invoice.recipient).toMatchObject({
      name: "Sky Travels Private Limited",
      gstin: "29AAGCB7383J1Z4",
      stateCode: "29",
      address: "12 MG Road, Ashok Nagar, Bengaluru, Karnataka 560001, IN",
      email: "accounts@sky.example",
    });
  });

  it("in another state: IGST; changing the billing details later leaves the issued invoice as it was", async () => {
    const h = bookingHarness();
    h.agencyBilling.set(AGENT, MAHARASHTRA_AGENCY);
    const { invoice } = await ticketedInvoice(h);
    expect(invoice.gstKind).toBe("IGST");
    expect(invoice.lines[0]!.igstPaise).toBeGreaterThan(0n);
    expect(invoice.recipient?.gstin).toBe("27AAPFU0939F1ZV");

    h.agencyBilling.set(AGENT, KARNATAKA_AGENCY);
    const again = await h.service.getInvoice({ agentId: AGENT, invoiceNumber: invoice.invoiceNumber } as never);
    expect(again.invoice).toEqual(invoice);
    // The next booking follows the new details.
    expect((await ticketedInvoice(h)).invoice.recipient?.gstin).toBe("29AAGCB7383J1Z4");
  });

  it("a gst given on the request wins over the agency's details; none at all is an unregistered recipient", async () => {
    const h = bookingHarness();
    h.agencyBilling.set(AGENT, KARNATAKA_AGENCY);
    const given = { gstin: "07AAACT2727Q1ZY", registeredName: "Sky Delhi", address: "Connaught Place, Delhi", email: "delhi@sky.example" };
    const { invoice } = await ticketedInvoice(h, { gst: given });
    expect(invoice.gstKind).toBe("IGST");
    expect(invoice.recipient).toMatchObject({ gstin: "07AAACT2727Q1ZY", name: "Sky Delhi" });

    h.agencyBilling.clear();
    const unregistered = await ticketedInvoice(h);
    expect(unregistered.invoice.gstKind).toBe("CGST_SGST");
    // Said to be unregistered (B2C), not dressed up as "Agency agt_one" with the passenger's e-mail (issue 35, finding 7).
    expect(unregistered.invoice.recipient).toMatchObject({
      gstin: "",
      name: `Unregistered recipient (no GSTIN, B2C): agency ${AGENT}`,
      email: "",
      registered: false,
    });
    expect(unregistered.invoice.placeOfSupply).toMatchObject({ stateCode: "29", stateName: "Karnataka" });
  });
});

describe("authAgencyBilling", () => {
  const billing = {
    gstin: "29AAGCB7383J1Z4",
    legalName: "Sky Travels Private Limited",
    address: { lines: ["12 MG Road", "Ashok Nagar"], city: "Bengaluru", state: "Karnataka", pinCode: "560001", country: "IN" },
    email: "accounts@sky.example",
  };
  const agencies = (agents: Record<string, MessageInitShape<typeof AgentSchema>>) => {
    const asked: string[] = [];
    const auth = createPeerClient(
      AuthService,
      createRouterTransport((router) =>
        router.service(AuthService, {
          getAgent(request) {
            asked.push(request.agentId);
            const found = agents[request.agentId];
            if (!found) throw toConnectError(new DomainError("AUTH_NOT_FOUND", "agent not found"));
            return { agent: create(AgentSchema, { agentId: request.agentId, ...found }) };
          },
        }),
      ),
    );
    return { billingOf: authAgencyBilling(new KnownAgents(auth)), asked };
  };

  it("answers the agency's own details, its parent agency's for a sub-agent without, and none when neither has any", async () => {
    const { billingOf, asked } = agencies({
      agt_parent: { billing },
      agt_sub: { parentAgentId: "agt_parent" },
      agt_own: { parentAgentId: "agt_parent", billing: { ...billing, gstin: "27AAPFU0939F1ZV" } },
      agt_alone: {},
    });
    const signal = new AbortController().signal;
    expect(await billingOf.gstOf("agt_parent", signal)).toEqual(KARNATAKA_AGENCY);
    expect(await billingOf.gstOf("agt_sub", signal)).toEqual(KARNATAKA_AGENCY);
    expect((await billingOf.gstOf("agt_own", signal))?.gstin).toBe("27AAPFU0939F1ZV");
    expect(await billingOf.gstOf("agt_alone", signal)).toBeUndefined();
    // The parent's record, asked for its own details, is remembered for the sub-agent's.
    expect(asked).toEqual(["agt_parent", "agt_sub", "agt_own", "agt_alone"]);
    await expect(billingOf.gstOf("agt_nobody", signal)).rejects.toMatchObject({ code: "AUTH_NOT_FOUND" });
  });
});

describe("authAgencyBilling within the create's deadline", () => {
  it("gives up when the create's signal fires while auth does not answer", async () => {
    const auth = createPeerClient(
      AuthService,
      createRouterTransport((router) =>
        router.service(AuthService, {
          getAgent: (_request, context) =>
            new Promise((_resolve, reject) => context.signal.addEventListener("abort", () => reject(new Error("aborted")))),
        }),
      ),
    );
    const started = Date.now();
    await expect(authAgencyBilling(new KnownAgents(auth)).gstOf("agt_slow", AbortSignal.timeout(100))).rejects.toBeDefined();
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
