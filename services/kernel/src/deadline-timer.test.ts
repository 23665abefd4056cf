import { describe, expect, it } from "vitest";
import { deadlineTimer } from "./deadline-timer.js";

describe("deadlineTimer", () => {
  it("fires after its delay, and never for a delay beyond what a timer holds (which Node would fire at once)", async () => {
    const fired: string[] = [];
    deadlineTimer(10, () => fired.push("near"));
    expect(deadlineTimer(3.6e14, () => fired.push("far"))).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(fired).toEqual(["near"]);
  });
});
