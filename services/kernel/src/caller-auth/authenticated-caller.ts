import { createContextKey, type ContextValues, type HandlerContext } from "@connectrpc/connect";

/** The caller the call being served was authenticated as. */
const AUTHENTICATED_CALLER = createContextKey<string | undefined>(undefined, { description: "tarmac authenticated caller" });

/**
 * Who called: for the few methods whose rules differ between the callers they allow (the wallet's
 * Credit: ops may credit goodwill, booking only refunds). Undefined when the call did not pass
 * callerAuthInterceptor (an in-process call), so a handler must treat "unknown" as its least
 * privileged caller.
 */
export function authenticatedCaller(context: Pick<HandlerContext, "values"> | undefined): string | undefined {
  return context?.values.get(AUTHENTICATED_CALLER);
}

/** Records the caller a call was authenticated as: callerAuthInterceptor, and tests calling a handler in-process as one. */
export function setAuthenticatedCaller(values: ContextValues, caller: string): void {
  values.set(AUTHENTICATED_CALLER, caller);
}
