import { formatRupees } from "./rupees.js";
import type { AgentBillingView, AgentView, BalanceView, DeliveryView, EndpointView, KeyView } from "./views.js";

/** What ops read without --json: label/value blocks and tables, built from the JSON views. */

function pairs(rows: readonly (readonly [string, string | null | undefined])[]): string {
  const shown = rows.filter((r): r is readonly [string, string] => r[1] !== null && r[1] !== undefined && r[1] !== "");
  const width = Math.max(...shown.map(([label]) => label.length));
  return shown.map(([label, value]) => `  ${label.padEnd(width)}  ${value}`).join("\n");
}

function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i] ?? 0)))
      .join("  ")
      .trimEnd();
  return [line(header), ...rows.map(line)].join("\n");
}

export function agentText(agent: AgentView): string {
  return pairs([
    ["agent", agent.agent_id],
    ["name", agent.name],
    ["status", agent.status],
    ["tier", agent.tier],
    ["parent", agent.parent_agent_id],
    ["created", agent.created_at],
    ["suspended", agent.suspended_at && [agent.suspended_at, agent.suspension_reason].filter(Boolean).join("  ")],
    ...agent.users.map((u) => ["user", [u.email, u.phone].filter(Boolean).join(" ")] as const),
  ]);
}

export function balanceText(balance: BalanceView): string {
  const money = (paise: number) => formatRupees(paise, balance.currency);
  return pairs([
    ["agent", balance.agent_id],
    ["balance", money(balance.balance_paise)],
    ["credit limit", money(balance.credit_limit_paise)],
    ["held", money(balance.held_paise)],
    ["available", money(balance.available_paise)],
  ]);
}

export function keyText(key: KeyView): string {
  return pairs([
    ["key id", key.key_id],
    ["agent", key.agent_id],
    ["prefix", key.prefix],
    ["scopes", key.scopes.join(", ")],
    ["status", key.status],
    ["created", key.created_at],
    ["last used", key.last_used_at],
    ["expires", key.expires_at],
    ["revoked", key.revoked_at],
    ["replaces", key.replaces_key_id],
    ["replaced by", key.replaced_by_key_id],
  ]);
}

const minute = (iso: string | null) => iso?.slice(0, 16).replace("T", " ") ?? "-";
const second = (iso: string | null) => iso?.slice(0, 19).replace("T", " ") ?? "-";

export function keysTable(keys: readonly KeyView[]): string {
  // ISO 8601 in UTC sorts as text: the earlier of revocation (or grace end) and expiry.
  const until = (k: KeyView) => [k.revoked_at, k.expires_at].filter((t) => t !== null).sort()[0] ?? null;
  return table(
    ["KEY ID", "PREFIX", "STATUS", "CREATED", "LAST USED", "VALID UNTIL", "SCOPES"],
    keys.map((k) => [k.key_id, k.prefix, k.status, minute(k.created_at), minute(k.last_used_at), minute(until(k)), k.scopes.join(",")]),
  );
}

/** Endpoints, then one line per disabled endpoint with the platform's reason. */
export function endpointsTable(endpoints: readonly EndpointView[]): string {
  const rows = table(
    ["ENDPOINT ID", "STATUS", "CREATED", "URL", "EVENT TYPES"],
    endpoints.map((e) => [e.endpoint_id, e.enabled ? "ENABLED" : "DISABLED", minute(e.created_at), e.url, e.event_types.join(",")]),
  );
  const reasons = endpoints.filter((e) => e.disabled_reason !== null).map((e) => `${e.endpoint_id} disabled: ${e.disabled_reason}`);
  return reasons.length === 0 ? rows : `${rows}\n\n${reasons.join("\n")}`;
}

/** Deliveries, newest first; LAST is the last attempt's status code (0: no answer) and error. */
export function deliveriesTable(deliveries: readonly DeliveryView[]): string {
  const last = (d: DeliveryView) => {
    const attempt = d.attempts.at(-1);
    if (!attempt) return "-";
    const text = [String(attempt.status_code), attempt.error].filter(Boolean).join(" ");
    return text.length > 60 ? `${text.slice(0, 59)}…` : text;
  };
  return table(
    ["DELIVERY ID", "STATUS", "CREATED", "EVENT TYPE", "EVENT ID", "ATTEMPTS", "NEXT ATTEMPT", "LAST"],
    deliveries.map((d) => [
      d.delivery_id,
      d.status,
      second(d.created_at),
      d.event_type,
      d.event_id,
      String(d.attempts.length),
      second(d.next_attempt_at),
      last(d),
    ]),
  );
}

export function billingText(view: AgentBillingView): string {
  const b = view.billing;
  if (!b)
    return pairs([
      ["agent", view.agent_id],
      ["billing", "none: invoiced as an unregistered recipient"],
    ]);
  const inherited = view.billed_under !== view.agent_id ? `${view.billed_under} (parent agency)` : null;
  return pairs([
    ["agent", view.agent_id],
    ["billed under", inherited],
    ["gstin", `${b.gstin}  (state ${b.state_code})`],
    ["legal name", b.legal_name],
    ...b.address.lines.map((line) => ["address", line] as const),
    ["", `${b.address.city}, ${b.address.state} ${b.address.pin_code}, ${b.address.country}`],
    ["e-mail", b.email],
  ]);
}
