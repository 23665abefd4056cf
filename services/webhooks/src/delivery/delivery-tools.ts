import type { promises as dns } from "node:dns";
import type { UrlRules } from "../endpoint-fields.js";
import type { SecretKeeper } from "../webhook-service.js";
import { sendWebhook } from "./http-sender.js";
import type { DeliveryTools } from "./ports.js";
import type { SecretBox } from "./secret-box.js";
import { newWebhookSecret, signatureHeader } from "./signature.js";
import { checkWebhookUrl, resolvePublicAddress } from "./url-policy.js";

export interface SafetyOptions {
  /** Development: `http://127.0.0.1` (and `[::1]`, `localhost`) receivers are allowed; never private or metadata addresses. */
  readonly development: boolean;
  /** Replaces `dns.promises.lookup` (tests). */
  readonly lookup?: typeof dns.lookup;
}

/** The URL rules the service applies when an endpoint is created or updated (README, Endpoint URLs). */
export function webhookUrlRules(options: SafetyOptions): UrlRules {
  return {
    check: (url) => checkWebhookUrl(url, { allowLoopbackHttp: options.development }),
    resolve: (url) => resolvePublicAddress(url, resolveOptions(options)),
  };
}

/** New endpoint secrets, sealed for the store. */
export function webhookSecretKeeper(box: SecretBox): SecretKeeper {
  return {
    newSecret: newWebhookSecret,
    seal: (endpointId, secret) => box.seal(endpointId, secret),
  };
}

/** What the dispatcher uses: the signature, the address check before every attempt, the pinned sender, the secret box. */
export function webhookDeliveryTools(box: SecretBox, options: SafetyOptions): DeliveryTools {
  return {
    sign: signatureHeader,
    resolve: (url) => resolvePublicAddress(url, resolveOptions(options)),
    send: sendWebhook,
    openSecret: (endpointId, sealed) => box.open(endpointId, sealed),
  };
}

function resolveOptions(options: SafetyOptions): { allowLoopback: boolean; lookup?: typeof dns.lookup } {
  return options.lookup ? { allowLoopback: options.development, lookup: options.lookup } : { allowLoopback: options.development };
}
