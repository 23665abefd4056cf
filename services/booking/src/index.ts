export { bookingConfigSchema, type BookingConfig } from "./config.js";
export { bookingRoutes } from "./routes.js";
export { startBookingService } from "./server.js";
