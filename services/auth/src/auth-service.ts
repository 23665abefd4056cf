import { create } from "@bufbuild/protobuf";
import type { Timestamp } from "@bufbuild/protobuf/wkt";
import type { ServiceImpl } from "@connectrpc/connect";
import { DomainError, fieldError, fromTimestamp, newId, toTimestamp, type Clock, type Logger, defined } from "@tarmac/kernel";
import {
  CreateAgentResponseSchema,
  GetAgentResponseSchema,
  IssueApiKeyResponseSchema,
  ListApiKeysResponseSchema,
  ListDevOutboxResponseSchema,
  LogoutResponseSchema,
  ReactivateAgentResponseSchema,
  RevokeApiKeyResponseSchema,
  RotateApiKeyResponseSchema,
  SendOtpResponseSchema,
  SuspendAgentResponseSchema,
  VerifyApiKeyResponseSchema,
  VerifyOtpResponseSchema,
  VerifyTokenResponseSchema,
  type AuthService,
  type CreateAgentRequest,
  type CreateAgentResponse,
  type GetAgentRequest,
  type GetAgentResponse,
  type IssueApiKeyRequest,
  type IssueApiKeyResponse,
  type ListApiKeysRequest,
  type ListApiKeysResponse,
  type ListDevOutboxRequest,
  type ListDevOutboxResponse,
  type LogoutRequest,
  type LogoutResponse,
  type ReactivateAgentRequest,
  type ReactivateAgentResponse,
  type RevokeApiKeyRequest,
  type RevokeApiKeyResponse,
  type RotateApiKeyRequest,
  type RotateApiKeyResponse,
  type SendOtpRequest,
  type SendOtpResponse,
  type SuspendAgentRequest,
  type SuspendAgentResponse,
  type VerifyApiKeyRequest,
  type VerifyApiKeyResponse,
  type VerifyOtpRequest,
  type VerifyOtpResponse,
  type VerifyTokenRequest,
  type VerifyTokenResponse,
} from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import { describeDeliveryError, type CodeDeliveries, type CodeDelivery, type OtpMessage } from "./delivery/code-delivery.js";
import type { DevOutbox } from "./delivery/development-delivery.js";
import { AGENT_ID_PREFIX, agentNotFound, effectiveStatus, type Agent, type AgentStatus } from "./domain/agent.js";
import { normalizeEmail, normalizePhone, parseIdentifier, USER_ID_PREFIX, type AgentUser, type Identifier } from "./domain/agent-user.js";
import { generateApiKey, hashApiKey, parseApiKey } from "./domain/api-key.js";
import { apiKeyNotFound, type ApiKeyRecord } from "./domain/api-key-record.js";
import {
  DEFAULT_ROTATION_GRACE_SECONDS,
  MAX_ROTATION_GRACE_SECONDS,
  newKeyRecord,
  rotatedKeyRevokedAt,
  rotationRefusal,
  successorExpiresAt,
} from "./domain/key-lifecycle.js";
import { shouldRecordUse } from "./domain/key-usage.js";
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
} from "./domain/otp.js";
import { OTP_RESEND_INTERVAL_SECONDS, otpSendRateLimited, retryAfterSeconds } from "./domain/otp-send-limit.js";
import { canonicalScopes, defaultKeyScopes, SESSION_SCOPES, type Scope } from "./domain/scopes.js";
import {
  checkSession,
  generateSessionToken,
  hashSessionToken,
  invalidToken,
  isSessionTokenFormat,
  SESSION_ID_PREFIX,
  SESSION_TTL_SECONDS,
  type Session,
} from "./domain/session.js";
import { invalidApiKey, verifyApiKey } from "./domain/verify-api-key.js";
import {
  agentStatusToProto,
  agentTierFromProto,
  agentTierToProto,
  otpChannelFromProto,
  scopeFromProtoValue,
  scopesToProto,
  toProtoAgent,
  toProtoApiKey,
  toProtoOutboxMessage,
} from "./proto-mapping.js";
import { RequestFields } from "./request-fields.js";
import { DuplicateApiKeyError, DuplicateIdentifierError, type AuthStore } from "./store/auth-store.js";

