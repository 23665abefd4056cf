import type { EInvoicePayload } from "./e-invoice-payload.js";

/** What the Invoice Registration Portal answers for a registered document. */
export interface EInvoiceRegistration {
  /** The Invoice Reference Number: 64 hexadecimal characters. */
  readonly irn: string;
  readonly ackNo: string;
  readonly ackDate: Date;
  /** The signed QR code payload, printed on the document as a QR code. */
  readonly signedQrCode: string;
}

/** The portal refused the payload: retrying the same payload cannot succeed. */
export class EInvoiceRejected extends Error {}

/**
 * Registers e-invoices (the port): the sandbox here; the government portal (through a GSP or the
 * IRP's API, with its credentials and signing keys) is an adapter a deployment configures.
 * `submit` answers the registration, throws EInvoiceRejected when the portal refuses the payload,
 * and throws anything else when it could not be asked (the document stays PENDING).
 */
export interface EInvoiceSubmitter {
  /** SANDBOX, or the adapter's name: recorded with each registration. */
  readonly name: string;
  submit(payload: EInvoicePayload): Promise<EInvoiceRegistration>;
}
