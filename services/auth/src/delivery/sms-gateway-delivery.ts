import { otpText, type CodeDelivery, type OtpMessage } from "./code-delivery.js";

export interface SmsGatewaySettings {
  /** Where messages are POSTed (https in production). */
  readonly url: string;
  readonly apiKey: string;
  /** The header that carries the API key, e.g. `X-API-Key`, or `Authorization` (then sent as `Bearer <key>`). */
  readonly apiKeyHeader: string;
  /** Sender id some gateways need (e.g. a DLT header in India); omitted when unset. */
  readonly sender?: string | undefined;
  readonly timeoutMs: number;
}

/** The gateway answered something other than 2xx. Carries the status, never the request. */
export class SmsGatewayError extends Error {
  override readonly name = "SmsGatewayError";

  constructor(readonly status: number) {
    super(`the SMS gateway answered HTTP ${status}`);
  }
}

/**
 * SMS delivery through an HTTP gateway: one `POST <url>` with JSON
 * `{"to": "+9198…", "message": "…", "reference": "<message id>", "sender"?: "…"}` and the API key
 * header; any 2xx is success. The whole exchange is bounded by `timeoutMs`; there is no retry
 * (the person asks for a new code after 30 s).
 */
export class SmsGatewayCodeDelivery implements CodeDelivery {
  readonly name = "sms-gateway";
  private readonly fetch: typeof globalThis.fetch;

  constructor(
    private readonly settings: SmsGatewaySettings,
    fetchImpl: typeof globalThis.fetch = globalThis.fetch,
  ) {
    this.fetch = fetchImpl;
  }

  async deliver(message: OtpMessage): Promise<void> {
    if (message.channel !== "SMS") throw new Error(`the SMS gateway adapter sends SMS only, not ${message.channel}`);
    const { url, apiKey, apiKeyHeader, sender, timeoutMs } = this.settings;
    const credential = apiKeyHeader.toLowerCase() === "authorization" ? `Bearer ${apiKey}` : apiKey;
    const signal = AbortSignal.timeout(timeoutMs);
    const response = await this.fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json", [apiKeyHeader]: credential },
      body: JSON.stringify({
        to: message.to,
        message: otpText(message).body,
        reference: message.messageId,
        ...(sender !== undefined && { sender }),
      }),
      signal,
      redirect: "error",
    });
    // Read the body to its end (within the same deadline) so the connection can be reused.
    await response.arrayBuffer().catch(() => undefined);
    if (!response.ok) throw new SmsGatewayError(response.status);
  }
}
