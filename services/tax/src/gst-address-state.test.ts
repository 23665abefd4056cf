import { describe, expect, it } from "vitest";
import { gstAddressLineError, gstAddressStateError, gstStateCode } from "./gst-address-state.js";

describe("GST state names", () => {
  it("map to their codes in any case and spacing, & for and; other names map to nothing", () => {
    expect(gstStateCode("Karnataka")).toBe("29");
    expect(gstStateCode("  tamil   NADU ")).toBe("33");
    expect(gstStateCode("Andaman & Nicobar Islands")).toBe("35");
    expect(gstStateCode("Dadra and Nagar Haveli and Daman and Diu")).toBe("26");
    expect(gstStateCode("Karnatak")).toBeUndefined();
    expect(gstStateCode("KA")).toBeUndefined();
  });

  it("refuse an address in another state than the GSTIN's, naming both", () => {
    expect(gstAddressStateError("state", "Maharashtra", "29AAGCB7383J1Z4")).toEqual({
      field: "state",
      code: "INVALID_VALUE",
      message: expect.stringContaining("is in Maharashtra (GST state code 27) but the GSTIN is registered in Karnataka (29)"),
    });
    expect(gstAddressStateError("state", "karnataka", "29AAGCB7383J1Z4")).toBeUndefined();
    expect(gstAddressStateError("state", "Maharashtra", "27AAPFU0939F1ZV")).toBeUndefined();
  });

  it("leave an empty state to REQUIRED and an invalid GSTIN to the GSTIN's own error", () => {
    expect(gstAddressStateError("state", " ", "29AAGCB7383J1Z4")).toBeUndefined();
    expect(gstAddressStateError("state", "Maharashtra", "29AAGCB7383J1Z5")).toBeUndefined();
    expect(gstAddressStateError("state", "Nowhere", "29AAGCB7383J1Z5")?.code).toBe("INVALID_VALUE");
  });
});

describe("a one-line address next to its GSTIN", () => {
  it("is refused when it names only another state than the GSTIN's, accepted when it names the GSTIN's or none", () => {
    expect(gstAddressLineError("gst.address", "12 MG Road, Bengaluru, Karnataka 560001", "27AAPFU0939F1ZV")).toMatchObject({
      field: "gst.address",
      code: "INVALID_VALUE",
      message: expect.stringContaining("is in Karnataka (GST state code 29) but the GSTIN is registered in Maharashtra (27)"),
    });
    expect(gstAddressLineError("gst.address", "Andheri East, Mumbai, Maharashtra 400069", "27AAPFU0939F1ZV")).toBeUndefined();
    expect(gstAddressLineError("gst.address", "Andheri East, Mumbai", "27AAPFU0939F1ZV")).toBeUndefined();
    // Goa Road in Pune names Goa, but Maharashtra too.
    expect(gstAddressLineError("gst.address", "Goa Road, Pune, Maharashtra", "27AAPFU0939F1ZV")).toBeUndefined();
    expect(gstAddressLineError("gst.address", "Connaught Place, New Delhi", "27AAPFU0939F1ZV")?.code).toBe("INVALID_VALUE");
  });
});
