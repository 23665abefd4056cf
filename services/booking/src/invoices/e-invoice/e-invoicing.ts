import type { Logger } from "@tarmac/kernel";
import type { EInvoiceRecord, Invoice } from "../invoice.js";
import { eInvoicePayload, EInvoicePayloadProblem } from "./e-invoice-payload.js";
import { EInvoiceRejected, type EInvoiceSubmitter } from "./e-invoice-submitter.js";

/**
 * A document's e-invoice record: undefined when it needs none (B2C, or no supply of ours);
 * REJECTED when the payload cannot be made (what is missing) or the portal refuses it; OFF when
 * no submitter is configured (the payload is kept); PENDING when the portal could not be asked;
 * else REGISTERED with the portal's IRN and signed QR code. Never throws: a booking's refund or
 * ticketing must not fail because the portal is down.
 */
export async function eInvoiceRecordOf(
  invoice: Invoice,
  submitter: EInvoiceSubmitter | undefined,
  logger: Logger,
): Promise<EInvoiceRecord | undefined> {
  const empty = { payloadJson: "", irn: "", ackNo: "", signedQrCode: "", submitter: submitter?.name ?? "", error: "" };
  let payload;
  try {
    payload = eInvoicePayload(invoice);
  } catch (error) {
    if (!(error instanceof EInvoicePayloadProblem)) throw error;
    logger.warn({ invoiceNumber: invoice.invoiceNumber, problem: error.message }, "e-invoice payload cannot be made");
    return { ...empty, status: "REJECTED", error: error.message };
  }
  if (!payload) return undefined;
  const payloadJson = JSON.stringify(payload);
  if (!submitter) return { ...empty, payloadJson, status: "OFF" };
  try {
    const registration = await submitter.submit(payload);
    return { ...empty, payloadJson, status: "REGISTERED", ...registration };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    logger.warn({ invoiceNumber: invoice.invoiceNumber, error: message }, "e-invoice not registered");
    return { ...empty, payloadJson, status: error instanceof EInvoiceRejected ? "REJECTED" : "PENDING", error: message };
  }
}
