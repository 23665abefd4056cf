import type { CallerPolicy } from "@tarmac/kernel";

const gateway = { gateway: "trusted" } as const;
const ops = { admin: "trusted" } as const;
// An agency manages its own sub-agents through the gateway; ops may do it for any agency.
const agency = { gateway: "agent-context", admin: "trusted" } as const;

/**
 * Who calls auth: the gateway turns agencies' credentials into identities (it holds no agency
 * context before these answer); booking and wallet check an agency's standing; agencies, users
 * and keys are managed by ops through the admin command line, and an agency manages its own
 * sub-agents (for the agency the gateway authenticated, never another).
 */
export const authCallerPolicy: CallerPolicy = {
  VerifyApiKey: gateway,
  VerifyToken: gateway,
  SendOtp: gateway,
  VerifyOtp: gateway,
  Logout: gateway,
  ListDevOutbox: gateway,
  GetAgent: { gateway: "trusted", booking: "trusted", wallet: "trusted", admin: "trusted" },
  CreateAgent: ops,
  SuspendAgent: ops,
  ReactivateAgent: ops,
  SetAgentTier: ops,
  SetAgentBilling: ops,
  IssueApiKey: ops,
  ListApiKeys: ops,
  RotateApiKey: ops,
  RevokeApiKey: ops,
  CreateSubAgent: agency,
  ListSubAgents: agency,
  GetSubAgent: agency,
  UpdateSubAgent: agency,
  SuspendSubAgent: agency,
  IssueAgencyApiKey: agency,
  ListAgencyApiKeys: agency,
  RevokeAgencyApiKey: agency,
};
