import type { IncomingHttpHeaders, OutgoingHttpHeaders } from "node:http2";
import { asHeaders, PlainHeaders } from "./plain-headers.js";

/** Node's HTTP/2 headers as Fetch Headers, pseudo-headers (`:status`, `:path`) left out. */
export function webHeaders(headers: IncomingHttpHeaders): Headers {
  return asHeaders(PlainHeaders.fromIncoming(headers));
}

/** Fetch Headers as the plain object Node's HTTP/2 API writes. */
export function headerRecord(header: Headers): OutgoingHttpHeaders {
  if (header instanceof PlainHeaders) return header.toOutgoing();
  const result: OutgoingHttpHeaders = {};
  header.forEach((value, key) => (result[key] = value));
  const cookies = header.getSetCookie();
  if (cookies.length > 0) result["set-cookie"] = cookies;
  return result;
}
