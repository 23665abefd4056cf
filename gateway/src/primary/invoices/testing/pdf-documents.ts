import { create, type MessageInitShape } from "@bufbuild/protobuf";
import { InvoiceKind, InvoiceSchema, type Invoice } from "@tarmac/proto/tarmac/booking/v1/invoice_pb.js";

/**
 * Documents of every kind as booking answers them, for the PDF tests: a B2B tax invoice with an
 * e-invoice (IGST, a family with a lap infant, out and back), a B2B credit note within the
 * platform's state (CGST and SGST), a debit note to an unregistered agency, a long group invoice
 * that runs onto a second page, and a document of an earlier release (summary lines only).
 */

const SUPPLIER = {
  name: "Tarmac Travel Technologies Private Limited",
  gstin: "29AAACT2727Q1ZS",
  address: "12 Residency Road, Bengaluru, Karnataka 560025",
  stateCode: "29",
  stateName: "Karnataka",
  email: "billing@tarmac.example",
  registered: true,
};
const MUMBAI_AGENCY = {
  name: "Sky Travels LLP",
  gstin: "27AAPFU0939F1ZV",
  address: "Unit 4, Marol Industrial Estate, Andheri East, Mumbai, Maharashtra 400059",
  stateCode: "27",
  stateName: "Maharashtra",
  email: "gst@sky.example",
  registered: true,
};
const BENGALURU_AGENCY = {
  name: "Garden City Holidays and Corporate Travel Management Private Limited",
  gstin: "29AAGCG1234K1Z1",
  address: "No. 221, 2nd Floor, 100 Feet Road, Indiranagar, Bengaluru, Karnataka 560038",
  stateCode: "29",
  stateName: "Karnataka",
  email: "accounts@gardencity.example",
  registered: true,
};

interface Pax {
  readonly id: string;
  readonly name: string;
  readonly fare: number;
  readonly taxes: number;
}

const FAMILY: readonly Pax[] = [
  { id: "ADT1", name: "MR Arjun Mehta", fare: 700_000, taxes: 150_000 },
  { id: "CHD1", name: "MSTR Kabir Mehta", fare: 560_000, taxes: 140_000 },
  { id: "INF1", name: "MISS Anaya Mehta", fare: 150_000, taxes: 20_000 },
];
const LEGS = [
  { direction: "OUTBOUND", sector: "DEL-BOM", travelDate: "2026-12-01", flights: ["AI101"] },
  { direction: "RETURN", sector: "BOM-DEL", travelDate: "2026-12-08", flights: ["AI102"] },
] as const;

const ticket = (i: number, leg: number) => `098${String(2_400_000_000 + i * 10 + leg).padStart(10, "0")}`;

function supplies(pax: readonly Pax[], intraState: boolean, kind = "SERVICE_FEE", description = "Air ticket reservation service fee") {
  return pax.flatMap((p, i) =>
    LEGS.map((leg, l) => {
      const taxable = p.id.startsWith("INF") ? 4_237 : 12_712;
      const tax = Math.round((taxable * 1800) / 10_000);
      const half = Math.round((taxable * 900) / 10_000);
      return {
        kind,
        description: `${description}: ${leg.sector} ${leg.travelDate}`,
        sac: "998551",
        paxId: p.id,
        passengerName: p.name,
        ...leg,
        flights: [...leg.flights],
        ticketNumbers: [ticket(i, l)],
        considerationPaise: BigInt(taxable + (intraState ? 2 * half : tax) + 1),
        taxableValuePaise: BigInt(taxable),
        gstRateBps: 1800,
        ...(intraState
          ? { cgstRateBps: 900, cgstPaise: BigInt(half), sgstRateBps: 900, sgstPaise: BigInt(half) }
          : { igstRateBps: 1800, igstPaise: BigInt(tax) }),
        adjustmentPaise: 1n,
      };
    }),
  );
}

