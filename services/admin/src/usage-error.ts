/** A mistake in how the command line was called: reported with a usage hint and exit code 2. */
export class UsageError extends Error {
  override readonly name = "UsageError";
}

/** Exit codes: success, a service refused or could not be reached, a bad command line, a check that found something (reconcile). */
export const EXIT = { ok: 0, failed: 1, usage: 2, found: 3 } as const;