/** CreateAgent takes at most this many initial users. */
const MAX_USERS_PER_REQUEST = 100;
/** A random key or token colliding with a stored one is all but impossible; a few new draws settle it. */
const MAX_KEY_DRAWS = 3;

export interface AuthServiceDeps {
  readonly store: AuthStore;
  readonly clock: Clock;
  readonly logger: Logger;
  /** Hashes one-time codes (HMAC under TARMAC_AUTH_SECRET). */
  readonly otpHasher: OtpHasher;
  /** The adapter per channel; a channel without one answers VALIDATION_FAILED on `type`. */
  readonly deliveries: CodeDeliveries;
  /** The development adapter's outbox; ListDevOutbox answers AUTH_FORBIDDEN without one. */
  readonly devOutbox?: DevOutbox;
}

/**
 * The auth service: agents and their users, API keys (issue, list, rotate, revoke, verify), OTP
 * login and bearer sessions. Form is checked here, rules live in domain/, and every decision
 * taken under concurrency is one atomic store operation.
 */
export class AuthServiceImpl implements ServiceImpl<typeof AuthService> {
  /** Deliveries run after SendOtp answered; kept so tests and shutdown can wait for them. */
  private readonly inFlight = new Set<Promise<void>>();

  constructor(private readonly deps: AuthServiceDeps) {}

  // API key verification (the gateway, on every primary request)

  async verifyApiKey(request: VerifyApiKeyRequest): Promise<VerifyApiKeyResponse> {
    const parsed = parseApiKey(request.apiKey);
    if (!parsed) throw invalidApiKey();
    const { store, clock } = this.deps;
    const record = await store.findApiKeyById(parsed.keyId);
    const agent = record && (await store.findAgent(record.agentId));
    const parent = await this.parentOf(agent);
    const now = clock.now();
    const verified = verifyApiKey(request.apiKey, record, agent, now, parent);
    if (record && shouldRecordUse(record, now)) await this.recordUse(record.keyId, now);
    return create(VerifyApiKeyResponseSchema, {
      agentId: verified.agentId,
      keyId: verified.keyId,
      scopes: scopesToProto(verified.scopes),
      agentStatus: agentStatusToProto(verified.agentStatus),
      agentTier: agentTierToProto(verified.agentTier),
    });
  }

  // Agents

  async createAgent(request: CreateAgentRequest): Promise<CreateAgentResponse> {
    const f = new RequestFields();
    const name = f.name("name", request.name);
    const tier = agentTierFromProto(request.tier);
    if (!tier) f.add(fieldError("tier", "INVALID_VALUE", "must be STANDARD or ENTERPRISE"));
    const parentAgentId = request.parentAgentId === "" ? undefined : f.id("parent_agent_id", request.parentAgentId);
    const users = this.initialUsers(f, request.users);
    f.check();
    if (parentAgentId !== undefined) await this.checkParent(parentAgentId);
    await this.checkIdentifiersFree(users);

    const now = this.deps.clock.now();
    const agent: Agent = {
      id: newId(AGENT_ID_PREFIX),
      name,
      status: "ACTIVE",
      tier: tier ?? "STANDARD",
      createdAt: now,
      ...(parentAgentId !== undefined && { parentAgentId }),
    };
    const records: AgentUser[] = users.map((user) => ({ userId: newId(USER_ID_PREFIX), agentId: agent.id, ...user, createdAt: now }));
    try {
      await this.deps.store.createAgent(agent, records);
    } catch (error) {
      // Another call registered the same e-mail or phone between the check and the write.
      if (error instanceof DuplicateIdentifierError) throw identifierTaken("users", error.field);
      throw error;
    }
    this.deps.logger.info({ agentId: agent.id, tier: agent.tier, parentAgentId, users: records.length }, "agent created");
    return create(CreateAgentResponseSchema, { agent: toProtoAgent(agent, records) });
  }

