import { subscribe } from "node:diagnostics_channel";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Exchange } from "./response-check.js";

/** An answer of a documented route, with the app that gave it (whose document describes it). */
export interface RecordedExchange extends Exchange {
  readonly app: FastifyInstance;
}

let recorded: RecordedExchange[] = [];
let subscribed = false;
let outsideContract: string | undefined;
const payloads = new WeakMap<FastifyRequest, string>();

/** Routes @fastify/swagger documents: tagged and not hidden (the gateway's `hideUntagged`). */
function documented(request: FastifyRequest): boolean {
  const schema = request.routeOptions.schema as { hide?: boolean; tags?: unknown[] } | undefined;
  return request.routeOptions.url !== undefined && !!schema?.tags?.length && !schema.hide;
}

function text(payload: unknown): string {
  if (payload === null || payload === undefined) return "";
  if (typeof payload === "string") return payload;
  if (Buffer.isBuffer(payload)) return payload.toString("utf8");
  return "(stream)";
}

function headersOf(reply: FastifyReply): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : String(value);
  }
  return headers;
}

function attach(app: FastifyInstance): void {
  app.addHook("onSend", async (request, _reply, payload) => {
    payloads.set(request, text(payload));
    return payload;
  });
  app.addHook("onResponse", async (request, reply) => {
    if (!documented(request) || !("swagger" in app)) return;
    const path = request.url.split("?")[0] ?? request.url;
    recorded.push({
      app,
      method: request.method,
      path,
      status: reply.statusCode,
      headers: headersOf(reply),
      body: payloads.get(request) ?? "",
    });
  });
}

/**
 * Tests only: from now on every Fastify app this process creates records the answers of its
 * documented routes (Fastify announces each new instance on the `fastify.initialization`
 * diagnostics channel, before any plugin, so the hooks see every route). Calling it again does
 * nothing more.
 */
export function recordGatewayResponses(): void {
  if (subscribed) return;
  subscribed = true;
  subscribe("fastify.initialization", (message) => attach((message as { fastify: FastifyInstance }).fastify));
}

/**
 * For a test file whose fakes answer what no real peer would (every peer refusing every call with
 * one code, to see the gateway pass any refusal on): its answers are outside the document on
 * purpose and are not checked. `reason` is printed instead of the count.
 */
export function answersOutsideContract(reason: string): void {
  outsideContract = reason;
}

/** What was recorded since the last call, and why it is not to be checked (answersOutsideContract). */
export function takeRecordedResponses(): { exchanges: RecordedExchange[]; outsideContract: string | undefined } {
  const taken = { exchanges: recorded, outsideContract };
  recorded = [];
  outsideContract = undefined;
  return taken;
}
