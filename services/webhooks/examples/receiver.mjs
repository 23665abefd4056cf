// A Tarmac webhook receiver: Node.js 18 or later, standard library only. Copy it, then
//   TARMAC_WEBHOOK_SECRET=whsec_... PORT=8080 node receiver.mjs
// and register https://<your host>/ (or http://127.0.0.1:8080/ in development) as the endpoint.
import { Buffer } from "node:buffer";
import console from "node:console";
import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer } from "node:http";
import process from "node:process";
import { setImmediate } from "node:timers";
import { pathToFileURL } from "node:url";

/** How far `t` may be from the receiver's clock, either way: 5 minutes. */
export const TOLERANCE_SECONDS = 300;

/**
 * True when `Tarmac-Signature` (`t=<unix seconds>,v1=<hex>[,v1=<hex>]`) signs `rawBody` with
 * `secret`: ANY v1 equal to hex HMAC-SHA256(secret, t + "." + rawBody), compared in constant time,
 * and t within TOLERANCE_SECONDS of `nowSeconds`. The key is the whole secret string, `whsec_`
 * included. `rawBody` must be the bytes as received (a Buffer or the exact string), not re-encoded JSON.
 */
export function verifyTarmacSignature(header, rawBody, secret, nowSeconds = Math.floor(Date.now() / 1000)) {
  if (typeof header !== "string" || typeof secret !== "string" || secret === "") return false;
  let timestamp;
  const signatures = [];
  for (const part of header.split(",")) {
    const equals = part.indexOf("=");
    if (equals === -1) continue;
    const key = part.slice(0, equals).trim();
    const value = part.slice(equals + 1).trim();
    if (key === "t") timestamp = value;
    else if (key === "v1") signatures.push(value);
  }
  if (timestamp === undefined || !/^\d{1,12}$/.test(timestamp) || signatures.length === 0) return false;
  if (Math.abs(nowSeconds - Number(timestamp)) > TOLERANCE_SECONDS) return false;
  const expected = createHmac("sha256", secret).update(`${timestamp}.`).update(rawBody).digest();
  return signatures.some((signature) => {
    if (!/^[0-9a-fA-F]{64}$/.test(signature)) return false;
    return timingSafeEqual(Buffer.from(signature, "hex"), expected);
  });
}

// Event ids already handled. Tarmac delivers at least once: the same event (same Tarmac-Event-Id)
// can arrive twice. In production keep the ids in your database (a unique key on the event id,
// written in the same transaction as the work the event causes), not in memory.
const seenEventIds = new Set();

const MAX_BODY_BYTES = 1024 * 1024;

function handleEvent(rawBody) {
  // Your work goes here; it runs after the answer, so a slow handler never makes Tarmac time out (10 s).
  try {
    const event = JSON.parse(rawBody.toString("utf8"));
    console.log(`${event.type} ${event.id}`, JSON.stringify(event.data));
  } catch (error) {
    console.error("could not handle the event", error);
  }
}

export function createReceiver(secret) {
  return createServer((req, res) => {
    if (req.method !== "POST") {
      res.writeHead(405, { Allow: "POST" }).end();
      return;
    }
    const chunks = [];
    let size = 0;
    req.on("data", (chunk) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        res.writeHead(413).end();
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => {
      const rawBody = Buffer.concat(chunks);
      if (!verifyTarmacSignature(req.headers["tarmac-signature"], rawBody, secret)) {
        res.writeHead(400, { "Content-Type": "text/plain" }).end("invalid signature");
        return;
      }
      const eventId = req.headers["tarmac-event-id"];
      if (typeof eventId !== "string" || seenEventIds.has(eventId)) {
        res.writeHead(200, { "Content-Type": "text/plain" }).end("duplicate");
        return;
      }
      seenEventIds.add(eventId);
      res.writeHead(200, { "Content-Type": "text/plain" }).end("ok");
      setImmediate(() => handleEvent(rawBody));
    });
  });
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const secret = process.env.TARMAC_WEBHOOK_SECRET;
  if (!secret) {
    console.error("Set TARMAC_WEBHOOK_SECRET to the endpoint's secret (whsec_...).");
    process.exit(1);
  }
  const port = Number(process.env.PORT ?? 8080);
  createReceiver(secret).listen(port, () => console.log(`Tarmac webhook receiver on port ${port}`));
}
