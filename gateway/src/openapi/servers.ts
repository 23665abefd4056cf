type Json = Record<string, unknown>;

/** The primary surface's prefix: the interface spec's `{base_url}` ends with it. */
const PRIMARY_BASE = "/api/v1";

/**
 * Where the document says each operation lives. Agencies configure the spec's `{base_url}`
 * (`https://<host>/api/v1`) and a client generated from the document joins it with the paths, so
 * the document's server is `/api/v1` and primary paths are relative to it (`/flight/search`).
 * The secondary surface (`/api/auth`, `/api/flights`, `/api/dev`) is outside `/api/v1`: its paths
 * stay absolute under a path-level `servers` of `/` (OpenAPI 3.1 allows one per path item; Swagger
 * UI honours it). A generated client (openapi-fetch) ignores `servers`: it takes
 * `<origin>/api/v1` for the primary paths and `<origin>` for the secondary ones (API guide,
 * Versioning). Only the document moves: Fastify's routes keep their full URLs.
 */
export function relativeToServers(document: Json): Json {
  const paths: Record<string, Json> = {};
  for (const [path, item] of Object.entries((document.paths ?? {}) as Record<string, Json>)) {
    if (path.startsWith(`${PRIMARY_BASE}/`)) paths[path.slice(PRIMARY_BASE.length)] = item;
    else paths[path] = { servers: [{ url: "/", description: "This gateway's root: the secondary surface is outside /api/v1." }], ...item };
  }
  return {
    ...document,
    servers: [{ url: PRIMARY_BASE, description: "This gateway's primary surface: the `{base_url}` of the interface spec." }],
    paths,
  };
}
