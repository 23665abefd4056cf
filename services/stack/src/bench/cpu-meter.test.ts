import { describe, expect, it } from "vitest";
import { ownCpu, processCpu, withServerCost } from "./cpu-meter.js";

/** Burns `seconds` of this process's CPU (not of wall time: other test files share the cores). */
const spin = (seconds: number) => {
  const until = ownCpu() + seconds;
  while (ownCpu() < until);
};

describe("the bench's server CPU meter", () => {
  it.runIf(process.platform === "linux")("reads a process's CPU from /proc as the process itself counts it", () => {
    const [procBefore, ownBefore] = [processCpu(process.pid)(), ownCpu()];
    spin(0.3);
    const [proc, own] = [processCpu(process.pid)() - procBefore, ownCpu() - ownBefore];
    expect(own).toBeGreaterThanOrEqual(0.3);
    // /proc counts in hundredths of a second.
    expect(Math.abs(proc - own)).toBeLessThan(0.05);
  });

  it("answers NaN for a process it cannot read, so the table leaves the cell empty", () => {
    expect(processCpu(undefined)()).toBeNaN();
    expect(processCpu(2 ** 30)()).toBeNaN();
  });

  it("divides the CPU a measure cost by its requests, and by its duration for how busy the server was", async () => {
    let cpu = 10;
    const measured = await withServerCost(
      () => cpu,
      async () => {
        cpu += 0.5;
        return { requests: 200, requestsPerSecond: 100 };
      },
    );
    expect(measured.cpuMsPerRequest).toBeCloseTo(2.5);
    expect(measured.busy).toBeCloseTo(0.25);
  });
});
