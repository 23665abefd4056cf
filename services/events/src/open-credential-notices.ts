import type { Logger } from "@tarmac/kernel";
import type { CredentialNotice, CredentialNoticeSource } from "./credential-notice.js";
import { NatsCredentialNotices } from "./nats-credential-notices.js";

/**
 * Credential notices as a service's configuration says: core NATS at NATS_URL (connecting in the
 * background, so the service starts while NATS is down), else undefined: one process alone has
 * nobody to tell and nobody to hear, and caches fall back to their TTL.
 */
export function openCredentialNotices(
  events: { readonly natsUrl?: string | undefined; readonly subjectPrefix: string },
  logger: Logger,
): NatsCredentialNotices | undefined {
  if (!events.natsUrl) return undefined;
  logger.info({ subjectPrefix: events.subjectPrefix }, "credential notices: core NATS");
  return new NatsCredentialNotices({ servers: events.natsUrl, subjectPrefix: events.subjectPrefix, logger });
}

/** What booking and wallet remember of an agency: its record, for its standing and billing (kernel's AgentStanding). */
interface StandingCache {
  forget(agentId: string): void;
  forgetAll(): void;
}

/** The notices that change an agency's record (a revoked key or session does not). */
const AGENT_CHANGES: ReadonlySet<CredentialNotice["kind"]> = new Set(["agent.suspended", "agent.reactivated", "agent.billing_changed"]);

export interface StandingNoticesOptions {
  /** The stack's in-process notices; otherwise NATS_URL's (opened here), else none. */
  readonly source?: CredentialNoticeSource | undefined;
  readonly events: { readonly natsUrl?: string | undefined; readonly subjectPrefix: string };
  readonly logger: Logger;
}

/**
 * Drops an agency's remembered record when it is suspended or reactivated or its billing details
 * change, and everything when notices may have been missed, so a suspension stops its money (and
 * new billing details reach its next booking) at once instead of within the cache's TTL. Resolves
 * the stop function (unsubscribes, closes what it opened).
 */
export function followStandingNotices(standing: StandingCache, options: StandingNoticesOptions): () => Promise<void> {
  const owned = options.source ? undefined : openCredentialNotices(options.events, options.logger);
  const source = options.source ?? owned;
  const unsubscribe = source?.subscribe((notice) => {
    if (notice.kind === "missed") standing.forgetAll();
    else if (AGENT_CHANGES.has(notice.kind)) standing.forget(notice.agentId);
  });
  return async () => {
    unsubscribe?.();
    await owned?.close();
  };
}
