import { describe, expect, it } from "vitest";
import { bookingFixture } from "../testing/booking-fixture.js";
import type { AgencyDirectory } from "./agency-directory.js";
import type { BookingStore } from "./booking-store.js";

/** What every adapter's agency directory must answer. */
export function agencyDirectoryContract(open: () => Promise<{ store: BookingStore & AgencyDirectory }>): void {
  describe("AgencyDirectory contract", () => {
    it("answers every agent with a booking once, ascending, and none before the first", async () => {
      const { store } = await open();
      expect(await store.agentIds()).toEqual([]);
      for (const agentId of ["agt_b", "agt_a", "agt_b"]) await store.create(bookingFixture({ agentId }), []);
      expect(await store.agentIds()).toEqual(["agt_a", "agt_b"]);
    });
  });
}
