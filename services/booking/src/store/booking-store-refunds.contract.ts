import { describe, expect, it } from "vitest";
import { requestRefund } from "../domain/refunds.js";
import { bookingFixture } from "../testing/booking-fixture.js";
import type { OpenedBookingStore } from "./booking-store.contract.js";

const t = (m: number) => new Date(Date.parse("2026-11-22T06:00:00Z") + m * 60_000);
const refund = (refundId: string, minute: number, status: "REQUESTED" | "REJECTED" = "REQUESTED") => ({
  ...requestRefund({ refundId, cancellationId: `cx_${refundId}`, bookingId: "b", amountPaise: 100, firstWhole: false }, t(minute)),
  status,
});

/** What every BookingStore adapter must do for ListRefunds: the agent's refunds across its bookings, newest first, by status, after a position. */
export function bookingStoreRefundsContract(open: () => Promise<OpenedBookingStore>): void {
  describe("BookingStore contract: refunds", () => {
    it("lists the agent's refunds newest first across its bookings, by status and after a position, never another agent's", async () => {
      const { store } = await open();
      const one = bookingFixture({ status: "TICKETED", refunds: [refund("rfd_a", 1), refund("rfd_c", 3, "REJECTED")] });
      const two = bookingFixture({ status: "CANCELLED", refunds: [refund("rfd_b", 2)] });
      const other = bookingFixture({ agentId: "agt_two", refunds: [refund("rfd_z", 9)] });
      for (const b of [one, two, other, bookingFixture()]) await store.create(b, []);
      const ids = async (query: Parameters<typeof store.listRefunds>[0]) => (await store.listRefunds(query)).map((l) => l.refund.refundId);
      expect(await ids({ agentId: "agt_one", limit: 10 })).toEqual(["rfd_c", "rfd_b", "rfd_a"]);
      expect(await ids({ agentId: "agt_one", limit: 2 })).toEqual(["rfd_c", "rfd_b"]);
      expect(await ids({ agentId: "agt_one", limit: 10, after: { requestedAt: t(2), refundId: "rfd_b" } })).toEqual(["rfd_a"]);
      expect(await ids({ agentId: "agt_one", limit: 10, status: "REQUESTED" })).toEqual(["rfd_b", "rfd_a"]);
      const [listed] = await store.listRefunds({ agentId: "agt_one", limit: 1, status: "REJECTED" });
      expect(listed).toEqual({ refund: one.refunds![1], bookingId: one.bookingId, pnr: one.pnr, currency: "INR" });
    });
  });
}
