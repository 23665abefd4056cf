import type { MetricsRegistry } from "@tarmac/kernel";
import { askProvider, type ProviderOperation } from "./ask-provider.js";
import type { AirlineProvider, ProviderCallOptions } from "./provider-port.js";

export interface ProviderGuard {
  /** Each call's deadline; past it the caller gets PROVIDER_TIMEOUT. */
  readonly timeoutMs: number;
  /** Where the provider metrics go; default the process registry. */
  readonly metrics?: MetricsRegistry;
}

/**
 * The provider every service holds: each call runs under the guard's deadline (bounded further by
 * the caller's own `signal`), is timed and counted in the provider metrics, and fails only with
 * catalogue errors (the provider's own refusals, PROVIDER_TIMEOUT, PROVIDER_UNAVAILABLE). Call
 * sites then read as plain provider calls, the way interceptors keep RPC call sites plain.
 */
export function guardProvider(provider: AirlineProvider, guard: ProviderGuard): AirlineProvider {
  const ask = <T>(
    operation: ProviderOperation,
    options: ProviderCallOptions | undefined,
    call: (options: ProviderCallOptions) => Promise<T>,
  ): Promise<T> =>
    askProvider(provider, (signal) => call({ ...options, signal }), {
      signal: options?.signal ?? NEVER_ABORTED,
      timeoutMs: guard.timeoutMs,
      operation,
      ...(guard.metrics && { metrics: guard.metrics }),
    });
  return {
    name: provider.name,
    searchFlights: (query, options) => ask("searchFlights", options, (o) => provider.searchFlights(query, o)),
    livePrice: (query, options) => ask("livePrice", options, (o) => provider.livePrice(query, o)),
    seatMap: (key, options) => ask("seatMap", options, (o) => provider.seatMap(key, o)),
    ancillaries: (key, options) => ask("ancillaries", options, (o) => provider.ancillaries(key, o)),
    reserve: (request, options) => ask("reserve", options, (o) => provider.reserve(request, o)),
    findReservation: (reference, options) => ask("findReservation", options, (o) => provider.findReservation(reference, o)),
    cancelReservation: (reference, options) => ask("cancelReservation", options, (o) => provider.cancelReservation(reference, o)),
    changeReservation: (change, options) => ask("changeReservation", options, (o) => provider.changeReservation(change, o)),
    priceHold: (reference, options) => ask("priceHold", options, (o) => provider.priceHold(reference, o)),
    ticketHold: (request, options) => ask("ticketHold", options, (o) => provider.ticketHold(request, o)),
    cancelCoupons: (request, options) => ask("cancelCoupons", options, (o) => provider.cancelCoupons(request, o)),
    requestRefund: (request, options) => ask("requestRefund", options, (o) => provider.requestRefund(request, o)),
    reservationAncillaries: (reference, options) =>
      ask("reservationAncillaries", options, (o) => provider.reservationAncillaries(reference, o)),
    addExtras: (addition, options) => ask("addExtras", options, (o) => provider.addExtras(addition, o)),
    // A watch has no deadline: it lasts until the watcher's signal ends it.
    watchReservationChanges: (watch) => provider.watchReservationChanges(watch),
  };
}

const NEVER_ABORTED = new AbortController().signal;
