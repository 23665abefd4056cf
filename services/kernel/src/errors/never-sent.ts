/**
 * Whether a peer call's failure proves the request never reached the peer: the connection was
 * refused before anything was sent, so the peer did nothing and the caller may act on that at
 * once (retry, or fail the operation) instead of waiting to learn what the peer did. A timeout,
 * a reset or an answer lost on the way back proves nothing and is not matched.
 */
export function neverSent(error: unknown): boolean {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 8; cause = cause.cause, depth++) {
    if ((cause as NodeJS.ErrnoException).code === "ECONNREFUSED") return true;
  }
  return false;
}
