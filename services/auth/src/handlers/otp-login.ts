import { create } from "@bufbuild/protobuf";
import { DomainError, fieldError, newId, type Clock, type Logger } from "@tarmac/kernel";
import {
  SendOtpResponseSchema,
  VerifyOtpResponseSchema,
  type SendOtpRequest,
  type SendOtpResponse,
  type VerifyOtpRequest,
  type VerifyOtpResponse,
} from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import { describeDeliveryError, type CodeDeliveries, type CodeDelivery, type OtpMessage } from "../delivery/code-delivery.js";
import { effectiveStatus } from "../domain/agent.js";
import {
  generateOtpCode,
  isOtpCodeFormat,
  OTP_MAX_ATTEMPTS,
  OTP_TTL_SECONDS,
  otpAttemptsExceeded,
  otpExpired,
  otpInvalid,
  type OtpChallenge,
  type OtpHasher,
} from "../domain/otp.js";
import { OTP_RESEND_INTERVAL_SECONDS, otpSendRateLimited, retryAfterSeconds } from "../domain/otp-send-limit.js";
import { SESSION_TTL_SECONDS } from "../domain/session.js";
import { otpChannelFromProto } from "../proto-mapping.js";
import { RequestFields } from "../request-fields.js";
import { findParent, type AgentStore, type OtpStore } from "../store/auth-store.js";
import type { Sessions } from "./sessions.js";

export interface OtpLoginDeps {
  readonly codes: OtpStore;
  readonly users: Pick<AgentStore, "findAgent" | "findUserById" | "findUserByIdentifier">;
  readonly sessions: Sessions;
  readonly clock: Clock;
  readonly logger: Logger;
  /** Hashes one-time codes (HMAC under TARMAC_AUTH_SECRET). */
  readonly otpHasher: OtpHasher;
  /** The adapter per channel; a channel without one answers VALIDATION_FAILED on `type`. */
  readonly deliveries: CodeDeliveries;
}

/** Login with a one-time code (secondary surface): send a code, verify it, open a session. */
export class OtpLogin {
  /** Deliveries run after SendOtp answered; kept so tests and shutdown can wait for them. */
  private readonly inFlight = new Set<Promise<void>>();

  constructor(private readonly deps: OtpLoginDeps) {}

  /**
   * Answers the same bytes whether or not the identifier belongs to a user, and does the same
   * store work either way (a challenge nobody receives stands in for an unknown identifier).
   * Delivery runs after the answer, so neither its time nor its failure shows.
   */
  async send(request: SendOtpRequest): Promise<SendOtpResponse> {
    const f = new RequestFields();
    const channel = otpChannelFromProto(request.type);
    if (channel === undefined) f.add(fieldError("type", "INVALID_VALUE", "must be EMAIL or SMS"));
    const identifier = f.identifier(request.identifier, channel ?? undefined);
    f.check();
    const { codes, users, clock, otpHasher } = this.deps;
    const delivery = this.deps.deliveries[identifier.channel];
    if (!delivery) {
      throw new DomainError("VALIDATION_FAILED", `${identifier.channel} codes are not available`, {
        errors: [fieldError("type", "INVALID_VALUE", `${identifier.channel} codes are not available on this service`)],
      });
    }
    const now = clock.now();
    const limit = await codes.recordOtpSend(identifier.value, now);
    if (!limit.accepted) throw otpSendRateLimited(limit.retryAfterMs);

    const user = await users.findUserByIdentifier(identifier);
    const code = generateOtpCode();
    const salt = otpHasher.newSalt();
    const challenge: OtpChallenge = {
      identifier: identifier.value,
      challengeId: newId("otp"),
      channel: identifier.channel,
      codeHash: otpHasher.hash(code, salt),
      salt,
      createdAt: now,
      expiresAt: new Date(now.getTime() + OTP_TTL_SECONDS * 1000),
      attempts: 0,
      ...(user && { userId: user.userId }),
    };
    await codes.saveOtpChallenge(challenge);
    if (user) {
      const message = { messageId: challenge.challengeId, channel: identifier.channel, to: identifier.value, code };
      this.dispatch(delivery, { ...message, expiresInSeconds: OTP_TTL_SECONDS });
    }
    return create(SendOtpResponseSchema, { expiresIn: OTP_TTL_SECONDS, resendAfter: OTP_RESEND_INTERVAL_SECONDS });
  }

  async verify(request: VerifyOtpRequest): Promise<VerifyOtpResponse> {
    const f = new RequestFields();
    const identifier = f.identifier(request.identifier, undefined);
    if (request.code === "") f.add(fieldError("code", "REQUIRED", "code is required"));
    else if (!isOtpCodeFormat(request.code)) f.add(fieldError("code", "INVALID_FORMAT", "must be six digits"));
    f.check();
    const { codes, users, clock, otpHasher } = this.deps;
    const now = clock.now();
    const attempt = await codes.attemptOtp(identifier.value, now, OTP_MAX_ATTEMPTS);
    if (attempt.outcome === "missing") throw otpInvalid();
    if (attempt.outcome === "expired") throw otpExpired();
    if (attempt.outcome === "locked") throw await this.attemptsExceeded(identifier.value, now);
    const { challenge } = attempt;
    // Compared for a stand-in challenge too, so both take the same time; it never verifies.
    const right = otpHasher.matches(request.code, challenge.salt, challenge.codeHash);
    if (!right || challenge.userId === undefined) {
      if (challenge.attempts >= OTP_MAX_ATTEMPTS) throw await this.attemptsExceeded(identifier.value, now);
      throw otpInvalid();
    }
    // A code works once: of concurrent right answers, one consumes it.
    if (!(await codes.consumeOtpChallenge(identifier.value, challenge.challengeId))) throw otpInvalid();

    const user = await users.findUserById(challenge.userId);
    const agent = user && (await users.findAgent(user.agentId));
    if (!user || !agent) throw otpInvalid();
    if (effectiveStatus(agent, await findParent(users, agent)) === "SUSPENDED") {
      throw new DomainError("AUTH_AGENT_SUSPENDED", "the agent is suspended");
    }
    const { token, session } = await this.deps.sessions.open(user, now);
    this.deps.logger.info({ agentId: agent.id, userId: user.userId, sessionId: session.sessionId }, "signed in with a one-time code");
    return create(VerifyOtpResponseSchema, {
      verificationToken: token,
      tokenType: "Bearer",
      expiresIn: SESSION_TTL_SECONDS,
      agentId: agent.id,
      userId: user.userId,
    });
  }

  /** Resolves when every delivery started so far has finished (tests; shutdown). */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.inFlight]);
  }

  /**
   * Starts the delivery on a later turn of the event loop, after SendOtp answered: not even an
   * adapter's synchronous work (composing the message) adds to the known identifier's answer.
   */
  private dispatch(delivery: CodeDelivery, message: OtpMessage): void {
    const { logger } = this.deps;
    const about = { messageId: message.messageId, adapter: delivery.name };
    const running = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => delivery.deliver(message))
      .then(
        () => logger.debug(about, "one-time code delivered"),
        (error: unknown) =>
          logger.error({ ...about, channel: message.channel, failure: describeDeliveryError(error) }, "one-time code delivery failed"),
      );
    this.inFlight.add(running);
    void running.finally(() => this.inFlight.delete(running));
  }

  private async attemptsExceeded(identifier: string, now: Date): Promise<DomainError> {
    // A locked code stays locked: the way on is a new code, as soon as the send limit allows one.
    const ms = await this.deps.codes.otpSendRetryAfterMs(identifier, now);
    return otpAttemptsExceeded(retryAfterSeconds(ms));
  }
}