  async getAgent(request: GetAgentRequest): Promise<GetAgentResponse> {
    const agentId = this.agentId(request.agentId);
    const agent = await this.deps.store.findAgent(agentId);
    if (!agent) throw agentNotFound(agentId);
    return create(GetAgentResponseSchema, { agent: await this.protoAgent(agent) });
  }

  async suspendAgent(request: SuspendAgentRequest): Promise<SuspendAgentResponse> {
    const f = new RequestFields();
    const agentId = f.id("agent_id", request.agentId);
    const reason = f.note("reason", request.reason);
    f.check();
    const agent = await this.deps.store.updateAgentStatus(agentId, { status: "SUSPENDED", at: this.deps.clock.now(), reason });
    if (!agent) throw agentNotFound(agentId);
    this.deps.logger.info({ agentId }, "agent suspended");
    return create(SuspendAgentResponseSchema, { agent: await this.protoAgent(agent) });
  }

  async reactivateAgent(request: ReactivateAgentRequest): Promise<ReactivateAgentResponse> {
    const agentId = this.agentId(request.agentId);
    const agent = await this.deps.store.updateAgentStatus(agentId, { status: "ACTIVE" });
    if (!agent) throw agentNotFound(agentId);
    this.deps.logger.info({ agentId }, "agent reactivated");
    return create(ReactivateAgentResponseSchema, { agent: await this.protoAgent(agent) });
  }

  // API key management (internal teams and the admin command line)

  async issueApiKey(request: IssueApiKeyRequest): Promise<IssueApiKeyResponse> {
    const f = new RequestFields();
    const agentId = f.id("agent_id", request.agentId);
    const scopes = this.scopes(f, request.scopes);
    const now = this.deps.clock.now();
    const expiresAt = this.futureInstant(f, "expires_at", request.expiresAt, now);
    f.check();
    const agent = await this.deps.store.findAgent(agentId);
    if (!agent) throw agentNotFound(agentId);
    const { apiKey, record } = await this.storeNewKey(
      (keyId, hash) =>
        newKeyRecord({
          keyId,
          agentId,
          hash,
          scopes: scopes.length > 0 ? scopes : defaultKeyScopes(agent.tier),
          sandbox: request.sandbox,
          now,
          expiresAt,
        }),
      request.sandbox,
      (record) => this.deps.store.saveApiKey(record),
    );
    this.deps.logger.info({ agentId, keyId: record.keyId, scopes: record.scopes, sandbox: record.sandbox }, "API key issued");
    return create(IssueApiKeyResponseSchema, { key: toProtoApiKey(record), apiKey });
  }

  async listApiKeys(request: ListApiKeysRequest): Promise<ListApiKeysResponse> {
    const agentId = this.agentId(request.agentId);
    if (!(await this.deps.store.findAgent(agentId))) throw agentNotFound(agentId);
    const keys = await this.deps.store.listApiKeys(agentId);
    return create(ListApiKeysResponseSchema, { keys: keys.map(toProtoApiKey) });
  }

