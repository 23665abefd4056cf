import type { JsonObject } from "@bufbuild/protobuf";
import { newEvent, type OutboxEvent } from "../outbox-event.js";

let seq = 0;

/** A wallet-debit-like event at `at`; `n` tells events of one test apart in assertions. */
export function testEvent(at: Date, data: JsonObject = {}, type = "wallet.debited"): OutboxEvent {
  const n = ++seq;
  return newEvent(type, "agt_test", { n, amount_paise: 1_250_00 * n, ...data }, at);
}

/** `count` events one millisecond apart, starting at `start`. */
export function testEvents(count: number, start = new Date("2026-11-22T06:00:00Z")): OutboxEvent[] {
  return Array.from({ length: count }, (_, i) => testEvent(new Date(start.getTime() + i)));
}

export const ids = (events: readonly OutboxEvent[]): string[] => events.map((e) => e.id);
