export * from "./provider-port.js";
export { airportDirectory } from "./airports/airport-directory.js";
export { greatCircleKm, type GeoPoint } from "./airports/great-circle.js";
export { createSandboxAirline, type SandboxAirline, type SandboxAirlineOptions } from "./sandbox/sandbox-airline.js";
export type { FlightRef } from "./sandbox/seat-ledger.js";
export { DEFAULT_TICKETING_DELAY_MS } from "./sandbox/ticketing.js";
export { scenarioOfFlight, type ScenarioKind } from "./sandbox/scenario-flights.js";
export { SANDBOX_CURRENCY, SANDBOX_PROVIDER_NAME } from "./sandbox/offers.js";
export { askProvider, type ProviderCallLimits } from "./ask-provider.js";