function pureAgent(pax: readonly Pax[]) {
  return pax.flatMap((p, i) => [
    ...LEGS.map((leg, l) => ({
      kind: "AIR_FARE",
      description: `Air fare collected for the airline: ${leg.sector} ${leg.travelDate}`,
      paxId: p.id,
      passengerName: p.name,
      ...leg,
      flights: [...leg.flights],
      ticketNumbers: [ticket(i, l)],
      baseFarePaise: BigInt(p.fare / 2),
      airlineTaxesPaise: BigInt(p.taxes / 2),
      airlineGstPaise: BigInt(Math.round(p.fare / 2 / 20)),
      amountPaise: BigInt((p.fare + p.taxes) / 2),
    })),
    ...(p.id === "ADT1"
      ? [
          {
            kind: "SEAT",
            description: "Seat (airline EMD) collected for the airline: DEL-BOM 2026-12-01, seat 12A",
            paxId: p.id,
            passengerName: p.name,
            ...LEGS[0],
            flights: [...LEGS[0].flights],
            emdNumbers: ["0984400000017"],
            otherPaise: 45_000n,
            amountPaise: 45_000n,
          },
        ]
      : []),
  ]);
}

function commission(pax: readonly Pax[]) {
  return pax.flatMap((p) =>
    p.id.startsWith("INF")
      ? []
      : LEGS.map((leg) => ({ paxId: p.id, direction: leg.direction, grossCommissionPaise: 10_204n, tdsPaise: 204n })),
  );
}

function assemble(fields: MessageInitShape<typeof InvoiceSchema>): Invoice {
  const invoice = create(InvoiceSchema, { currency: "INR", reverseCharge: false, sac: "998551", financialYear: "2026-27", ...fields });
  const sum = (pick: (s: (typeof invoice.supplies)[number]) => bigint) => invoice.supplies.reduce((t, s) => t + pick(s), 0n);
  const pure = invoice.pureAgent.reduce((t, p) => t + p.amountPaise, 0n);
  const gross = invoice.commission.reduce((t, c) => t + c.grossCommissionPaise, 0n);
  const tds = invoice.commission.reduce((t, c) => t + c.tdsPaise, 0n);
  const value = sum((s) => s.considerationPaise);
  invoice.totals = {
    $typeName: "tarmac.booking.v1.DocumentTotals",
    taxableValuePaise: sum((s) => s.taxableValuePaise),
    cgstPaise: sum((s) => s.cgstPaise),
    sgstPaise: sum((s) => s.sgstPaise),
    igstPaise: sum((s) => s.igstPaise),
    adjustmentPaise: sum((s) => s.adjustmentPaise),
    supplyValuePaise: value,
    pureAgentPaise: pure,
    airlineGstPaise: invoice.pureAgent.reduce((t, p) => t + p.airlineGstPaise, 0n),
    grossCommissionPaise: gross,
    tdsPaise: tds,
  };
  invoice.totalPaise = value + pure - gross + tds;
  return invoice;
}

const SANDBOX_IRN = "5f1c1b0e9a2d7c4e8b3a6f0d2c9e7b1a4d8f6e2c0b9a7d5e3f1c8b6a4e2d0f9c";

