import { z } from "zod";
import { commonEnv, parseConfig } from "../config.js";

const switchSchema = z.object({ TARMAC_GRPC_FAST_PATH: commonEnv.TARMAC_GRPC_FAST_PATH });

/** TARMAC_GRPC_FAST_PATH of `env`: `on` (the default) or `off`; anything else is a ConfigError naming it. */
export function parseGrpcFastPath(env: NodeJS.ProcessEnv): boolean {
  return parseConfig(switchSchema, env).TARMAC_GRPC_FAST_PATH === "on";
}

let processSetting: boolean | undefined;

/**
 * Whether this process serves and calls unary gRPC on the fast path (this folder) or through plain
 * Connect: TARMAC_GRPC_FAST_PATH, read from the process's environment once, by the first host or
 * client it starts. A process-wide setting rather than a field of each service's configuration:
 * the one-process stack hosts every service and the gateway's clients together, and the transport
 * is the process's, not a service's. Each service's schema (commonEnv) checks the value at start.
 */
export function grpcFastPathEnabled(): boolean {
  return (processSetting ??= parseGrpcFastPath(process.env));
}
