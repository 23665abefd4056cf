import Fastify, { type FastifyInstance } from "fastify";
import { searchRequestSchema, searchResponseSchema } from "@tarmac/gateway";
import type { Page } from "./page-set.js";

const PATH = "/api/v1/flight/search";

/**
 * What a user who picked a monolith would run instead: one Fastify route holding the same pages
 * as plain objects, validating the same request schema and serialising each answer per request
 * with the gateway's response schema. Returns its URL; it answers the gateway's bytes (checked).
 */
export async function startMonolith(app: FastifyInstance, pages: readonly Page[]): Promise<string> {
  const byCursor = new Map(pages.map((p) => [cursorOf(p.body), JSON.parse(p.answer.toString("utf8")) as unknown]));
  app.post<{ Body: { cursor?: string } }>(
    PATH,
    { schema: { body: searchRequestSchema, response: { 200: searchResponseSchema } } },
    async (request) => byCursor.get(request.body.cursor ?? ""),
  );
  const url = `${await app.listen({ host: "127.0.0.1", port: 0 })}${PATH}`;
  await sameBytes(url, pages[0]!);
  return url;
}

/** The same bytes as the gateway's, looked up and sent: the floor of serving a page over HTTP. */
export async function startBare(app: FastifyInstance, pages: readonly Page[]): Promise<string> {
  const byCursor = new Map(pages.map((p) => [cursorOf(p.body), p.answer]));
  app.post<{ Body: { cursor?: string } }>(PATH, (request, reply) => {
    void reply.type("application/json; charset=utf-8").send(byCursor.get(request.body.cursor ?? ""));
  });
  const url = `${await app.listen({ host: "127.0.0.1", port: 0 })}${PATH}`;
  await sameBytes(url, pages[0]!);
  return url;
}

export const fastify = () => Fastify({ logger: false });

const cursorOf = (body: string) => (JSON.parse(body) as { cursor: string }).cursor;

async function sameBytes(url: string, page: Page): Promise<void> {
  const res = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: page.body });
  const bytes = Buffer.from(await res.arrayBuffer());
  if (!bytes.equals(page.answer)) throw new Error(`${url} does not answer the gateway's bytes: ${bytes.toString("utf8").slice(0, 200)}`);
}