export const PDF_DOCUMENTS: Readonly<Record<string, Invoice>> = {
  "tax-invoice-b2b-igst": assemble({
    invoiceNumber: "TI2627000042",
    kind: InvoiceKind.TAX_INVOICE,
    bookingId: "bkg_01JD8X3Q4NFAMILY",
    pnr: "ABC234",
    issuedAt: { seconds: 1_795_000_000n },
    supplier: SUPPLIER,
    recipient: MUMBAI_AGENCY,
    gstKind: "IGST",
    placeOfSupply: { stateCode: "27", stateName: "Maharashtra", gstKind: "IGST" },
    supplies: supplies(FAMILY, false),
    pureAgent: pureAgent(FAMILY),
    commission: commission(FAMILY),
    reason: "Tickets issued",
    eInvoice: {
      status: "REGISTERED",
      irn: SANDBOX_IRN,
      ackNo: "112610000000042",
      ackDate: { seconds: 1_795_000_005n },
      signedQrCode: `sandbox.${"eyJTZWxsZXJHc3RpbiI6IjI5QUFBQ1QyNzI3UTFaUyJ9".repeat(4)}.signature`,
      submitter: "SANDBOX",
    },
  }),
  "credit-note-b2b-cgst-sgst": assemble({
    invoiceNumber: "CN2627000007",
    kind: InvoiceKind.CREDIT_NOTE,
    bookingId: "bkg_01JD8X3Q4NGARDEN",
    pnr: "XYZ789",
    issuedAt: { seconds: 1_796_000_000n },
    supplier: SUPPLIER,
    recipient: BENGALURU_AGENCY,
    gstKind: "CGST_SGST",
    placeOfSupply: { stateCode: "29", stateName: "Karnataka", gstKind: "CGST_SGST" },
    supplies: supplies(FAMILY.slice(0, 1), true),
    pureAgent: pureAgent(FAMILY.slice(0, 1)),
    commission: commission(FAMILY.slice(0, 1)),
    originalInvoiceNumber: "TI2627000040",
    originalInvoiceDate: { seconds: 1_794_000_000n },
    reason: "Cancellation: refund credited to the wallet",
  }),
  "debit-note-b2c": assemble({
    invoiceNumber: "DN2627000003",
    kind: InvoiceKind.DEBIT_NOTE,
    bookingId: "bkg_01JD8X3Q4NWALKIN",
    pnr: "QWE456",
    issuedAt: { seconds: 1_797_000_000n },
    supplier: SUPPLIER,
    recipient: {
      name: "Unregistered recipient (no GSTIN, B2C): agency agt_demo",
      registered: false,
    },
    gstKind: "CGST_SGST",
    placeOfSupply: { stateCode: "29", stateName: "Karnataka", gstKind: "CGST_SGST" },
    supplies: supplies(FAMILY.slice(0, 1), true, "RESCHEDULE_FEE", "Air ticket reschedule service fee").slice(0, 1),
    pureAgent: [
      {
        kind: "FARE_DIFFERENCE",
        description: "Fare difference collected for the airline: DEL-BOM 2026-12-03",
        paxId: "ADT1",
        passengerName: "MR Arjun Mehta",
        direction: "OUTBOUND",
        sector: "DEL-BOM",
        travelDate: "2026-12-03",
        flights: ["AI105"],
        ticketNumbers: ["0982400000000"],
        otherPaise: 123_456_789n,
        amountPaise: 123_456_789n,
      },
    ],
    originalInvoiceNumber: "TI2627000041",
    originalInvoiceDate: { seconds: 1_794_500_000n },
    reason: "Reschedule: reschedule fee, fare difference and airline change fee",
  }),
  "tax-invoice-group": assemble({
    invoiceNumber: "TI2627000043",
    kind: InvoiceKind.TAX_INVOICE,
    bookingId: "bkg_01JD8X3Q4NGROUP9",
    pnr: "GRP999",
    issuedAt: { seconds: 1_795_100_000n },
    supplier: SUPPLIER,
    recipient: MUMBAI_AGENCY,
    gstKind: "IGST",
    placeOfSupply: { stateCode: "27", stateName: "Maharashtra", gstKind: "IGST" },
    supplies: supplies(groupOf(9), false),
    pureAgent: pureAgent(groupOf(9)),
    commission: commission(groupOf(9)),
    reason: "Tickets issued",
  }),
  "legacy-lines-only": create(InvoiceSchema, {
    invoiceNumber: "TI/2026-27/000003",
    kind: InvoiceKind.TAX_INVOICE,
    bookingId: "bkg_1",
    pnr: "ABC234",
    issuedAt: { seconds: 1_790_000_000n },
    financialYear: "2026-27",
    supplier: SUPPLIER,
    recipient: MUMBAI_AGENCY,
    gstKind: "IGST",
    sac: "998555",
    currency: "INR",
    lines: [
      {
        paxId: "ADT1",
        passengerName: "MR Arjun Mehta",
        baseFarePaise: 700_000n,
        taxesPaise: 150_000n,
        serviceFeePaise: 25_424n,
        igstPaise: 4_576n,
        grossCommissionPaise: 20_408n,
        tdsPaise: 408n,
        totalPaise: 860_000n,
      },
    ],
    totalPaise: 860_000n,
    reason: "Tickets issued",
  }),
};

function groupOf(n: number): Pax[] {
  const names = [
    "Aarav Sharma",
    "Vivaan Iyer",
    "Aditya Rao",
    "Diya Nair",
    "Ishaan Gupta",
    "Saanvi Reddy",
    "Meera Pillai",
    "Rohan Das",
    "Kavya Menon",
  ];
  return names.slice(0, n).map((name, i) => ({ id: `ADT${i + 1}`, name: `MR ${name}`, fare: 640_000 + i * 10_000, taxes: 130_000 }));
}
