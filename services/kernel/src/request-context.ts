import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";

export const REQUEST_ID_HEADER = "x-request-id";

/** Printable ASCII, no spaces, bounded: safe to log and echo back. */
const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

export function isValidRequestId(value: string | undefined | null): value is string {
  return typeof value === "string" && REQUEST_ID_PATTERN.test(value);
}

export function newRequestId(): string {
  return randomUUID();
}

interface RequestContext {
  readonly requestId: string;
  /** When the caller's deadline passes (epoch ms), if it set one: peer calls made for it end no later. */
  readonly deadlineAt?: number;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** Runs `fn` with a request id visible to logs and outgoing peer calls. */
export function withRequestId<T>(requestId: string, fn: () => T): T {
  return storage.run({ requestId }, fn);
}

export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

/** Runs `fn` with the caller's deadline visible to outgoing peer calls (forwardDeadlineInterceptor). */
export function withDeadline<T>(deadlineAt: number, fn: () => T): T {
  const current = storage.getStore();
  return current ? storage.run({ ...current, deadlineAt }, fn) : fn();
}

export function currentDeadline(): number | undefined {
  return storage.getStore()?.deadlineAt;
}
