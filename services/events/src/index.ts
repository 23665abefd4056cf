export * from "./outbox-event.js";
export type { OutboxBacklog, OutboxReader } from "./outbox.js";
export { MemoryOutbox, type MemoryOutboxOptions } from "./memory-outbox.js";
export { MongoOutbox, PUBLISHED_RETENTION_SECONDS } from "./mongo-outbox.js";
export type { EventPublisher } from "./event-publisher.js";
export { InProcessBus, type EventListener } from "./in-process-bus.js";
export { JetStreamPublisher, type JetStreamPublisherOptions } from "./jetstream-publisher.js";
export { OutboxRelay, type OutboxRelayOptions } from "./outbox-relay.js";
export type { BackoffOptions } from "./backoff.js";
