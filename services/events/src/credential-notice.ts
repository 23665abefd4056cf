import { parseJsonObject } from "./json-object.js";

/**
 * What auth says when a credential stops (or starts again) being good, or an agency's billing
 * details change, so every gateway and money service drops what it remembered at once instead of
 * at the end of its cache TTL. Not a domain event: no outbox, no stream, no replay. A lost notice
 * costs at most one cache TTL.
 */
export type CredentialNotice =
  | { readonly kind: "api_key.revoked"; readonly agentId: string; readonly keyId: string }
  | { readonly kind: "session.revoked"; readonly agentId: string; readonly sessionId: string }
  | { readonly kind: "agent.suspended"; readonly agentId: string }
  | { readonly kind: "agent.reactivated"; readonly agentId: string }
  | { readonly kind: "agent.billing_changed"; readonly agentId: string };

/**
 * Delivered to subscribers (never sent) when notices may have been lost: the link to NATS was
 * down, or is up for the first time. A subscriber forgets everything it remembered.
 */
export interface NoticesMissed {
  readonly kind: "missed";
}

export type CredentialNoticeListener = (notice: CredentialNotice | NoticesMissed) => void;

/** Auth's side. Never rejects: a notice that cannot be sent is logged and dropped (the TTL bounds it). */
export interface CredentialNoticePublisher {
  publish(notice: CredentialNotice): Promise<void>;
}

/** The side of the gateways, booking and wallet. */
export interface CredentialNoticeSource {
  /** Returns the unsubscribe function. */
  subscribe(listener: CredentialNoticeListener): () => void;
}

/** Core NATS subject of the notices: outside `<prefix>.>`, so the events stream never stores them. */
export const noticeSubject = (subjectPrefix: string): string => `notices.${subjectPrefix}.credentials`;

/** The JSON on the wire, snake_case like the events. */
export function noticeBody(notice: CredentialNotice): string {
  const { kind, agentId } = notice;
  return JSON.stringify({
    kind,
    agent_id: agentId,
    ...(notice.kind === "api_key.revoked" && { key_id: notice.keyId }),
    ...(notice.kind === "session.revoked" && { session_id: notice.sessionId }),
  });
}

/** Reads a notice back; undefined for anything else (a newer kind this version does not know). */
export function parseNotice(text: string): CredentialNotice | undefined {
  const parsed = parseJsonObject(text);
  if (parsed === undefined) return undefined;
  const { kind, agent_id: agentId, key_id: keyId, session_id: sessionId } = parsed;
  if (typeof agentId !== "string" || agentId === "") return undefined;
  switch (kind) {
    case "api_key.revoked":
      return typeof keyId === "string" && keyId !== "" ? { kind, agentId, keyId } : undefined;
    case "session.revoked":
      return typeof sessionId === "string" && sessionId !== "" ? { kind, agentId, sessionId } : undefined;
    case "agent.suspended":
    case "agent.reactivated":
    case "agent.billing_changed":
      return { kind, agentId };
    default:
      return undefined;
  }
}
