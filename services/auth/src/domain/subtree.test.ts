import { describe, expect, it } from "vitest";
import type { Agent } from "./agent.js";
import { inSubtree } from "./subtree.js";

const agent = (id: string, parentAgentId?: string): Agent => ({
  id,
  name: id,
  status: "ACTIVE",
  tier: "STANDARD",
  createdAt: new Date(0),
  ...(parentAgentId !== undefined && { parentAgentId }),
});

describe("inSubtree", () => {
  const agency = agent("agt_a");
  const branch = agent("agt_b", "agt_a");
  const sibling = agent("agt_c", "agt_a");

  it("holds for a sub-agent under its agency only", () => {
    expect(inSubtree(branch, "agt_a")).toBe(true);
    expect(inSubtree(branch, "agt_x")).toBe(false);
  });

  it("never holds upwards, across or for the agency itself", () => {
    expect(inSubtree(agency, "agt_b")).toBe(false);
    expect(inSubtree(sibling, "agt_b")).toBe(false);
    expect(inSubtree(agency, "agt_a")).toBe(false);
  });
});
