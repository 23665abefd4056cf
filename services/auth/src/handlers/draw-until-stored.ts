/** A random key or token colliding with a stored one is all but impossible; a few new draws settle it. */
const MAX_DRAWS = 3;

/**
 * Draws a new secret and stores it, drawing again when the store reports a collision (never
 * overwriting what another secret owns). Answers what was stored.
 */
export async function drawUntilStored<T>(
  draw: () => T,
  save: (drawn: T) => Promise<void>,
  isCollision: (error: unknown) => boolean,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const drawn = draw();
    try {
      await save(drawn);
      return drawn;
    } catch (error) {
      if (!isCollision(error) || attempt >= MAX_DRAWS) throw error;
    }
  }
}
