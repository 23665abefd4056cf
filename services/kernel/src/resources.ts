import type { DependencyProbe } from "./readiness.js";
import type { Logger } from "./logger.js";
import type { OpenedStorage } from "./storage.js";

type Release = () => Promise<void>;

/**
 * What a service opened while starting (stores, relays, sweeps, adapters) and the readiness
 * probes they bring. `release` closes them newest first, each once, logging a failing step and
 * going on: a service that cannot start, or that stops, leaks nothing.
 */
export class Resources {
  readonly probes: DependencyProbe[] = [];
  private readonly releases: Release[] = [];

  constructor(
    private readonly logger: Logger,
    private readonly service: string,
  ) {}

  /** Keeps `release` for later; answers `value`, so opening and keeping read as one step. */
  keep<T>(value: T, release: Release, probe?: DependencyProbe): T {
    this.releases.push(release);
    if (probe) this.probes.push(probe);
    return value;
  }

  /** Keeps opened stores: closed on release, probed for readiness (MongoDB). */
  keepStorage<T>(storage: OpenedStorage<T>): T {
    return this.keep(storage.value, storage.close, storage.probe);
  }

  readonly release = async (): Promise<void> => {
    for (const release of this.releases.splice(0).reverse()) {
      await release().catch((err: unknown) => this.logger.error({ err }, `${this.service} shutdown step failed`));
    }
  };
}
