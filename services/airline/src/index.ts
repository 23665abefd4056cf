export * from "./provider-port.js";
export { airportDirectory } from "./airports/airport-directory.js";
export { greatCircleKm, type GeoPoint } from "./airports/great-circle.js";
export { createSandboxAirline, type SandboxAirlineOptions } from "./sandbox/sandbox-airline.js";
export { SANDBOX_CURRENCY, SANDBOX_PROVIDER_NAME } from "./sandbox/offers.js";
