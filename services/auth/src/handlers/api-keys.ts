import { create } from "@bufbuild/protobuf";
import type { CredentialNoticePublisher } from "@tarmac/events";
import { defined, fieldError, type Clock, type Logger } from "@tarmac/kernel";
import {
  IssueApiKeyResponseSchema,
  ListApiKeysResponseSchema,
  RevokeApiKeyResponseSchema,
  RotateApiKeyResponseSchema,
  VerifyApiKeyResponseSchema,
  type IssueApiKeyRequest,
  type IssueApiKeyResponse,
  type ListApiKeysRequest,
  type ListApiKeysResponse,
  type RevokeApiKeyRequest,
  type RevokeApiKeyResponse,
  type RotateApiKeyRequest,
  type RotateApiKeyResponse,
  type VerifyApiKeyRequest,
  type VerifyApiKeyResponse,
} from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import { agentNotFound } from "../domain/agent.js";
import { generateApiKey, hashApiKey, parseApiKey } from "../domain/api-key.js";
import { apiKeyNotFound, type ApiKeyRecord } from "../domain/api-key-record.js";
import {
  DEFAULT_ROTATION_GRACE_SECONDS,
  MAX_ROTATION_GRACE_SECONDS,
  newKeyRecord,
  rotatedKeyRevokedAt,
  rotationRefusal,
  successorExpiresAt,
} from "../domain/key-lifecycle.js";
import { shouldRecordUse } from "../domain/key-usage.js";
import { defaultKeyScopes } from "../domain/scopes.js";
import { invalidApiKey, verifyApiKey } from "../domain/verify-api-key.js";
import { agentStatusToProto, agentTierToProto, scopesToProto, toProtoApiKey } from "../proto-mapping.js";
import { RequestFields, requiredAgentId } from "../request-fields.js";
import { DuplicateApiKeyError, findParent, type AgentLookup, type ApiKeyStore } from "../store/auth-store.js";
import { drawUntilStored } from "./draw-until-stored.js";

export interface ApiKeysDeps {
  readonly keys: ApiKeyStore;
  readonly agents: AgentLookup;
  readonly clock: Clock;
  readonly logger: Logger;
  /** Tells every gateway a key stopped working, before the RPC answers (revocation, rotation without grace). */
  readonly notices: CredentialNoticePublisher;
}

type KeyRecordFor = (keyId: string, hash: string) => ApiKeyRecord;

/** API keys: verification (the gateway, on every primary request) and their life cycle (internal teams, admin). */
export class ApiKeys {
  constructor(private readonly deps: ApiKeysDeps) {}

  async verify(request: VerifyApiKeyRequest): Promise<VerifyApiKeyResponse> {
    const parsed = parseApiKey(request.apiKey);
    if (!parsed) throw invalidApiKey();
    const { keys, agents, clock } = this.deps;
    const record = await keys.findApiKeyById(parsed.keyId);
    const agent = record && (await agents.findAgent(record.agentId));
    const now = clock.now();
    const verified = verifyApiKey(request.apiKey, record, agent, now, await findParent(agents, agent));
    if (record && shouldRecordUse(record, now)) await this.recordUse(record.keyId, now);
    return create(VerifyApiKeyResponseSchema, {
      agentId: verified.agentId,
      keyId: verified.keyId,
      scopes: scopesToProto(verified.scopes),
      agentStatus: agentStatusToProto(verified.agentStatus),
      agentTier: agentTierToProto(verified.agentTier),
    });
  }

  async issue(request: IssueApiKeyRequest): Promise<IssueApiKeyResponse> {
    const f = new RequestFields();
    const agentId = f.id("agent_id", request.agentId);
    const scopes = f.scopes("scopes", request.scopes);
    const now = this.deps.clock.now();
    const expiresAt = f.futureInstant("expires_at", request.expiresAt, now);
    f.check();
    const agent = await this.deps.agents.findAgent(agentId);
    if (!agent) throw agentNotFound(agentId);
    const { sandbox } = request;
    const { apiKey, record } = await this.storeNewKey(
      sandbox,
      (keyId, hash) =>
        newKeyRecord({ keyId, agentId, hash, scopes: scopes.length > 0 ? scopes : defaultKeyScopes(agent.tier), sandbox, now, expiresAt }),
      (record) => this.deps.keys.saveApiKey(record),
    );
    this.deps.logger.info({ agentId, keyId: record.keyId, scopes: record.scopes, sandbox }, "API key issued");
    return create(IssueApiKeyResponseSchema, { key: toProtoApiKey(record), apiKey });
  }

