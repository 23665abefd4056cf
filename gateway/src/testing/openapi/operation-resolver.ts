/**
 * Finds the operation of an OpenAPI document that a request reached, the way a generated client
 * builds its URLs: a server's URL (the operation's `servers`, else its path item's, else the
 * document's; default "/") followed by a path template of `paths`. Only the server URL's path
 * counts (the document is served by the gateway it describes, so the origin is the gateway's);
 * `{variables}` of a server URL take their default.
 */

type Json = Record<string, any>;

export interface ResolvedOperation {
  /** The key under `paths`, e.g. `/flight/search`. */
  readonly pathKey: string;
  readonly method: string;
  readonly operation: Json;
}

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

/** The path part of a server URL, without its trailing slash ("" for "/"). */
function serverPrefix(server: Json): string {
  const url = String(server.url ?? "/").replace(/\{([^}]+)\}/g, (_match, name: string) => String(server.variables?.[name]?.default ?? ""));
  const path = /^[a-z][a-z0-9+.-]*:\/\//i.test(url) ? new URL(url).pathname : url;
  return path.replace(/\/+$/, "");
}

function prefixesOf(servers: unknown): string[] | undefined {
  return Array.isArray(servers) && servers.length > 0 ? servers.map((s: Json) => serverPrefix(s)) : undefined;
}

/** `/booking/{id}` as an anchored expression; each variable is one path segment. */
function templatePattern(template: string): RegExp {
  const parts = template
    .split(/(\{[^}]+\})/)
    .map((part) => (/^\{[^}]+\}$/.test(part) ? "[^/]+" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
  return new RegExp(`^${parts.join("")}$`);
}

export function operationResolver(document: Json): (method: string, pathname: string) => ResolvedOperation | undefined {
  const rootPrefixes = prefixesOf(document.servers) ?? [""];
  const candidates: { prefixes: string[]; pattern: RegExp; literal: boolean; pathKey: string; method: string; operation: Json }[] = [];
  for (const [pathKey, item] of Object.entries((document.paths ?? {}) as Record<string, Json>)) {
    for (const method of METHODS) {
      const operation = item[method] as Json | undefined;
      if (!operation) continue;
      const prefixes = prefixesOf(operation.servers) ?? prefixesOf(item.servers) ?? rootPrefixes;
      candidates.push({ prefixes, pattern: templatePattern(pathKey), literal: !pathKey.includes("{"), pathKey, method, operation });
    }
  }
  // A literal path wins over a template that also matches (OpenAPI: concrete paths first).
  candidates.sort((a, b) => Number(b.literal) - Number(a.literal));
  return (method, pathname) => {
    const wanted = method.toLowerCase();
    for (const candidate of candidates) {
      if (candidate.method !== wanted) continue;
      for (const prefix of candidate.prefixes) {
        if (!pathname.startsWith(`${prefix}/`)) continue;
        if (candidate.pattern.test(pathname.slice(prefix.length))) {
          return { pathKey: candidate.pathKey, method: candidate.method, operation: candidate.operation };
        }
      }
    }
    return undefined;
  };
}
