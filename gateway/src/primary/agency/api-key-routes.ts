import { fromTimestamp, toTimestamp } from "@tarmac/kernel";
import { Scope, type ApiKey } from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import type { FastifyPluginAsync } from "fastify";
import type { ServiceClients } from "../../clients.js";
import { callerOf } from "../../auth/caller-of.js";
import { scopeNames } from "../../auth/caller.js";
import { isoText } from "../../json-values.js";
import { type OperationDoc, operation, PRIMARY } from "../../openapi/operation.js";
import {
  type IssueKeyBody,
  issueKeyRequestSchema,
  issuedKeyResponseSchema,
  keyListResponseSchema,
  keyResponseSchema,
  type ListKeysBody,
  listKeysRequestSchema,
  type RevokeKeyBody,
  revokeKeyRequestSchema,
} from "./schemas.js";

export interface AgencyKeyRoutesOptions {
  readonly auth: ServiceClients["auth"];
}

const config = { scope: Scope.AGENCY_MANAGE };
const keyOperation = (doc: Omit<OperationDoc, "tags">) =>
  operation(PRIMARY, { ...doc, tags: ["agency"], description: `${doc.description} Scope \`agency.manage\`.` });

const SCOPE_BY_NAME = new Map<string, Scope>(
  [
    Scope.FLIGHT_SEARCH,
    Scope.FLIGHT_BOOK,
    Scope.FLIGHT_CANCEL,
    Scope.FLIGHT_RESCHEDULE,
    Scope.WALLET_READ,
    Scope.WEBHOOKS_MANAGE,
    Scope.AGENCY_MANAGE,
  ].map((scope) => [scopeNames[scope], scope]),
);

/**
 * POST /agency/api-keys/issue, /list and /revoke: an agency's keys for itself and its sub-agents
 * (API guide, Sub-agents). The calling key is the issuer: auth gives a new key no more than it has.
 */
export const agencyKeyRoutes: FastifyPluginAsync<AgencyKeyRoutesOptions> = async (app, { auth }) => {
  app.post<{ Body: IssueKeyBody }>(
    "/agency/api-keys/issue",
    {
      schema: keyOperation({
        operationId: "issueAgencyApiKey",
        summary: "Issue an API key for the agency or a sub-agent",
        description:
          "Issues a key for the calling agency, or for its sub-agent `agent_id`, answered in full this once. It has at most " +
          "the calling key's scopes (asking for more is 403 `AUTH_FORBIDDEN`) and is a `tk_test_` key exactly when the " +
          "calling key is. An `agent_id` outside the calling agency's subtree is 404 `AUTH_NOT_FOUND`. Not idempotent.",
        body: issueKeyRequestSchema,
        success: { schema: issuedKeyResponseSchema, description: "The new key, shown once." },
        errors: ["AUTH_NOT_FOUND"],
      }),
      config,
    },
    async (request) => {
      const caller = callerOf(request);
      const { agent_id, scopes, expires_at } = request.body;
      const answer = await auth.issueAgencyApiKey({
        agentId: caller.agentId,
        issuerKeyId: caller.keyId,
        forAgentId: agent_id ?? "",
        scopes: (scopes ?? []).map((name) => SCOPE_BY_NAME.get(name) ?? Scope.UNSPECIFIED),
        ...(expires_at !== undefined && { expiresAt: toTimestamp(new Date(expires_at)) }),
      });
      return { key: keyJson(present(answer.key)), api_key: answer.apiKey };
    },
  );

  app.post<{ Body: ListKeysBody }>(
    "/agency/api-keys/list",
    {
      schema: keyOperation({
        operationId: "listAgencyApiKeys",
        summary: "The keys of the agency or a sub-agent",
        description:
          "Every key of the calling agency, or of its sub-agent `agent_id`, newest first, without secrets. An `agent_id` " +
          "outside the calling agency's subtree is 404 `AUTH_NOT_FOUND`.",
        body: listKeysRequestSchema,
        success: { schema: keyListResponseSchema, description: "The keys." },
        errors: ["AUTH_NOT_FOUND"],
      }),
      config,
    },
    async (request) => {
      const { keys } = await auth.listAgencyApiKeys({ agentId: callerOf(request).agentId, forAgentId: request.body.agent_id ?? "" });
      return { keys: keys.map(keyJson) };
    },
  );

  app.post<{ Body: RevokeKeyBody }>(
    "/agency/api-keys/revoke",
    {
      schema: keyOperation({
        operationId: "revokeAgencyApiKey",
        summary: "Revoke a key of the agency or a sub-agent",
        description:
          "Revokes the key at once (every gateway refuses it from this answer on). Idempotent. A key outside the calling " +
          "agency's subtree is 404 `AUTH_NOT_FOUND`, as an unknown one.",
        body: revokeKeyRequestSchema,
        success: { schema: keyResponseSchema, description: "The key, revoked." },
        errors: ["AUTH_NOT_FOUND"],
      }),
      config,
    },
    async (request) => {
      const { key } = await auth.revokeAgencyApiKey({ agentId: callerOf(request).agentId, keyId: request.body.key_id });
      return { key: keyJson(present(key)) };
    },
  );
};

function present(key: ApiKey | undefined): ApiKey {
  if (!key) throw new Error("auth answered without a key");
  return key;
}

const instantOrNull = (value: ApiKey["expiresAt"]) => (fromTimestamp(value) ? isoText(value) : null);

function keyJson(key: ApiKey) {
  return {
    key_id: key.keyId,
    agent_id: key.agentId,
    prefix: key.prefix,
    scopes: key.scopes.map((scope) => scopeNames[scope]),
    created_at: isoText(key.createdAt),
    last_used_at: instantOrNull(key.lastUsedAt),
    expires_at: instantOrNull(key.expiresAt),
    revoked_at: instantOrNull(key.revokedAt),
  };
}
