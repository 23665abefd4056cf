import { within } from "./within.js";
import { systemClock, type Clock } from "./clock.js";
import { defined } from "./defined.js";
import { ServingStatus, type HealthService } from "./health-service.js";
import type { Logger } from "./logger.js";

/**
 * Something a service needs to do its work (MongoDB, NATS), checked for readiness. A failing
 * dependency makes the service NOT_SERVING; it never stops the process (that is the supervisor's
 * call, and restarting would not bring the dependency back).
 */
export interface DependencyProbe {
  /** Short and stable ("mongodb", "nats"): logged, and the health entry `dependency/<name>`. */
  readonly name: string;
  /**
   * true: usable now. false, or a throw (its error is logged): not. The monitor bounds the wait
   * and never runs two checks of one probe at once, so a hanging check cannot pile up.
   */
  check(): Promise<boolean> | boolean;
  /**
   * How long the dependency may fail, once it has worked, before the service turns NOT_SERVING: a
   * MongoDB election (about 10 s) should not take every pod out of its Service at once, when the
   * stores retry through it. The dependency's own health entry shows the outage at once. Default 0.
   */
  readonly toleratedOutageMs?: number;
}

/** grpc.health.v1 names dependencies `dependency/<name>`, next to "" and the served services. */
export const DEPENDENCY_HEALTH_PREFIX = "dependency/";

export function dependencyHealthName(name: string): string {
  return `${DEPENDENCY_HEALTH_PREFIX}${name}`;
}

export const DEFAULT_READINESS_INTERVAL_MS = 1_000;
export const DEFAULT_PROBE_TIMEOUT_MS = 2_000;

export interface ReadinessMonitorOptions {
  readonly health: HealthService;
  readonly probes: readonly DependencyProbe[];
  readonly logger: Logger;
  /** From the end of one round of checks to the start of the next; default 1000. */
  readonly intervalMs?: number;
  /** A check that has not answered within this fails the round; default 2000. */
  readonly timeoutMs?: number;
  readonly clock?: Clock;
}

interface Outcome {
  readonly ok: boolean;
  readonly err?: unknown;
}

interface ProbeState {
  readonly probe: DependencyProbe;
  /** The check under way, reused by the next round while it has not answered. */
  pending: Promise<Outcome> | undefined;
  /** Set while the dependency is failing. */
  outage: { since: Date; failedChecks: number } | undefined;
  /** It has passed a check: only then is an outage tolerated (a service never starts on a missing dependency). */
  worked: boolean;
}

/**
 * Checks every dependency probe now and then every `intervalMs`, and reports the result on the
 * service's grpc.health.v1: the whole server ("") and its services are SERVING while every probe
 * passes and NOT_SERVING while any fails; each dependency has its own entry too, so a caller can
 * tell which one is missing. NOT_SERVING from construction until the first round passes. An outage
 * is logged once when it starts (warn) and once when it ends (info), not on every check.
 */
export class ReadinessMonitor {
  private readonly health: HealthService;
  private readonly logger: Logger;
  private readonly clock: Clock;
  private readonly intervalMs: number;
  private readonly timeoutMs: number;
  private readonly states: ProbeState[];
  private round: Promise<boolean> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private started = false;
  private stopped = false;
  private lastReady = false;

  constructor(options: ReadinessMonitorOptions) {
    this.health = options.health;
    this.logger = options.logger;
    this.clock = options.clock ?? systemClock;
    this.intervalMs = options.intervalMs ?? DEFAULT_READINESS_INTERVAL_MS;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_PROBE_TIMEOUT_MS;
    const names = options.probes.map((p) => p.name);
    const duplicate = names.find((name, i) => names.indexOf(name) !== i);
    if (duplicate !== undefined) throw new Error(`two dependency probes are named ${duplicate}`);
    this.states = options.probes.map((probe) => ({ probe, pending: undefined, outage: undefined, worked: false }));
    // Not ready until a first round says so.
    this.health.setServing(ServingStatus.NOT_SERVING);
    for (const name of names) this.health.set(dependencyHealthName(name), ServingStatus.NOT_SERVING);
  }

  /** Whether the last round passed (false before the first). */
  get ready(): boolean {
    return this.lastReady;
  }

  /** Runs a first round now, then one every `intervalMs` until stop(); resolves after the first. */
  start(): Promise<boolean> {
    if (this.started) throw new Error("the readiness monitor is already started");
    this.started = true;
    return this.checkNow().finally(() => this.scheduleNext());
  }

  /** One round of checks now (or the round under way), applied to the health statuses. */
  checkNow(): Promise<boolean> {
    this.round ??= this.runRound().finally(() => (this.round = undefined));
    return this.round;
  }

  /** No more rounds; waits for one under way (bounded by the timeout). Health is left as it is. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.round;
  }

  private scheduleNext(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.checkNow().finally(() => this.scheduleNext()), this.intervalMs);
    this.timer.unref();
  }

  private async runRound(): Promise<boolean> {
    const outcomes = await Promise.all(this.states.map((state) => this.check(state)));
    if (this.stopped) return this.lastReady;
    this.states.forEach((state, i) => this.apply(state, defined(outcomes[i], "the outcome of a check")));
    const ready = this.states.every((state) => state.outage === undefined || this.tolerated(state));
    this.health.setServing(ready ? ServingStatus.SERVING : ServingStatus.NOT_SERVING);
    this.lastReady = ready;
    return ready;
  }

  private tolerated(state: ProbeState): boolean {
    const { outage, worked, probe } = state;
    if (outage === undefined || !worked) return false;
    return this.clock.now().getTime() - outage.since.getTime() < (probe.toleratedOutageMs ?? 0);
  }

  private check(state: ProbeState): Promise<Outcome> {
    state.pending ??= outcomeOf(state.probe).finally(() => (state.pending = undefined));
    return within(state.pending, this.timeoutMs, () => new Error(`no answer within ${this.timeoutMs} ms`)).catch((err: unknown) => ({
      ok: false,
      err,
    }));
  }

  private apply(state: ProbeState, outcome: Outcome): void {
    const { name } = state.probe;
    this.health.set(dependencyHealthName(name), outcome.ok ? ServingStatus.SERVING : ServingStatus.NOT_SERVING);
    const fields = { dependency: name, ...(outcome.err !== undefined && { err: outcome.err }) };
    if (outcome.ok) state.worked = true;
    if (!outcome.ok) {
      if (state.outage) {
        state.outage.failedChecks++;
        this.logger.debug({ ...fields, failedChecks: state.outage.failedChecks }, `${name} is still not reachable`);
        return;
      }
      state.outage = { since: this.clock.now(), failedChecks: 1 };
      this.logger.warn(fields, `${name} is not reachable: NOT_SERVING until it is (logged again on recovery)`);
      return;
    }
    if (!state.outage) return;
    const { since, failedChecks } = state.outage;
    state.outage = undefined;
    const outageMs = this.clock.now().getTime() - since.getTime();
    this.logger.info({ dependency: name, outageMs, failedChecks }, `${name} is reachable again`);
  }
}

async function outcomeOf(probe: DependencyProbe): Promise<Outcome> {
  try {
    return { ok: await probe.check() };
  } catch (err) {
    return { ok: false, err };
  }
}
