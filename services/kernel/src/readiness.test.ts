import { afterEach, describe, expect, it } from "vitest";
import { HealthService, ServingStatus } from "./health-service.js";
import { createLogger } from "./logger.js";
import { ReadinessMonitor, type DependencyProbe } from "./readiness.js";
import { ManualClock } from "./testing/manual-clock.js";

const SERVICE = "tarmac.test.v1.TestService";

function capture() {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger({ name: "t", level: "debug" }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  const at = (level: number) => lines.filter((l) => l.level === level).map((l) => l.msg);
  return { logger, lines, warnings: () => at(40), infos: () => at(30) };
}

/** A probe whose answer the test sets. */
function switchable(name: string, up = true) {
  const probe = { name, up, calls: 0, check: () => (probe.calls++, probe.up) };
  return probe;
}

describe("ReadinessMonitor", () => {
  let monitor: ReadinessMonitor | undefined;
  afterEach(async () => {
    await monitor?.stop();
    monitor = undefined;
  });

  const statuses = (health: HealthService, ...deps: string[]) => ({
    server: health.status(""),
    service: health.status(SERVICE),
    ...Object.fromEntries(deps.map((d) => [d, health.status(`dependency/${d}`)])),
  });

  it("rides out a short outage of a dependency that tolerates one (a MongoDB election), but not a long one nor one at start", async () => {
    const health = new HealthService([SERVICE]);
    const clock = new ManualClock();
    const mongodb = Object.assign(switchable("mongodb", false), { toleratedOutageMs: 15_000 });
    monitor = new ReadinessMonitor({ health, probes: [mongodb], logger: capture().logger, clock });
    // Never worked yet: not ready, tolerance or not.
    await expect(monitor.checkNow()).resolves.toBe(false);
    mongodb.up = true;
    await expect(monitor.checkNow()).resolves.toBe(true);
    mongodb.up = false;
    clock.advance(1_000);
    await expect(monitor.checkNow()).resolves.toBe(true);
    clock.advance(10_000);
    await expect(monitor.checkNow()).resolves.toBe(true);
    // The dependency's own entry tells the truth meanwhile.
    expect(statuses(health, "mongodb")).toEqual({
      server: ServingStatus.SERVING,
      service: ServingStatus.SERVING,
      mongodb: ServingStatus.NOT_SERVING,
    });
    clock.advance(5_000);
    await expect(monitor.checkNow()).resolves.toBe(false);
    expect(health.status("")).toBe(ServingStatus.NOT_SERVING);
  });

  it("is NOT_SERVING from construction until a first round passes", async () => {
    const health = new HealthService([SERVICE]);
    monitor = new ReadinessMonitor({ health, probes: [switchable("nats")], logger: capture().logger });
    expect(statuses(health, "nats")).toEqual({
      server: ServingStatus.NOT_SERVING,
      service: ServingStatus.NOT_SERVING,
      nats: ServingStatus.NOT_SERVING,
    });
    expect(monitor.ready).toBe(false);
    await expect(monitor.checkNow()).resolves.toBe(true);
    expect(statuses(health, "nats")).toEqual({
      server: ServingStatus.SERVING,
      service: ServingStatus.SERVING,
      nats: ServingStatus.SERVING,
    });
  });

  it("follows a flapping probe: NOT_SERVING (server, service, dependency) while it fails, SERVING when it passes", async () => {
    const health = new HealthService([SERVICE]);
    const nats = switchable("nats");
    const mongo = switchable("mongodb");
    monitor = new ReadinessMonitor({ health, probes: [nats, mongo], logger: capture().logger });
    const seen: unknown[] = [];
    for (const up of [true, false, true, false, false, true]) {
      nats.up = up;
      seen.push([await monitor.checkNow(), statuses(health, "nats", "mongodb")]);
    }
    const S = ServingStatus.SERVING;
    const N = ServingStatus.NOT_SERVING;
    const serving = { server: S, service: S, nats: S, mongodb: S };
    const notServing = { server: N, service: N, nats: N, mongodb: S };
    expect(seen).toEqual([
      [true, serving],
      [false, notServing],
      [true, serving],
      [false, notServing],
      [false, notServing],
      [true, serving],
    ]);
  });

  it("logs a warning once per outage and once (info) on recovery, with how long it lasted", async () => {
    const log = capture();
    const clock = new ManualClock();
    const nats = switchable("nats", false);
    monitor = new ReadinessMonitor({ health: new HealthService([SERVICE]), probes: [nats], logger: log.logger, clock });
    for (let i = 0; i < 5; i++) {
      await monitor.checkNow();
      clock.advance(1_000);
    }
    expect(log.warnings()).toEqual(["nats is not reachable: NOT_SERVING until it is (logged again on recovery)"]);
    nats.up = true;
    await monitor.checkNow();
    await monitor.checkNow();
    expect(log.infos()).toEqual(["nats is reachable again"]);
    expect(log.lines.find((l) => l.msg === "nats is reachable again")).toMatchObject({
      dependency: "nats",
      outageMs: 5_000,
      failedChecks: 5,
    });
    // The next outage is logged again.
    nats.up = false;
    await monitor.checkNow();
    await monitor.checkNow();
    expect(log.warnings()).toHaveLength(2);
  });

  it("logs nothing when every dependency passes from the start", async () => {
    const log = capture();
    monitor = new ReadinessMonitor({ health: new HealthService([]), probes: [switchable("nats")], logger: log.logger });
    await monitor.checkNow();
    await monitor.checkNow();
    expect(log.lines.filter((l) => (l.level as number) >= 30)).toEqual([]);
  });

  it("fails a probe that throws, logging its error", async () => {
    const log = capture();
    const probe: DependencyProbe = {
      name: "mongodb",
      check: () => Promise.reject(new Error("connect ECONNREFUSED 127.0.0.1:27017")),
    };
    monitor = new ReadinessMonitor({ health: new HealthService([]), probes: [probe], logger: log.logger });
    expect(await monitor.checkNow()).toBe(false);
    const warning = log.lines.find((l) => l.level === 40);
    expect(warning).toMatchObject({ dependency: "mongodb", err: { message: "connect ECONNREFUSED 127.0.0.1:27017" } });
  });

  it("fails a probe that does not answer in time, and does not call it again while it hangs", async () => {
    const log = capture();
    let calls = 0;
    let answer: (up: boolean) => void = () => undefined;
    const probe: DependencyProbe = {
      name: "nats",
      // The first check hangs until the test answers it; later ones answer at once.
      check: () => (++calls === 1 ? new Promise<boolean>((resolve) => (answer = resolve)) : true),
    };
    const health = new HealthService([]);
    monitor = new ReadinessMonitor({ health, probes: [probe], logger: log.logger, timeoutMs: 30 });
    expect(await monitor.checkNow()).toBe(false);
    expect(await monitor.checkNow()).toBe(false);
    expect(calls).toBe(1);
    expect(log.lines.find((l) => l.level === 40)).toMatchObject({ err: { message: "no answer within 30 ms" } });
    answer(true);
    expect(await monitor.checkNow()).toBe(true);
    expect(calls).toBe(1);
    expect(await monitor.checkNow()).toBe(true);
    expect(calls).toBe(2);
  });

  it("checks at start and then every intervalMs until stopped", async () => {
    const health = new HealthService([SERVICE]);
    const nats = switchable("nats", false);
    monitor = new ReadinessMonitor({ health, probes: [nats], logger: capture().logger, intervalMs: 20 });
    expect(await monitor.start()).toBe(false);
    expect(nats.calls).toBe(1);
    nats.up = true;
    await until(() => health.status("") === ServingStatus.SERVING);
    nats.up = false;
    await until(() => health.status(SERVICE) === ServingStatus.NOT_SERVING);
    await monitor.stop();
    const calls = nats.calls;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(nats.calls).toBe(calls);
  });

  it("leaves the health alone once stopped (a closing host stays NOT_SERVING)", async () => {
    const health = new HealthService([SERVICE]);
    const nats = switchable("nats");
    monitor = new ReadinessMonitor({ health, probes: [nats], logger: capture().logger });
    await monitor.stop();
    await monitor.checkNow();
    expect(health.status("")).toBe(ServingStatus.NOT_SERVING);
  });

  it("refuses two probes of one name", () => {
    const make = () =>
      new ReadinessMonitor({ health: new HealthService([]), probes: [switchable("nats"), switchable("nats")], logger: capture().logger });
    expect(make).toThrow(/two dependency probes are named nats/);
  });
});

async function until(condition: () => boolean, timeoutMs = 2_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
