import type { CallerPolicy } from "@tarmac/kernel";

const gateway = { gateway: "trusted" } as const;
const ops = { admin: "trusted" } as const;

/**
 * Who calls auth: the gateway turns agencies' credentials into identities (it holds no agency
 * context before these answer); booking and wallet check an agency's standing; agencies, users
 * and keys are managed only by ops through the admin command line.
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
};
