export { bookingConfigSchema, DEVELOPMENT_BOOKING_SECRET, type BookingConfig } from "./config.js";
export { bookingRoutes } from "./routes.js";
export { startBookingService, type BookingServiceOverrides, type StartedBookingService } from "./server.js";
export type { BookingDependencies } from "./booking-wiring.js";
export { BookingServiceImpl, type BookingServiceDeps } from "./booking-service.js";
export { bookingCallerPolicy } from "./caller-policy.js";