  async list(request: ListApiKeysRequest): Promise<ListApiKeysResponse> {
    const agentId = requiredAgentId(request.agentId);
    if (!(await this.deps.agents.findAgent(agentId))) throw agentNotFound(agentId);
    const keys = await this.deps.keys.listApiKeys(agentId);
    return create(ListApiKeysResponseSchema, { keys: keys.map(toProtoApiKey) });
  }

  async rotate(request: RotateApiKeyRequest): Promise<RotateApiKeyResponse> {
    const f = new RequestFields();
    const keyId = f.id("key_id", request.keyId);
    const grace = request.gracePeriodSeconds ?? DEFAULT_ROTATION_GRACE_SECONDS;
    if (grace < 0 || grace > MAX_ROTATION_GRACE_SECONDS) {
      f.add(fieldError("grace_period_seconds", "OUT_OF_RANGE", `must be from 0 to ${MAX_ROTATION_GRACE_SECONDS} seconds (30 days)`));
    }
    f.check();
    const { keys, clock } = this.deps;
    const now = clock.now();
    const current = await keys.findApiKeyById(keyId);
    if (!current) throw apiKeyNotFound(keyId);
    const refusal = rotationRefusal(current, now);
    if (refusal) throw refusal;
    let previous: ApiKeyRecord | undefined;
    const { apiKey, record } = await this.storeNewKey(
      current.sandbox,
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
      async (successor) => {
        previous = await keys.rotateApiKey(keyId, successor, rotatedKeyRevokedAt(current, now, grace), now);
      },
    );
    if (!previous) {
      // A concurrent rotation or revocation got there first; nothing was written. Say which.
      const latest = await keys.findApiKeyById(keyId);
      throw (latest && rotationRefusal(latest, now)) ?? apiKeyNotFound(keyId);
    }
    this.deps.logger.info({ agentId: current.agentId, keyId, newKeyId: record.keyId, graceSeconds: grace }, "API key rotated");
    if (grace === 0) await this.deps.notices.publish({ kind: "api_key.revoked", agentId: current.agentId, keyId });
    return create(RotateApiKeyResponseSchema, { key: toProtoApiKey(record), apiKey, previousKey: toProtoApiKey(previous) });
  }

  async revoke(request: RevokeApiKeyRequest): Promise<RevokeApiKeyResponse> {
    const f = new RequestFields();
    const keyId = f.id("key_id", request.keyId);
    f.check();
    const record = await this.deps.keys.revokeApiKey(keyId, this.deps.clock.now());
    if (!record) throw apiKeyNotFound(keyId);
    this.deps.logger.info({ agentId: record.agentId, keyId }, "API key revoked");
    // Also on a repeat: harmless, and it covers a first notice that was lost.
    await this.deps.notices.publish({ kind: "api_key.revoked", agentId: record.agentId, keyId });
    return create(RevokeApiKeyResponseSchema, { key: toProtoApiKey(record) });
  }

  /** Draws keys until one is stored (a draw colliding with a stored key id or hash is drawn again). */
  private async storeNewKey(
    sandbox: boolean,
    recordFor: KeyRecordFor,
    save: (record: ApiKeyRecord) => Promise<void>,
  ): Promise<{ apiKey: string; record: ApiKeyRecord }> {
    return drawUntilStored(
      () => {
        const apiKey = generateApiKey(sandbox);
        return { apiKey, record: recordFor(defined(parseApiKey(apiKey), "issued key").keyId, hashApiKey(apiKey)) };
      },
      ({ record }) => save(record),
      (error) => error instanceof DuplicateApiKeyError,
    );
  }

  /** Usage tracking is bookkeeping: its failure must not turn a valid key away. */
  private async recordUse(keyId: string, at: Date): Promise<void> {
    try {
      await this.deps.keys.touchApiKey(keyId, at);
    } catch (error) {
      this.deps.logger.warn({ err: error, keyId }, "could not record API key use");
    }
  }
}
