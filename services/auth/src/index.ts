export * from "./domain/index.js";
export {
  authConfigSchema,
  DEFAULT_DEV_USER_EMAIL,
  DEFAULT_DEV_USER_PHONE,
  DEVELOPMENT_AUTH_SECRET,
  type AuthConfig,
  type OtpDeliveryConfig,
} from "./config.js";
export { AuthServiceImpl, type AuthHandlers } from "./auth-service.js";
export { wireAuth, type AuthServiceDeps } from "./auth-wiring.js";
export { authRoutes } from "./routes.js";
export { startAuthService, type AuthServiceOverrides, type StartedAuthService } from "./server.js";
export { seedDemoAgent, seedDemoUser, DEMO_AGENT_ID, DEMO_AGENT_NAME, DEMO_USER_ID, type DemoUser } from "./dev-seed.js";
export { DevOutbox, DevelopmentCodeDelivery, type DevOutboxMessage } from "./delivery/development-delivery.js";
export type { CodeDelivery, CodeDeliveries, OtpMessage } from "./delivery/code-delivery.js";
export { SmtpCodeDelivery, createSmtpTransport, type MailTransport, type SmtpSettings } from "./delivery/smtp-delivery.js";
export { SmsGatewayCodeDelivery, SmsGatewayError, type SmsGatewaySettings } from "./delivery/sms-gateway-delivery.js";
export { buildCodeDeliveries, type BuiltDeliveries } from "./delivery/build-deliveries.js";
export {
  DuplicateApiKeyError,
  DuplicateIdentifierError,
  RETENTION,
  type AuthStore,
  type OtpAttempt,
  type OtpSendResult,
  type AgentStatusChange,
} from "./store/auth-store.js";
export { MemoryAuthStore } from "./store/memory-auth-store.js";
export { MongoAuthStore, AUTH_COLLECTIONS } from "./store/mongo-auth-store.js";
export { authCallerPolicy } from "./caller-policy.js";
