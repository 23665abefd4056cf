export { EVENT_TYPES, isEventType, TEST_EVENT_TYPE, type EventType } from "./domain/event-catalogue.js";
export { webhooksConfigSchema, type WebhooksConfig } from "./config.js";
export { startWebhooksService, type StartedWebhooksService, type WebhooksServiceOverrides } from "./server.js";
export { webhooksCallerPolicy } from "./caller-policy.js";
