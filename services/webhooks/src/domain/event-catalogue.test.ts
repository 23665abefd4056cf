import { describe, expect, it } from "vitest";
import { EVENT_TYPES, SUBSCRIBED_SUBJECTS } from "./event-catalogue.js";

describe("the webhooks consumer's subjects", () => {
  it("take every event type another service publishes, invoices and schedule changes included, and none of this service's own", () => {
    expect([...SUBSCRIBED_SUBJECTS].sort()).toEqual(["booking.>", "invoice.>", "schedule_change.>", "wallet.>"]);
    const covered = (type: string) => SUBSCRIBED_SUBJECTS.some((subject) => type.startsWith(subject.slice(0, -1)));
    expect(EVENT_TYPES.filter((type) => !covered(type))).toEqual(["webhook_endpoint.disabled"]);
  });
});
