import type { FastifyRequest } from "fastify";
import type { Caller } from "./caller.js";

/** The verified caller of an authenticated route; its absence is a wiring bug, hence a 500. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw new Error(`route ${request.routeOptions.url} ran without an authenticated caller`);
  return request.caller;
}