  async rotateApiKey(request: RotateApiKeyRequest): Promise<RotateApiKeyResponse> {
    const f = new RequestFields();
    const keyId = f.id("key_id", request.keyId);
    const grace = request.gracePeriodSeconds ?? DEFAULT_ROTATION_GRACE_SECONDS;
    if (grace < 0 || grace > MAX_ROTATION_GRACE_SECONDS) {
      f.add(fieldError("grace_period_seconds", "OUT_OF_RANGE", `must be from 0 to ${MAX_ROTATION_GRACE_SECONDS} seconds (30 days)`));
    }
    f.check();
    const { store, clock } = this.deps;
    const now = clock.now();
    const current = await store.findApiKeyById(keyId);
    if (!current) throw apiKeyNotFound(keyId);
    const refusal = rotationRefusal(current, now);
    if (refusal) throw refusal;
    let previous: ApiKeyRecord | undefined;
    const { apiKey, record } = await this.storeNewKey(
      (newKeyId, hash) =>
        newKeyRecord({
          keyId: newKeyId,
          agentId: current.agentId,
          hash,
          scopes: current.scopes,
          sandbox: current.sandbox,
          now,
          expiresAt: successorExpiresAt(current),
          replacesKeyId: current.keyId,
        }),
      current.sandbox,
      async (successor) => {
        previous = await store.rotateApiKey(keyId, successor, rotatedKeyRevokedAt(current, now, grace), now);
      },
    );
    if (!previous) {
      // A concurrent rotation or revocation got there first; nothing was written. Say which.
      const latest = await store.findApiKeyById(keyId);
      throw (latest && rotationRefusal(latest, now)) ?? apiKeyNotFound(keyId);
    }
    this.deps.logger.info({ agentId: current.agentId, keyId, newKeyId: record.keyId, graceSeconds: grace }, "API key rotated");
    return create(RotateApiKeyResponseSchema, { key: toProtoApiKey(record), apiKey, previousKey: toProtoApiKey(previous) });
  }

  async revokeApiKey(request: RevokeApiKeyRequest): Promise<RevokeApiKeyResponse> {
    const f = new RequestFields();
    const keyId = f.id("key_id", request.keyId);
    f.check();
    const record = await this.deps.store.revokeApiKey(keyId, this.deps.clock.now());
    if (!record) throw apiKeyNotFound(keyId);
    this.deps.logger.info({ agentId: record.agentId, keyId }, "API key revoked");
    return create(RevokeApiKeyResponseSchema, { key: toProtoApiKey(record) });
  }

  // OTP login (secondary surface)

  /**
   * Answers the same bytes whether or not the identifier belongs to a user, and does the same
   * store work either way (a challenge nobody receives stands in for an unknown identifier).
   * Delivery runs after the answer, so neither its time nor its failure shows.
   */
  async sendOtp(request: SendOtpRequest): Promise<SendOtpResponse> {
    const f = new RequestFields();
    const channel = otpChannelFromProto(request.type);
    if (channel === undefined) f.add(fieldError("type", "INVALID_VALUE", "must be EMAIL or SMS"));
    const identifier = this.identifier(f, request.identifier, channel ?? undefined);
    f.check();
    const { store, clock, otpHasher } = this.deps;
    const delivery = this.deps.deliveries[identifier.channel];
    if (!delivery) {
      throw new DomainError("VALIDATION_FAILED", `${identifier.channel} codes are not available`, {
        errors: [fieldError("type", "INVALID_VALUE", `${identifier.channel} codes are not available on this service`)],
      });
    }
    const now = clock.now();
    const limit = await store.recordOtpSend(identifier.value, now);
    if (!limit.accepted) throw otpSendRateLimited(limit.retryAfterMs);

    const user = await store.findUserByIdentifier(identifier);
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
    await store.saveOtpChallenge(challenge);
    if (user) {
      this.dispatch(delivery, {
        messageId: challenge.challengeId,
        channel: identifier.channel,
        to: identifier.value,
        code,
        expiresInSeconds: OTP_TTL_SECONDS,
      });
    }
    return create(SendOtpResponseSchema, { expiresIn: OTP_TTL_SECONDS, resendAfter: OTP_RESEND_INTERVAL_SECONDS });
  }

