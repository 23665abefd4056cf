import type { ServiceImpl } from "@connectrpc/connect";
import type {
  AuthService,
  CreateAgentRequest,
  CreateSubAgentRequest,
  IssueAgencyApiKeyRequest,
  ListAgencyApiKeysRequest,
  RevokeAgencyApiKeyRequest,
  GetSubAgentRequest,
  ListSubAgentsRequest,
  SuspendSubAgentRequest,
  UpdateSubAgentRequest,
  GetAgentRequest,
  IssueApiKeyRequest,
  ListApiKeysRequest,
  ListDevOutboxRequest,
  LogoutRequest,
  ReactivateAgentRequest,
  SetAgentBillingRequest,
  SetAgentTierRequest,
  RevokeApiKeyRequest,
  RotateApiKeyRequest,
  SendOtpRequest,
  SuspendAgentRequest,
  VerifyApiKeyRequest,
  VerifyOtpRequest,
  VerifyTokenRequest,
} from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import type { AgencyApiKeys } from "./handlers/agency-api-keys.js";
import type { Agents } from "./handlers/agents.js";
import type { ApiKeys } from "./handlers/api-keys.js";
import type { DevOutboxListing } from "./handlers/dev-outbox-listing.js";
import type { OtpLogin } from "./handlers/otp-login.js";
import type { Sessions } from "./handlers/sessions.js";
import type { SubAgents } from "./handlers/sub-agents.js";

/** One handler per concern, each over the narrow store port it needs (auth-wiring.ts builds them). */
export interface AuthHandlers {
  readonly agents: Agents;
  readonly subAgents: SubAgents;
  readonly apiKeys: ApiKeys;
  readonly agencyApiKeys: AgencyApiKeys;
  readonly otpLogin: OtpLogin;
  readonly sessions: Sessions;
  readonly devOutbox: DevOutboxListing;
}

/**
 * tarmac.auth.v1.AuthService: agents and their users, API keys (issue, list, rotate, revoke,
 * verify), OTP login and bearer sessions. Each RPC is answered by its concern's handler; form is
 * checked there, rules live in domain/, and every decision taken under concurrency is one atomic
 * store operation.
 */
export class AuthServiceImpl implements ServiceImpl<typeof AuthService> {
  constructor(private readonly handlers: AuthHandlers) {}

  verifyApiKey = (request: VerifyApiKeyRequest) => this.handlers.apiKeys.verify(request);
  issueApiKey = (request: IssueApiKeyRequest) => this.handlers.apiKeys.issue(request);
  listApiKeys = (request: ListApiKeysRequest) => this.handlers.apiKeys.list(request);
  rotateApiKey = (request: RotateApiKeyRequest) => this.handlers.apiKeys.rotate(request);
  revokeApiKey = (request: RevokeApiKeyRequest) => this.handlers.apiKeys.revoke(request);

  createAgent = (request: CreateAgentRequest) => this.handlers.agents.create(request);
  getAgent = (request: GetAgentRequest) => this.handlers.agents.get(request);
  suspendAgent = (request: SuspendAgentRequest) => this.handlers.agents.suspend(request);
  reactivateAgent = (request: ReactivateAgentRequest) => this.handlers.agents.reactivate(request);
  setAgentTier = (request: SetAgentTierRequest) => this.handlers.agents.setTier(request);
  setAgentBilling = (request: SetAgentBillingRequest) => this.handlers.agents.setBilling(request);

  createSubAgent = (request: CreateSubAgentRequest) => this.handlers.subAgents.create(request);
  listSubAgents = (request: ListSubAgentsRequest) => this.handlers.subAgents.list(request);
  getSubAgent = (request: GetSubAgentRequest) => this.handlers.subAgents.get(request);
  updateSubAgent = (request: UpdateSubAgentRequest) => this.handlers.subAgents.update(request);
  suspendSubAgent = (request: SuspendSubAgentRequest) => this.handlers.subAgents.suspend(request);

  issueAgencyApiKey = (request: IssueAgencyApiKeyRequest) => this.handlers.agencyApiKeys.issue(request);
  listAgencyApiKeys = (request: ListAgencyApiKeysRequest) => this.handlers.agencyApiKeys.list(request);
  revokeAgencyApiKey = (request: RevokeAgencyApiKeyRequest) => this.handlers.agencyApiKeys.revoke(request);

  sendOtp = (request: SendOtpRequest) => this.handlers.otpLogin.send(request);
  verifyOtp = (request: VerifyOtpRequest) => this.handlers.otpLogin.verify(request);

  verifyToken = (request: VerifyTokenRequest) => this.handlers.sessions.verify(request);
  logout = (request: LogoutRequest) => this.handlers.sessions.logout(request);

  listDevOutbox = (request: ListDevOutboxRequest) => this.handlers.devOutbox.list(request);

  /** Resolves when every code delivery started so far has finished (tests; shutdown). */
  settled(): Promise<void> {
    return this.handlers.otpLogin.settled();
  }
}
