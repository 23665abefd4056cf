export * from "./domain/index.js";
export { authConfigSchema, type AuthConfig } from "./config.js";
export { AuthServiceImpl, type AuthServiceDeps } from "./auth-service.js";
export { authRoutes } from "./routes.js";
export { startAuthService, type AuthServiceOverrides, type StartedAuthService } from "./server.js";
export { seedDemoAgent, DEMO_AGENT_ID, DEMO_AGENT_NAME } from "./dev-seed.js";
export { DuplicateApiKeyError, type AuthStore } from "./store/auth-store.js";
export { MemoryAuthStore } from "./store/memory-auth-store.js";
export { MongoAuthStore } from "./store/mongo-auth-store.js";
