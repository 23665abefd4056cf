import type { IncomingHttpHeaders } from "node:http2";

/** Node's HTTP/2 headers as Fetch Headers, pseudo-headers (`:status`, `:path`) left out. */
export function webHeaders(headers: IncomingHttpHeaders): Headers {
  const result = new Headers();
  for (const [key, value] of Object.entries(headers)) {
    if (key.startsWith(":") || value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) result.append(key, one);
  }
  return result;
}

/** Fetch Headers as the plain object Node's HTTP/2 API writes. */
export function headerRecord(header: Headers): Record<string, string> {
  const result: Record<string, string> = {};
  header.forEach((value, key) => (result[key] = value));
  return result;
}
