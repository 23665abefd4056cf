export { bookingConfigSchema, type BookingConfig } from "./config.js";
export { bookingRoutes } from "./routes.js";
export { startBookingService, type BookingDependencies, type BookingServiceOverrides, type StartedBookingService } from "./server.js";
export { BookingServiceImpl, type BookingServiceDeps } from "./booking-service.js";
