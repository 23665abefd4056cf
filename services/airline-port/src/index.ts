export * from "./provider-port.js";
export { airportDirectory } from "./airports/airport-directory.js";
export { greatCircleKm, type GeoPoint } from "./airports/great-circle.js";
export type { ProviderOperation } from "./ask-provider.js";
export { guardProvider, type ProviderGuard } from "./guard-provider.js";
export { penaltyBandAt, stricterFareRules } from "./penalty-bands.js";
export * from "./document-requirements.js";
export { remoteAirline } from "./grpc/remote-airline.js";
export { AirlineServiceImpl } from "./grpc/airline-service.js";
