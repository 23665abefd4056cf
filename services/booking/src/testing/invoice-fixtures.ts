import { billingSettings, DEVELOPMENT_GSTIN } from "../invoices/billing-settings.js";

/** An agency's GST details as booking create takes them (Maharashtra: IGST from the platform in Karnataka). */
export const AGENCY_GST = {
  gstin: "27AAPFU0939F1ZV",
  registeredName: "Sky Travels LLP",
  address: "Andheri East, Mumbai 400069",
  email: "gst@sky.example",
};

/** The platform's billing as the harness configures it, for issuers built in a test. */
export const TEST_BILLING = billingSettings({
  gstin: DEVELOPMENT_GSTIN,
  legalName: "Tarmac",
  address: "Bengaluru",
  email: "billing@tarmac.example",
  gstOnServiceFeeBps: 1800,
  tdsOnCommissionBps: 200,
});