  async verifyOtp(request: VerifyOtpRequest): Promise<VerifyOtpResponse> {
    const f = new RequestFields();
    const identifier = this.identifier(f, request.identifier, undefined);
    if (request.code === "") f.add(fieldError("code", "REQUIRED", "code is required"));
    else if (!isOtpCodeFormat(request.code)) f.add(fieldError("code", "INVALID_FORMAT", "must be six digits"));
    f.check();
    const { store, clock, otpHasher } = this.deps;
    const now = clock.now();
    const attempt = await store.attemptOtp(identifier.value, now, OTP_MAX_ATTEMPTS);
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
    if (!(await store.consumeOtpChallenge(identifier.value, challenge.challengeId))) throw otpInvalid();

    const user = await store.findUserById(challenge.userId);
    const agent = user && (await store.findAgent(user.agentId));
    if (!user || !agent) throw otpInvalid();
    if (effectiveStatus(agent, await this.parentOf(agent)) === "SUSPENDED") {
      throw new DomainError("AUTH_AGENT_SUSPENDED", "the agent is suspended");
    }
    const { token, session } = await this.openSession(user, now);
    this.deps.logger.info({ agentId: agent.id, userId: user.userId, sessionId: session.sessionId }, "signed in with a one-time code");
    return create(VerifyOtpResponseSchema, {
      verificationToken: token,
      tokenType: "Bearer",
      expiresIn: SESSION_TTL_SECONDS,
      agentId: agent.id,
      userId: user.userId,
    });
  }

  // Sessions (the gateway, on every secondary request)

  async verifyToken(request: VerifyTokenRequest): Promise<VerifyTokenResponse> {
    if (!isSessionTokenFormat(request.token)) throw invalidToken();
    const { store, clock } = this.deps;
    const session = checkSession(request.token, await store.findSession(hashSessionToken(request.token)), clock.now());
    const agent = await store.findAgent(session.agentId);
    if (!agent) throw invalidToken();
    const status: AgentStatus = effectiveStatus(agent, await this.parentOf(agent));
    return create(VerifyTokenResponseSchema, {
      agentId: agent.id,
      userId: session.userId,
      scopes: scopesToProto(session.scopes),
      agentStatus: agentStatusToProto(status),
      agentTier: agentTierToProto(agent.tier),
      expiresAt: toTimestamp(session.expiresAt),
      sessionId: session.sessionId,
    });
  }

  /** Revokes the session; answers the same for a token that is unknown, expired or already revoked. */
  async logout(request: LogoutRequest): Promise<LogoutResponse> {
    const f = new RequestFields();
    f.required("token", request.token);
    f.check();
    if (isSessionTokenFormat(request.token)) {
      const revoked = await this.deps.store.revokeSession(hashSessionToken(request.token), this.deps.clock.now());
      if (revoked) this.deps.logger.info("signed out");
    }
    return create(LogoutResponseSchema, {});
  }

  // Development

  async listDevOutbox(request: ListDevOutboxRequest): Promise<ListDevOutboxResponse> {
    const outbox = this.deps.devOutbox;
    if (!outbox) {
      throw new DomainError("AUTH_FORBIDDEN", "the development outbox exists only while the development delivery adapter is in use");
    }
    const f = new RequestFields();
    if (request.limit < 0) f.add(fieldError("limit", "OUT_OF_RANGE", "must be 0 (all) or more"));
    f.check();
    await this.settled();
    const raw = request.identifier.trim();
    const to = raw === "" ? undefined : (parseIdentifier(raw)?.value ?? raw);
    const messages = outbox.list({ to, ...(request.limit > 0 && { limit: request.limit }) });
    return create(ListDevOutboxResponseSchema, { messages: messages.map(toProtoOutboxMessage) });
  }

