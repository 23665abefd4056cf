import type { Clock, Logger } from "@tarmac/kernel";
import type { OtpChannelName } from "../domain/agent-user.js";
import { otpText, type CodeDelivery, type OtpMessage } from "./code-delivery.js";

export interface DevOutboxMessage {
  readonly messageId: string;
  readonly channel: OtpChannelName;
  readonly to: string;
  readonly code: string;
  /** E-mail only; "" for SMS. */
  readonly subject: string;
  readonly body: string;
  readonly createdAt: Date;
}

const DEFAULT_DEV_OUTBOX_SIZE = 100;

/**
 * The last `capacity` messages the development adapter "sent", for tests, the stack banner and
 * the gateway's `GET /api/dev/outbox` (through ListDevOutbox). Development only: it holds codes
 * in clear.
 */
export class DevOutbox {
  private readonly messages: DevOutboxMessage[] = [];

  constructor(readonly capacity: number = DEFAULT_DEV_OUTBOX_SIZE) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new Error("the development outbox needs a capacity of at least 1");
  }

  add(message: DevOutboxMessage): void {
    this.messages.push(message);
    if (this.messages.length > this.capacity) this.messages.splice(0, this.messages.length - this.capacity);
  }

  /** Newest first; only messages to `to` when given; at most `limit` when given. */
  list(options: { to?: string | undefined; limit?: number | undefined } = {}): DevOutboxMessage[] {
    const newestFirst = [...this.messages].reverse().filter((m) => options.to === undefined || m.to === options.to);
    return options.limit === undefined ? newestFirst : newestFirst.slice(0, options.limit);
  }

  /** The newest code sent to `to`, if any. */
  latestCode(to: string): string | undefined {
    return this.list({ to, limit: 1 })[0]?.code;
  }

  clear(): void {
    this.messages.length = 0;
  }
}

/**
 * Development delivery: writes the code to the log and keeps the message in the outbox. Nothing
 * leaves the process. Production refuses it (configuration and startAuthService both check).
 */
export class DevelopmentCodeDelivery implements CodeDelivery {
  readonly name = "development";

  constructor(private readonly deps: { readonly outbox: DevOutbox; readonly logger: Logger; readonly clock: Clock }) {}

  async deliver(message: OtpMessage): Promise<void> {
    const text = otpText(message);
    this.deps.outbox.add({
      messageId: message.messageId,
      channel: message.channel,
      to: message.to,
      code: message.code,
      subject: text.subject,
      body: text.body,
      createdAt: this.deps.clock.now(),
    });
    // Field names the logger does not redact: showing the code is the point of this adapter.
    this.deps.logger.info(
      { messageId: message.messageId, channel: message.channel, recipient: message.to, devCode: message.code },
      "development delivery: one-time code (not sent anywhere)",
    );
  }
}
