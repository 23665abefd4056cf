import { InProcessNotices, type CredentialNoticePublisher } from "@tarmac/events";
import type { Clock, Logger } from "@tarmac/kernel";
import { AuthServiceImpl } from "./auth-service.js";
import type { CodeDeliveries } from "./delivery/code-delivery.js";
import type { DevOutbox } from "./delivery/development-delivery.js";
import type { OtpHasher } from "./domain/otp.js";
import { AgencyApiKeys } from "./handlers/agency-api-keys.js";
import { Agents } from "./handlers/agents.js";
import { ApiKeys } from "./handlers/api-keys.js";
import { DevOutboxListing } from "./handlers/dev-outbox-listing.js";
import { OtpLogin } from "./handlers/otp-login.js";
import { Sessions } from "./handlers/sessions.js";
import { SubAgents } from "./handlers/sub-agents.js";
import type { AuthStore } from "./store/auth-store.js";

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
  /** Where revocations and suspensions are announced (NATS, or the stack's bus); default nowhere. */
  readonly notices?: CredentialNoticePublisher;
}

/** The service over one store: each handler gets the part of it that its concern owns. */
export function wireAuth(deps: AuthServiceDeps): AuthServiceImpl {
  const { store, clock, logger } = deps;
  const notices = deps.notices ?? new InProcessNotices();
  const sessions = new Sessions({ sessions: store, agents: store, clock, logger, notices });
  const otpLogin = new OtpLogin({
    codes: store,
    users: store,
    sessions,
    clock,
    logger,
    otpHasher: deps.otpHasher,
    deliveries: deps.deliveries,
  });
  const agents = new Agents({ agents: store, clock, logger, notices });
  const apiKeys = new ApiKeys({ keys: store, agents: store, clock, logger, notices });
  return new AuthServiceImpl({
    agents,
    subAgents: new SubAgents({ agents: store, ops: agents }),
    apiKeys,
    agencyApiKeys: new AgencyApiKeys({ agents: store, keys: store, clock, ops: apiKeys }),
    otpLogin,
    sessions,
    devOutbox: new DevOutboxListing(deps.devOutbox, () => otpLogin.settled()),
  });
}
