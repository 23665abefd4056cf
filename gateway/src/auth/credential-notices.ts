import type { CredentialNotice, CredentialNoticeSource, NoticesMissed } from "@tarmac/events";
import type { Caller } from "./caller.js";
import type { CredentialVerifier } from "./credential-verifier.js";

/**
 * Which remembered callers a notice makes stale; undefined when none. A suspension drops every
 * caller, not only the agency's own: a sub-agent is suspended with its agency, and the gateway
 * does not know which agents are whose sub-agents. Suspensions are rare, and the next request of
 * each caller costs one call to auth, as when its entry expires. A reactivation drops nothing
 * (refusals are never remembered), nor does a billing change (a caller holds no billing details).
 */
function staleCallers(notice: CredentialNotice | NoticesMissed): ((caller: Caller) => boolean) | undefined {
  switch (notice.kind) {
    case "api_key.revoked": {
      const { keyId } = notice;
      return (caller) => caller.userId === undefined && caller.keyId === keyId;
    }
    case "session.revoked": {
      const { sessionId } = notice;
      return (caller) => caller.userId !== undefined && caller.keyId === sessionId;
    }
    case "agent.suspended":
    case "missed":
      return () => true;
    case "agent.reactivated":
    case "agent.billing_changed":
      return undefined;
  }
}

/** Evicts from every verifier what each notice makes stale; returns the unsubscribe function. */
export function evictOnNotices(source: CredentialNoticeSource, verifiers: readonly CredentialVerifier[]): () => void {
  return source.subscribe((notice) => {
    const picks = staleCallers(notice);
    if (picks) for (const verifier of verifiers) verifier.evictWhere(picks);
  });
}
