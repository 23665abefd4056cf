import type { GstBody, PassengerDocumentsBody } from "./documents-schemas.js";

/** A passenger's travel documents as the booking service takes them ("" for one not given). */
export function documentsToProto(d: PassengerDocumentsBody) {
  return {
    passportNumber: d.passport_number ?? "",
    passportExpiry: d.passport_expiry ?? "",
    passportIssuingCountry: d.passport_issuing_country ?? "",
    pan: d.pan ?? "",
  };
}

/** The request's `gst` as the booking service takes it; nothing when not given. */
export function gstToProto(gst: GstBody | undefined) {
  return gst && { gst: { gstin: gst.gstin, registeredName: gst.registered_name, address: gst.address, email: gst.email } };
}
