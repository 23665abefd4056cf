import { describe, expect, it } from "vitest";
import { type CpuProfile, profileShares } from "./profile-shares.js";

const frame = (functionName: string, url = "") => ({ functionName, url });

/** root -> idle; root -> GC; root -> handler (kernel) -> domain (booking); root -> fastify route -> JSON. */
const profile: CpuProfile = {
  nodes: [
    { id: 1, callFrame: frame("(root)"), children: [2, 3, 4, 6] },
    { id: 2, callFrame: frame("(idle)") },
    { id: 3, callFrame: frame("(garbage collector)") },
    { id: 4, callFrame: frame("serve", "file:///app/services/kernel/src/fast-path/unary-grpc-handler.ts"), children: [5] },
    { id: 5, callFrame: frame("create", "file:///app/services/booking/src/booking-creation.ts"), children: [8] },
    { id: 6, callFrame: frame("handler", "file:///app/node_modules/.pnpm/fastify@5/node_modules/fastify/lib/route.js"), children: [7] },
    { id: 7, callFrame: frame("stringify", "file:///app/gateway/src/primary/search/offer-json.ts") },
    { id: 8, callFrame: frame("writev") },
  ],
  // 2 idle, 1 GC, 4 in the booking under the handler (one of them in a native frame), 3 in fastify's route itself.
  samples: [2, 2, 3, 5, 5, 5, 8, 6, 6, 6],
};

describe("profileShares", () => {
  it("leaves idle out and charges a sample under call code to the calls by stack, to its own code by innermost frame", () => {
    const { stack, innermost } = profileShares(profile);
    expect(stack).toEqual({ calls: 4 / 8, http: 3 / 8, gc: 1 / 8, program: 0, other: 0 });
    expect(innermost).toEqual({ calls: 0, http: 3 / 8, gc: 1 / 8, program: 0, other: 4 / 8 });
  });

  it("gives zero shares for a profile with no busy sample", () => {
    const idle = profileShares({ nodes: [{ id: 1, callFrame: frame("(idle)") }], samples: [1, 1] });
    expect(Object.values(idle.stack).every((s) => s === 0)).toBe(true);
  });
});
