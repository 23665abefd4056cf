import type { MessageInitShape } from "@bufbuild/protobuf";
import type { ServiceImpl } from "@connectrpc/connect";
import type { Clock, Logger } from "@tarmac/kernel";
import type {
  AuthService,
  VerifyApiKeyRequest,
  VerifyApiKeyResponseSchema,
} from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import { parseApiKey } from "./domain/api-key.js";
import { shouldRecordUse } from "./domain/key-usage.js";
import { invalidApiKey, verifyApiKey } from "./domain/verify-api-key.js";
import { agentStatusToProto, agentTierToProto, scopesToProto } from "./proto-mapping.js";
import type { AuthStore } from "./store/auth-store.js";

export interface AuthServiceDeps {
  readonly store: AuthStore;
  readonly clock: Clock;
  readonly logger: Logger;
}

/** The auth service. Only API key verification exists so far; other RPCs answer Unimplemented. */
export class AuthServiceImpl implements Pick<ServiceImpl<typeof AuthService>, "verifyApiKey"> {
  constructor(private readonly deps: AuthServiceDeps) {}

  async verifyApiKey(request: VerifyApiKeyRequest): Promise<MessageInitShape<typeof VerifyApiKeyResponseSchema>> {
    const parsed = parseApiKey(request.apiKey);
    if (!parsed) throw invalidApiKey();
    const { store, clock } = this.deps;
    const record = await store.findApiKeyById(parsed.keyId);
    const agent = record && (await store.findAgent(record.agentId));
    const now = clock.now();
    const verified = verifyApiKey(request.apiKey, record, agent, now);
    if (record && shouldRecordUse(record, now)) await this.recordUse(record.keyId, now);
    return {
      agentId: verified.agentId,
      keyId: verified.keyId,
      scopes: scopesToProto(verified.scopes),
      agentStatus: agentStatusToProto(verified.agentStatus),
      agentTier: agentTierToProto(verified.agentTier),
    };
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
