import { Code, ConnectError, type Interceptor } from "@connectrpc/connect";
import { processMetrics, type MetricsRegistry } from "./metrics.js";

const RPC_LABELS = ["service", "method", "code"] as const;

/** A Connect code as gRPC names it: OK, INVALID_ARGUMENT, DEADLINE_EXCEEDED, ... */
export function grpcCodeName(code: Code | undefined): string {
  if (code === undefined) return "OK";
  if (code === Code.Canceled) return "CANCELLED";
  const name = Code[code] as string | undefined;
  return name ? name.replace(/([a-z])([A-Z])/g, "$1_$2").toUpperCase() : "UNKNOWN";
}

/**
 * Server side: counts every call in `rpc_requests_total{service,method,code}` and times it in
 * `rpc_request_duration_seconds{service,method,code}`. `service` is the host's name (search,
 * booking...), `method` the full RPC path (tarmac.booking.v1.BookingService/CreateBooking), `code`
 * the gRPC status the caller got. Place it first: it then sees the code the error interceptor chose.
 * A streaming call is measured when its stream ends.
 */
export function rpcMetricsInterceptor(service: string, metrics: MetricsRegistry = processMetrics()): Interceptor {
  const requests = metrics.counter({
    name: "rpc_requests_total",
    help: "RPCs served, by service, method and gRPC status code",
    labelNames: RPC_LABELS,
  });
  const duration = metrics.histogram({
    name: "rpc_request_duration_seconds",
    help: "Time to serve an RPC (a stream: until it ended), by service, method and gRPC status code",
    labelNames: RPC_LABELS,
  });
  return (next) => async (req) => {
    const started = performance.now();
    const method = `${req.service.typeName}/${req.method.name}`;
    let recorded = false;
    const record = (code: string) => {
      if (recorded) return;
      recorded = true;
      const labels = { service, method, code };
      requests.inc(labels);
      duration.observe(labels, (performance.now() - started) / 1000);
    };
    let res;
    try {
      res = await next(req);
    } catch (error) {
      record(grpcCodeName(ConnectError.from(error).code));
      throw error;
    }
    if (!res.stream) {
      record("OK");
      return res;
    }
    return { ...res, message: recordedStream(res, record) };
  };
}

async function* recordedStream<T>(res: { readonly message: AsyncIterable<T> }, record: (code: string) => void): AsyncIterable<T> {
  let ended = false;
  try {
    for await (const message of res.message) yield message;
    ended = true;
    record("OK");
  } catch (error) {
    ended = true;
    record(grpcCodeName(ConnectError.from(error).code));
    throw error;
  } finally {
    // The consumer stopped reading (the caller went away).
    if (!ended) record("CANCELLED");
  }
}
