import type { Timestamp } from "@bufbuild/protobuf/wkt";
import { fromTimestamp, paiseFromProto } from "@tarmac/kernel";
import { AgentStatus, AgentTier, type Agent, type ApiKey, type BillingDetails } from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import type { Balance } from "@tarmac/proto/tarmac/wallet/v1/wallet_pb.js";
import { DeliveryStatus, type Delivery, type Endpoint } from "@tarmac/proto/tarmac/webhooks/v1/webhooks_pb.js";
import { scopeName } from "./scopes.js";

/** What --json prints: snake_case like the HTTP API, enums by name, times in ISO 8601, paise as integers. */

export interface AgentView {
  readonly agent_id: string;
  readonly name: string;
  readonly status: string;
  readonly tier: string;
  readonly parent_agent_id: string | null;
  readonly created_at: string | null;
  readonly suspended_at: string | null;
  readonly suspension_reason: string | null;
  readonly users: { user_id: string; email: string; phone: string }[];
}

export interface BillingView {
  readonly gstin: string;
  /** The GST state code (the GSTIN's first two digits): it decides IGST or CGST and SGST. */
  readonly state_code: string;
  readonly legal_name: string;
  readonly address: { lines: string[]; city: string; state: string; pin_code: string; country: string };
  readonly email: string;
}

/** An agency's billing as invoices use it: its own details, or its parent agency's for a sub-agent without. */
export interface AgentBillingView {
  readonly agent_id: string;
  readonly billing: BillingView | null;
  /** Whose details those are: the agent itself, its parent agency, or null when neither has any (invoiced unregistered). */
  readonly billed_under: string | null;
}

export interface KeyView {
  readonly key_id: string;
  readonly agent_id: string;
  readonly prefix: string;
  readonly scopes: string[];
  /** ROTATED: replaced, still valid until its grace period ends (revoked_at). */
  readonly status: "ACTIVE" | "ROTATED" | "EXPIRED" | "REVOKED";
  readonly created_at: string | null;
  readonly last_used_at: string | null;
  readonly expires_at: string | null;
  /** For a rotated key, the end of its grace period. */
  readonly revoked_at: string | null;
  readonly replaces_key_id: string | null;
  readonly replaced_by_key_id: string | null;
}

export interface BalanceView {
  readonly agent_id: string;
  readonly currency: string;
  readonly balance_paise: number;
  readonly credit_limit_paise: number;
  readonly held_paise: number;
  readonly available_paise: number;
}

export interface EndpointView {
  readonly endpoint_id: string;
  readonly agent_id: string;
  readonly url: string;
  readonly event_types: string[];
  readonly description: string;
  readonly enabled: boolean;
  readonly disabled_reason: string | null;
  readonly created_at: string | null;
  readonly updated_at: string | null;
  readonly previous_secret_expires_at: string | null;
}

interface AttemptView {
  readonly at: string | null;
  /** 0 when no answer came (timeout, connection, DNS or TLS failure, refused address). */
  readonly status_code: number;
  readonly error: string | null;
  readonly response_body: string;
  readonly duration_ms: number;
}

export interface DeliveryView {
  readonly delivery_id: string;
  readonly endpoint_id: string;
  readonly event_id: string;
  readonly event_type: string;
  readonly status: string;
  readonly attempts: AttemptView[];
  readonly next_attempt_at: string | null;
  readonly created_at: string | null;
}

export function agentView(agent: Agent | undefined): AgentView {
  if (!agent) throw new Error("the auth service answered without an agent");
  return {
    agent_id: agent.agentId,
    name: agent.name,
    status: (AgentStatus as Record<number, string | undefined>)[agent.status] ?? String(agent.status),
    tier: (AgentTier as Record<number, string | undefined>)[agent.tier] ?? String(agent.tier),
    parent_agent_id: agent.parentAgentId || null,
    created_at: iso(agent.createdAt),
    suspended_at: iso(agent.suspendedAt),
    suspension_reason: agent.suspensionReason || null,
    users: agent.users.map((u) => ({ user_id: u.userId, email: u.email, phone: u.phone })),
  };
}

/** A key never carries its secret: the proto ApiKey has none, and neither has this. */
export function keyView(key: ApiKey | undefined, now: Date): KeyView {
  if (!key) throw new Error("the auth service answered without a key");
  const revokedAt = fromTimestamp(key.revokedAt);
  const expiresAt = fromTimestamp(key.expiresAt);
  const past = (at: Date | undefined) => at !== undefined && at.getTime() <= now.getTime();
  return {
    key_id: key.keyId,
    agent_id: key.agentId,
    prefix: key.prefix,
    scopes: key.scopes.map(scopeName),
    status: past(revokedAt) ? "REVOKED" : past(expiresAt) ? "EXPIRED" : key.replacedByKeyId ? "ROTATED" : "ACTIVE",
    created_at: iso(key.createdAt),
    last_used_at: iso(key.lastUsedAt),
    expires_at: iso(key.expiresAt),
    revoked_at: iso(key.revokedAt),
    replaces_key_id: key.replacesKeyId || null,
    replaced_by_key_id: key.replacedByKeyId || null,
  };
}

export function balanceView(balance: Balance | undefined): BalanceView {
  if (!balance) throw new Error("the wallet service answered without a balance");
  return {
    agent_id: balance.agentId,
    currency: balance.currency,
    balance_paise: paiseFromProto(balance.balancePaise),
    credit_limit_paise: paiseFromProto(balance.creditLimitPaise),
    held_paise: paiseFromProto(balance.heldPaise),
    available_paise: paiseFromProto(balance.availablePaise),
  };
}

/** An endpoint never carries its secret: the proto Endpoint has none, and neither has this. */
export function endpointView(endpoint: Endpoint): EndpointView {
  return {
    endpoint_id: endpoint.endpointId,
    agent_id: endpoint.agentId,
    url: endpoint.url,
    event_types: [...endpoint.eventTypes],
    description: endpoint.description,
    enabled: endpoint.enabled,
    disabled_reason: endpoint.disabledReason || null,
    created_at: iso(endpoint.createdAt),
    updated_at: iso(endpoint.updatedAt),
    previous_secret_expires_at: iso(endpoint.previousSecretExpiresAt),
  };
}

export function deliveryView(delivery: Delivery): DeliveryView {
  const status = (DeliveryStatus as Record<number, string | undefined>)[delivery.status] ?? String(delivery.status);
  return {
    delivery_id: delivery.deliveryId,
    endpoint_id: delivery.endpointId,
    event_id: delivery.eventId,
    event_type: delivery.eventType,
    status: status.replace(/^DELIVERY_STATUS_/, ""),
    attempts: delivery.attempts.map((a) => ({
      at: iso(a.at),
      status_code: a.statusCode,
      error: a.error || null,
      response_body: a.responseBody,
      duration_ms: Number(a.durationMs),
    })),
    next_attempt_at: iso(delivery.nextAttemptAt),
    created_at: iso(delivery.createdAt),
  };
}

function iso(timestamp: Timestamp | undefined): string | null {
  return fromTimestamp(timestamp)?.toISOString() ?? null;
}

export function billingView(billing: BillingDetails | undefined): BillingView | null {
  if (!billing) return null;
  const a = billing.address;
  return {
    gstin: billing.gstin,
    state_code: billing.gstin.slice(0, 2),
    legal_name: billing.legalName,
    address: {
      lines: [...(a?.lines ?? [])],
      city: a?.city ?? "",
      state: a?.state ?? "",
      pin_code: a?.pinCode ?? "",
      country: a?.country ?? "",
    },
    email: billing.email,
  };
}
