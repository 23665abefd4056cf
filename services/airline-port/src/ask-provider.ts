import type { AirlineProvider } from "./provider-port.js";
import { DomainError, processMetrics, type MetricsRegistry } from "@tarmac/kernel";

/** What a provider is asked: an AirlineProvider method name (searchFlights, reserve, ...). */
export type ProviderOperation = Exclude<keyof AirlineProvider, "name">;

export interface ProviderCallLimits {
  /** The RPC's own signal: a caller that went away cancels the provider call too. */
  readonly signal: AbortSignal;
  /** The provider's deadline; past it the caller gets PROVIDER_TIMEOUT. */
  readonly timeoutMs: number;
  /** The `operation` label of the provider metrics; "unknown" when unset. */
  readonly operation?: ProviderOperation;
  /** Where the provider metrics go; default the process registry. */
  readonly metrics?: MetricsRegistry;
}

/** ok; refused (the provider's own DomainError); timeout; unavailable; cancelled (the caller went away). */
type ProviderOutcome = "ok" | "refused" | "timeout" | "unavailable" | "cancelled";

/**
 * One provider call under a deadline. A provider's own DomainError (sold out, rejected...) reaches
 * the caller as is; a provider that has not answered by the deadline gives PROVIDER_TIMEOUT even if
 * it ignores its signal; anything else it throws is PROVIDER_UNAVAILABLE naming the provider, with
 * the original failure kept as the cause for the log, never in the message.
 *
 * Each call is timed in provider_request_duration_seconds{provider,operation,outcome}; each
 * failure but a cancelled one is counted in provider_errors_total{provider,operation,code} by its
 * catalogue code (PROVIDER_TIMEOUT, PROVIDER_UNAVAILABLE, PROVIDER_SOLD_OUT...).
 */
export async function askProvider<T>(
  provider: AirlineProvider,
  call: (signal: AbortSignal) => Promise<T>,
  limits: ProviderCallLimits,
): Promise<T> {
  const started = performance.now();
  const record = (outcome: ProviderOutcome, code?: string) => {
    const metrics = limits.metrics ?? processMetrics();
    const labels = { provider: provider.name, operation: limits.operation ?? "unknown" };
    providerDuration(metrics).observe({ ...labels, outcome }, (performance.now() - started) / 1000);
    if (code !== undefined) providerErrors(metrics).inc({ ...labels, code });
  };
  try {
    const answer = await callUnderDeadline(provider, call, limits);
    record("ok");
    return answer;
  } catch (error) {
    if (!(error instanceof DomainError)) record("cancelled");
    else if (error.code === "PROVIDER_TIMEOUT") record("timeout", error.code);
    else if (error.code === "PROVIDER_UNAVAILABLE") record("unavailable", error.code);
    else record("refused", error.code);
    throw error;
  }
}

const providerDuration = (metrics: MetricsRegistry) =>
  metrics.histogram({
    name: "provider_request_duration_seconds",
    help: "Time an airline provider took to answer, by provider, operation and outcome (ok, refused, timeout, unavailable, cancelled)",
    labelNames: ["provider", "operation", "outcome"],
  });

const providerErrors = (metrics: MetricsRegistry) =>
  metrics.counter({
    name: "provider_errors_total",
    help: "Airline provider calls that failed, by provider, operation and error code (timeouts, unavailability and the provider's refusals)",
    labelNames: ["provider", "operation", "code"],
  });

async function callUnderDeadline<T>(
  provider: AirlineProvider,
  call: (signal: AbortSignal) => Promise<T>,
  limits: ProviderCallLimits,
): Promise<T> {
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(timedOut(provider, limits.timeoutMs)), limits.timeoutMs);
  const signal = AbortSignal.any([limits.signal, deadline.signal]);
  let onAbort = (): void => undefined;
  const abandoned = new Promise<never>((_, reject) => {
    onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
  });
  if (signal.aborted) onAbort();
  try {
    return await Promise.race([call(signal), abandoned]);
  } catch (cause) {
    if (cause instanceof DomainError) throw cause;
    if (deadline.signal.aborted) throw timedOut(provider, limits.timeoutMs);
    if (limits.signal.aborted) throw cause;
    throw new DomainError("PROVIDER_UNAVAILABLE", "The airline provider failed to answer; please retry", {
      provider: { name: provider.name, code: "UNAVAILABLE", message: "The provider failed to answer" },
      cause,
    });
  } finally {
    clearTimeout(timer);
    signal.removeEventListener("abort", onAbort);
  }
}

function timedOut(provider: AirlineProvider, timeoutMs: number): DomainError {
  return new DomainError("PROVIDER_TIMEOUT", `The airline provider did not answer within ${timeoutMs} ms; please retry`, {
    provider: { name: provider.name, code: "TIMEOUT", message: `No answer within ${timeoutMs} ms` },
  });
}
