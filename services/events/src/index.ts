export * from "./outbox-event.js";
export type { OutboxBacklog, OutboxReader } from "./outbox.js";
export { MemoryOutbox, type MemoryOutboxOptions } from "./memory-outbox.js";
export { MongoOutbox, PUBLISHED_RETENTION_SECONDS } from "./mongo-outbox.js";
export type { EventPublisher } from "./event-publisher.js";
export { InProcessBus, type EventListener } from "./in-process-bus.js";
export { JetStreamPublisher, type JetStreamPublisherOptions } from "./jetstream-publisher.js";
export { OutboxRelay, type OutboxRelayOptions } from "./outbox-relay.js";
export type { BackoffOptions } from "./backoff.js";
export { startOutboxRelay, type OutboxRelayWiring, type RunningRelay } from "./start-outbox-relay.js";
export { JetStreamSubscriber, type JetStreamSubscriberOptions } from "./jetstream-subscriber.js";
export { parseEventBody } from "./event-body.js";
export {
  noticeSubject,
  type CredentialNotice,
  type CredentialNoticeListener,
  type CredentialNoticePublisher,
  type CredentialNoticeSource,
  type NoticesMissed,
} from "./credential-notice.js";
export { InProcessNotices } from "./in-process-notices.js";
export { NatsCredentialNotices, type NatsCredentialNoticesOptions } from "./nats-credential-notices.js";
export { followStandingNotices, openCredentialNotices } from "./open-credential-notices.js";
