import { create } from "@bufbuild/protobuf";
import type { CredentialNoticePublisher } from "@tarmac/events";
import { newId, toTimestamp, type Clock, type Logger } from "@tarmac/kernel";
import {
  LogoutResponseSchema,
  VerifyTokenResponseSchema,
  type LogoutRequest,
  type LogoutResponse,
  type VerifyTokenRequest,
  type VerifyTokenResponse,
} from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import { effectiveStatus } from "../domain/agent.js";
import type { AgentUser } from "../domain/agent-user.js";
import { SESSION_SCOPES } from "../domain/scopes.js";
import {
  checkSession,
  generateSessionToken,
  hashSessionToken,
  invalidToken,
  isSessionTokenFormat,
  SESSION_ID_PREFIX,
  SESSION_TTL_SECONDS,
  type Session,
} from "../domain/session.js";
import { agentStatusToProto, agentTierToProto, scopesToProto } from "../proto-mapping.js";
import { RequestFields } from "../request-fields.js";
import { findParent, type AgentLookup, type SessionStore } from "../store/auth-store.js";
import { drawUntilStored } from "./draw-until-stored.js";

export interface SessionsDeps {
  readonly sessions: SessionStore;
  readonly agents: AgentLookup;
  readonly clock: Clock;
  readonly logger: Logger;
  /** Tells every gateway a session ended, before logout answers (the gateway it went through forgets it itself). */
  readonly notices: CredentialNoticePublisher;
}

/** Bearer sessions: opened by a login, verified by the gateway on every secondary request, ended by logout. */
export class Sessions {
  constructor(private readonly deps: SessionsDeps) {}

  /** A new session for the user; only the token's hash is stored, the token is answered once. */
  async open(user: AgentUser, now: Date): Promise<{ token: string; session: Session }> {
    return drawUntilStored(
      () => {
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
        return { token, session };
      },
      ({ session }) => this.deps.sessions.saveSession(session),
      // Nothing else was written: a failed save is safe to try again with a new token.
      () => true,
    );
  }

  async verify(request: VerifyTokenRequest): Promise<VerifyTokenResponse> {
    if (!isSessionTokenFormat(request.token)) throw invalidToken();
    const { sessions, agents, clock } = this.deps;
    const session = checkSession(request.token, await sessions.findSession(hashSessionToken(request.token)), clock.now());
    const agent = await agents.findAgent(session.agentId);
    if (!agent) throw invalidToken();
    return create(VerifyTokenResponseSchema, {
      agentId: agent.id,
      userId: session.userId,
      scopes: scopesToProto(session.scopes),
      agentStatus: agentStatusToProto(effectiveStatus(agent, await findParent(agents, agent))),
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
      const tokenHash = hashSessionToken(request.token);
      const session = await this.deps.sessions.findSession(tokenHash);
      const revoked = session !== undefined && (await this.deps.sessions.revokeSession(tokenHash, this.deps.clock.now()));
      if (revoked) {
        this.deps.logger.info("signed out");
        await this.deps.notices.publish({ kind: "session.revoked", agentId: session.agentId, sessionId: session.sessionId });
      }
    }
    return create(LogoutResponseSchema, {});
  }
}
