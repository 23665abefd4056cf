import { processMetrics, runEvery, type LeaseHolder, type Logger, type MetricsRegistry } from "@tarmac/kernel";
import { DISCREPANCY_KINDS, type ReconciliationReport } from "./discrepancy.js";
import type { Reconciler } from "./reconciler.js";

export interface ReconciliationLoopOptions {
  readonly reconciler: Pick<Reconciler, "run">;
  readonly intervalMs: number;
  readonly logger: Logger;
  /** With several replicas (MongoDB), the lease that lets one of them reconcile per interval. */
  readonly lease?: LeaseHolder;
  readonly metrics?: MetricsRegistry;
}

export interface ReconciliationLoop {
  /** One round now, as the timer runs it: lease, run, metrics. Resolves with the report, or undefined when another replica holds the lease. */
  runOnce(): Promise<ReconciliationReport | undefined>;
  stop(): Promise<void>;
}

/**
 * Reconciles every agency each interval, in the replica that holds the lease, and publishes what
 * it found: reconciliation_discrepancies{kind} (the chart's alert fires while it is above 0) and
 * reconciliation_last_run_timestamp_seconds (its alert fires when runs stop). A replica without the
 * lease shows 0 discrepancies, so a finding from a replica that lost the lease does not stay up
 * forever and the fleet's max is the holder's.
 */
export function startReconciliationLoop(options: ReconciliationLoopOptions): ReconciliationLoop {
  const metrics = options.metrics ?? processMetrics();
  const found = metrics.gauge({
    name: "reconciliation_discrepancies",
    help: "Discrepancies the last reconciliation found between the wallet's ledger, the bookings and the tax documents, by kind",
    labelNames: ["kind"],
  });
  const lastRun = metrics.gauge({
    name: "reconciliation_last_run_timestamp_seconds",
    help: "When the last complete reconciliation finished (Unix seconds)",
  });
  const show = (report: ReconciliationReport | undefined) => {
    for (const kind of DISCREPANCY_KINDS) found.set({ kind }, report?.discrepancies.filter((d) => d.kind === kind).length ?? 0);
  };
  show(undefined);
  const runOnce = async () => {
    if (options.lease && !(await options.lease.held())) {
      show(undefined);
      return undefined;
    }
    const report = await options.reconciler.run();
    show(report);
    lastRun.set(Date.now() / 1000);
    return report;
  };
  const periodic = runEvery(options.intervalMs, "reconciliation", options.logger, runOnce);
  return {
    runOnce,
    async stop() {
      await periodic.stop();
      await options.lease?.release();
    },
  };
}
