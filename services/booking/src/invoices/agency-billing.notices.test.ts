import { create, type MessageInitShape } from "@bufbuild/protobuf";
import { followStandingNotices, InProcessNotices } from "@tarmac/events";
import { AgentStanding } from "@tarmac/kernel";
import { silentLogger } from "@tarmac/kernel/testing";
import { AgentSchema, AgentStatus, BillingDetailsSchema, GetAgentResponseSchema } from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import { afterEach, describe, expect, it } from "vitest";
import { authAgencyBilling } from "./agency-billing.js";

const address = { lines: ["12 MG Road"], city: "Bengaluru", state: "Karnataka", pinCode: "560001", country: "IN" };
const KARNATAKA = { gstin: "29AAGCB7383J1Z4", legalName: "Sky Travels Private Limited", address, email: "accounts@sky.example" };
const MAHARASHTRA = { ...KARNATAKA, gstin: "27AAPFU0939F1ZV", address: { ...address, city: "Mumbai", state: "Maharashtra" } };

/** Auth's GetAgent over billing details the test changes, counting calls. */
function fakeAuth() {
  const state = { billing: KARNATAKA as MessageInitShape<typeof BillingDetailsSchema>, calls: 0 };
  const auth = {
    getAgent: async ({ agentId = "" }: { agentId?: string }) => {
      state.calls++;
      const agent = create(AgentSchema, { agentId, status: AgentStatus.ACTIVE, billing: state.billing });
      return create(GetAgentResponseSchema, { agent });
    },
  };
  return { state, auth };
}

/** Booking's wiring: the standing check and the billing lookup over one AgentStanding, following auth's notices. */
describe("the billing lookup reads the record of the standing check", () => {
  const stops: (() => Promise<void>)[] = [];
  afterEach(async () => {
    await Promise.all(stops.splice(0).map((stop) => stop()));
  });

  function wired() {
    const { state, auth } = fakeAuth();
    const clock = { now: 0 };
    const standing = new AgentStanding(auth, 5_000, () => clock.now);
    const notices = new InProcessNotices();
    stops.push(followStandingNotices(standing, { source: notices, events: { subjectPrefix: "test" }, logger: silentLogger() }));
    return { state, clock, standing, notices, billing: authAgencyBilling(standing.agents) };
  }
  const signal = new AbortController().signal;

  it("asks auth once for a create's standing check and billing lookup, and once per TTL after", async () => {
    const { state, clock, standing, billing } = wired();
    await standing.assertActive("agt_1");
    expect((await billing.gstOf("agt_1", signal))?.gstin).toBe("29AAGCB7383J1Z4");
    await standing.assertActive("agt_1");
    expect(state.calls).toBe(1);
    clock.now = 5_001;
    await standing.assertActive("agt_1");
    await billing.gstOf("agt_1", signal);
    expect(state.calls).toBe(2);
  });

  it("asks again after auth's billing notice: the next create takes the new details within the TTL", async () => {
    const { state, standing, notices, billing } = wired();
    await standing.assertActive("agt_1");
    state.billing = MAHARASHTRA;
    // Without a notice the remembered details hold for the TTL (the clock stands still here).
    expect((await billing.gstOf("agt_1", signal))?.gstin).toBe("29AAGCB7383J1Z4");
    await notices.publish({ kind: "agent.billing_changed", agentId: "agt_1" });
    await standing.assertActive("agt_1");
    expect((await billing.gstOf("agt_1", signal))?.address).toBe("12 MG Road, Mumbai, Maharashtra 560001, IN");
    expect(state.calls).toBe(2);
  });
});