  /** Resolves when every delivery started so far has finished (tests; shutdown). */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.inFlight]);
  }

  // Helpers

  /**
   * Starts the delivery on a later turn of the event loop, after SendOtp answered: not even an
   * adapter's synchronous work (composing the message) adds to the known identifier's answer.
   */
  private dispatch(delivery: CodeDelivery, message: OtpMessage): void {
    const running = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => delivery.deliver(message))
      .then(
        () => this.deps.logger.debug({ messageId: message.messageId, adapter: delivery.name }, "one-time code delivered"),
        (error: unknown) =>
          this.deps.logger.error(
            { messageId: message.messageId, adapter: delivery.name, channel: message.channel, failure: describeDeliveryError(error) },
            "one-time code delivery failed",
          ),
      );
    this.inFlight.add(running);
    void running.finally(() => this.inFlight.delete(running));
  }

  private async openSession(user: AgentUser, now: Date): Promise<{ token: string; session: Session }> {
    for (let draw = 1; ; draw++) {
      const token = generateSessionToken();
      const session: Session = {
        sessionId: newId(SESSION_ID_PREFIX),
        tokenHash: hashSessionToken(token),
        agentId: user.agentId,
        userId: user.userId,
        scopes: SESSION_SCOPES,
        createdAt: now,
        expiresAt: new Date(now.getTime() + SESSION_TTL_SECONDS * 1000),
      };
      try {
        await this.deps.store.saveSession(session);
        return { token, session };
      } catch (error) {
        if (draw >= MAX_KEY_DRAWS) throw error;
      }
    }
  }

  private async attemptsExceeded(identifier: string, now: Date): Promise<DomainError> {
    // A locked code stays locked: the way on is a new code, as soon as the send limit allows one.
    const ms = await this.deps.store.otpSendRetryAfterMs(identifier, now);
    return otpAttemptsExceeded(retryAfterSeconds(ms));
  }

  /** Draws keys until one is stored (a draw colliding with a stored key id or hash is drawn again). */
  private async storeNewKey(
    build: (keyId: string, hash: string) => ApiKeyRecord,
    sandbox: boolean,
    save: (record: ApiKeyRecord) => Promise<void>,
  ): Promise<{ apiKey: string; record: ApiKeyRecord }> {
    for (let draw = 1; ; draw++) {
      const apiKey = generateApiKey(sandbox);
      const record = build(defined(parseApiKey(apiKey), "issued key").keyId, hashApiKey(apiKey));
      try {
        await save(record);
        return { apiKey, record };
      } catch (error) {
        if (!(error instanceof DuplicateApiKeyError) || draw >= MAX_KEY_DRAWS) throw error;
      }
    }
  }

  private async parentOf(agent: Agent | undefined): Promise<Agent | undefined> {
    return agent?.parentAgentId === undefined ? undefined : this.deps.store.findAgent(agent.parentAgentId);
  }

  private async protoAgent(agent: Agent) {
    return toProtoAgent(agent, await this.deps.store.listUsers(agent.id));
  }

  private agentId(value: string): string {
    const f = new RequestFields();
    const agentId = f.id("agent_id", value);
    f.check();
    return agentId;
  }

  private identifier(f: RequestFields, raw: string, channel: "EMAIL" | "SMS" | undefined): Identifier {
    if (raw.trim() === "") {
      f.add(fieldError("identifier", "REQUIRED", "identifier is required"));
      return { channel: channel ?? "EMAIL", value: "" };
    }
    const identifier = parseIdentifier(raw, channel);
    if (identifier) return identifier;
    const kind = channel ?? (raw.includes("@") ? "EMAIL" : "SMS");
    f.add(
      fieldError(
        "identifier",
        "INVALID_FORMAT",
        kind === "EMAIL" ? "must be an e-mail address" : "must be a phone number in E.164 form, e.g. +919800000001",
      ),
    );
    return { channel: kind, value: "" };
  }

  private scopes(f: RequestFields, values: readonly number[]): Scope[] {
    const scopes: Scope[] = [];
    values.forEach((value, i) => {
      const scope = scopeFromProtoValue(value);
      if (scope) scopes.push(scope);
      else f.add(fieldError(`scopes[${i}]`, "INVALID_VALUE", "is not a scope"));
    });
    return canonicalScopes(scopes);
  }

  private futureInstant(f: RequestFields, field: string, value: Timestamp | undefined, now: Date): Date | undefined {
    const at = fromTimestamp(value);
    if (at && at.getTime() <= now.getTime()) f.add(fieldError(field, "INVALID_VALUE", "must be in the future"));
    return at;
  }

  private initialUsers(f: RequestFields, users: CreateAgentRequest["users"]): { email?: string; phone?: string }[] {
    if (users.length > MAX_USERS_PER_REQUEST) {
      f.add(fieldError("users", "OUT_OF_RANGE", `at most ${MAX_USERS_PER_REQUEST} users at creation`));
      return [];
    }
    const emails = new Set<string>();
    const phones = new Set<string>();
    return users.map((user, i) => {
      const email = user.email.trim() === "" ? undefined : normalizeEmail(user.email);
      const phone = user.phone.trim() === "" ? undefined : normalizePhone(user.phone);
      if (user.email.trim() !== "" && email === undefined)
        f.add(fieldError(`users[${i}].email`, "INVALID_FORMAT", "must be an e-mail address"));
      if (user.phone.trim() !== "" && phone === undefined) {
        f.add(fieldError(`users[${i}].phone`, "INVALID_FORMAT", "must be a phone number in E.164 form, e.g. +919800000001"));
      }
      if (user.email.trim() === "" && user.phone.trim() === "") {
        f.add(fieldError(`users[${i}]`, "REQUIRED", "a user needs an e-mail address or a phone number"));
      }
      if (email !== undefined && emails.has(email)) f.add(fieldError(`users[${i}].email`, "INVALID_VALUE", "appears twice in users"));
      if (phone !== undefined && phones.has(phone)) f.add(fieldError(`users[${i}].phone`, "INVALID_VALUE", "appears twice in users"));
      if (email !== undefined) emails.add(email);
      if (phone !== undefined) phones.add(phone);
      return { ...(email !== undefined && { email }), ...(phone !== undefined && { phone }) };
    });
  }

  /** A sub-agent's parent must exist and be a top-level agency. */
  private async checkParent(parentAgentId: string): Promise<void> {
    const parent = await this.deps.store.findAgent(parentAgentId);
    const problem = !parent
      ? "no agent has this id"
      : parent.parentAgentId !== undefined
        ? "is itself a sub-agent; sub-agents work under a top-level agency"
        : undefined;
    if (problem)
      throw new DomainError("VALIDATION_FAILED", `parent_agent_id: ${problem}`, {
        errors: [fieldError("parent_agent_id", "INVALID_VALUE", problem)],
      });
  }

  /** Names the user whose e-mail or phone is taken (the store's unique indexes settle races). */
  private async checkIdentifiersFree(users: readonly { email?: string; phone?: string }[]): Promise<void> {
    const f = new RequestFields();
    for (const [i, user] of users.entries()) {
      if (user.email !== undefined && (await this.deps.store.findUserByIdentifier({ channel: "EMAIL", value: user.email }))) {
        f.add(fieldError(`users[${i}].email`, "INVALID_VALUE", "already belongs to another user"));
      }
      if (user.phone !== undefined && (await this.deps.store.findUserByIdentifier({ channel: "SMS", value: user.phone }))) {
        f.add(fieldError(`users[${i}].phone`, "INVALID_VALUE", "already belongs to another user"));
      }
    }
    f.check();
  }

  /** Usage tracking is bookkeeping: its failure must not turn a valid key away. */
  private async recordUse(keyId: string, at: Date): Promise<void> {
    try {
      await this.deps.store.touchApiKey(keyId, at);
    } catch (error) {
      this.deps.logger.warn({ err: error, keyId }, "could not record API key use");
    }
  }
}

function identifierTaken(field: string, kind: "email" | "phone"): DomainError {
  const what = kind === "email" ? "an e-mail address" : "a phone number";
  return new DomainError("VALIDATION_FAILED", `${what} of these users already belongs to another user`, {
    errors: [fieldError(field, "INVALID_VALUE", `${what} already belongs to another user`)],
  });
}
