import type { LookupAddress } from "node:dns";
import type { ClientRequest, IncomingMessage, RequestOptions } from "node:http";
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import type { LookupFunction } from "node:net";
import { isIP } from "node:net";
import { performance } from "node:perf_hooks";
import type { Attempt } from "../domain/delivery.js";

/** How much of an answer is kept (and read: the socket is closed after it). */
export const RESPONSE_BODY_LIMIT = 1024;

export interface SendRequest {
  readonly url: URL;
  /** The address resolvePublicAddress checked: the only one this request connects to. */
  readonly address: { readonly address: string; readonly family: 4 | 6 };
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  /** The whole exchange, connecting to the last byte read, ends within this. */
  readonly timeoutMs: number;
}

/** An attempt's outcome, the fields of {@link Attempt} but `at`. */
export type SendResult = Omit<Attempt, "at"> & { readonly ok: boolean };

/**
 * POSTs a webhook and reports what happened; never throws. The connection goes to `address` only
 * (the `lookup` option is pinned to it, so DNS cannot be asked again and rebound), TLS still checks
 * the certificate against the URL's host. Redirects are not followed (a 3xx is a failure). The
 * status line decides the outcome; at most the first {@link RESPONSE_BODY_LIMIT} bytes of the
 * answer are read, then the socket is closed. Errors before a status (DNS, TLS, refused, reset,
 * timeout) are reported with status 0.
 */
export function sendWebhook(request: SendRequest): Promise<SendResult> {
  const started = performance.now();
  return new Promise<SendResult>((resolve) => {
    let settled = false;
    let statusCode = 0;
    const chunks: Buffer[] = [];
    let received = 0;
    let req: ClientRequest | undefined;
    let res: IncomingMessage | undefined;

    const finish = (error?: string): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      res?.destroy();
      req?.destroy();
      const responseBody = Buffer.concat(chunks).subarray(0, RESPONSE_BODY_LIMIT).toString("utf8");
      const durationMs = Math.round(performance.now() - started);
      if (statusCode === 0) {
        resolve({ ok: false, statusCode: 0, error: error ?? "no answer", responseBody, durationMs });
        return;
      }
      resolve({ ok: statusCode >= 200 && statusCode < 300, statusCode, error: statusError(statusCode, res), responseBody, durationMs });
    };

    const timer = setTimeout(() => finish(`timed out after ${request.timeoutMs} ms`), request.timeoutMs);

    try {
      const { url } = request;
      const https = url.protocol === "https:";
      if (!https && url.protocol !== "http:") {
        finish(`unsupported protocol ${url.protocol}`);
        return;
      }
      const host = url.hostname.startsWith("[") ? url.hostname.slice(1, -1) : url.hostname;
      const options: RequestOptions & { servername?: string } = {
        method: "POST",
        host,
        port: url.port === "" ? (https ? 443 : 80) : Number(url.port),
        path: `${url.pathname}${url.search}`,
        headers: {
          "User-Agent": "Tarmac-Webhooks/1",
          ...request.headers,
          "Content-Type": "application/json",
          "Content-Length": String(Buffer.byteLength(request.body, "utf8")),
        },
        // A fresh connection per attempt: a pooled one could have been opened to another address.
        agent: false,
        lookup: pinnedLookup(request.address),
      };
      // TLS checks the certificate against the URL's host (SNI is not sent for an IP literal).
      if (https && isIP(host) === 0) options.servername = host;

      req = (https ? httpsRequest : httpRequest)(options, (response) => {
        res = response;
        statusCode = response.statusCode ?? 0;
        response.on("data", (chunk: Buffer) => {
          chunks.push(chunk);
          received += chunk.length;
          if (received >= RESPONSE_BODY_LIMIT) finish();
        });
        response.on("end", () => finish());
        response.on("error", () => finish());
        response.on("aborted", () => finish());
        response.on("close", () => finish());
      });
      req.on("error", (error) => finish(describeError(error)));
      req.end(request.body, "utf8");
    } catch (error) {
      finish(describeError(error));
    }
  });
}

/** Answers every lookup with the checked address, in whichever form (one or all) the caller asks. */
function pinnedLookup(address: { readonly address: string; readonly family: 4 | 6 }): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) {
      const all: LookupAddress[] = [{ address: address.address, family: address.family }];
      (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, all);
    } else {
      callback(null, address.address, address.family);
    }
  };
}

function statusError(statusCode: number, response: IncomingMessage | undefined): string {
  if (statusCode >= 200 && statusCode < 300) return "";
  if (statusCode >= 300 && statusCode < 400) {
    const location = response?.headers.location;
    return `redirect not followed (${statusCode}${location ? ` to ${location.slice(0, 200)}` : ""})`;
  }
  return `unexpected status ${statusCode}`;
}

function describeError(error: unknown): string {
  if (!(error instanceof Error)) return "request failed";
  const code = (error as NodeJS.ErrnoException).code;
  const message = error.message.slice(0, 300);
  if (code === "ECONNREFUSED") return `connection refused (${message})`;
  if (code === "ECONNRESET") return `connection reset (${message})`;
  if (code !== undefined && /CERT|TLS|SSL|ERR_SSL/.test(code)) return `TLS failure: ${code} (${message})`;
  return code !== undefined && !message.includes(code) ? `${code}: ${message}` : message;
}
