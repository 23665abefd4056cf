import type { CredentialNoticePublisher } from "@tarmac/events";
import { type Logger } from "@tarmac/kernel";
import { ManualClock, silentLogger } from "@tarmac/kernel/testing";
import type { AuthServiceImpl } from "../auth-service.js";
import { wireAuth } from "../auth-wiring.js";
import type { CodeDeliveries } from "../delivery/code-delivery.js";
import { DevelopmentCodeDelivery, DevOutbox } from "../delivery/development-delivery.js";
import type { Agent } from "../domain/agent.js";
import type { AgentUser } from "../domain/agent-user.js";
import { OtpHasher } from "../domain/otp.js";
import { MemoryAuthStore } from "../store/memory-auth-store.js";

const TEST_SECRET = "auth-tests-secret-of-at-least-32-characters";

export interface AuthFixture {
  readonly store: MemoryAuthStore;
  readonly clock: ManualClock;
  readonly outbox: DevOutbox;
  readonly service: AuthServiceImpl;
  /** An active standard agent with one user (e-mail and phone). */
  readonly agent: Agent;
  readonly user: AgentUser;
}

/** A service on a memory store with the development delivery for both channels, an agent and its user. */
export async function authFixture(
  options: { deliveries?: CodeDeliveries; logger?: Logger; withOutbox?: boolean; notices?: CredentialNoticePublisher } = {},
): Promise<AuthFixture> {
  const store = new MemoryAuthStore();
  const clock = new ManualClock("2026-11-22T06:00:00Z");
  const logger = options.logger ?? silentLogger();
  const outbox = new DevOutbox(50);
  const development = new DevelopmentCodeDelivery({ outbox, logger, clock });
  const agent: Agent = { id: "agt_fixture", name: "Fixture Travels", status: "ACTIVE", tier: "STANDARD", createdAt: clock.now() };
  const user: AgentUser = {
    userId: "usr_fixture",
    agentId: agent.id,
    email: "asha@fixture.test",
    phone: "+919811111111",
    createdAt: clock.now(),
  };
  await store.createAgent(agent, [user]);
  const service = wireAuth({
    store,
    clock,
    logger,
    otpHasher: new OtpHasher(TEST_SECRET),
    deliveries: options.deliveries ?? { EMAIL: development, SMS: development },
    ...(options.withOutbox !== false && { devOutbox: outbox }),
    ...(options.notices && { notices: options.notices }),
  });
  return { store, clock, outbox, service, agent, user };
}
