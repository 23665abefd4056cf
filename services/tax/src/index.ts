export * from "./gstin.js";
export * from "./tax-rates.js";
export * from "./tax-lines.js";
export * from "./financial-year.js";
export * from "./gstin-field-error.js";
export * from "./gst-address-state.js";
