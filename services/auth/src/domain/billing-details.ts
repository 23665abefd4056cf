/** A postal address in India, as a tax invoice prints it. */
export interface BillingAddress {
  /** 1 to 3 lines. */
  readonly lines: readonly string[];
  readonly city: string;
  /** The state or union territory as written on the address (the GSTIN's state code decides the tax). */
  readonly state: string;
  /** 6 digits, the first 1 to 9. */
  readonly pinCode: string;
  /** Always IN: GST registrations are Indian. */
  readonly country: "IN";
}

/**
 * An agency's GST registration and billing address (admin CLI `agencies billing set`): what its
 * tax invoices are made out to when a booking gives no `gst`. A sub-agent without its own is
 * billed under its agency's (booking looks the parent up).
 */
export interface BillingDetails {
  /** Valid: format, state code and check character (kernel gstinProblem). */
  readonly gstin: string;
  /** The legal name registered under the GSTIN. */
  readonly legalName: string;
  readonly address: BillingAddress;
  /** Where invoices are sent (stored lower case). */
  readonly email: string;
}

export const PIN_CODE = /^[1-9][0-9]{5}$/;
export const MAX_ADDRESS_LINES = 3;
