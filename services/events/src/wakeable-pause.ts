/**
 * The relay's sleep between rounds. A wake-up that arrives while the relay is busy is remembered,
 * so an append made during a round is not left waiting for the next poll.
 */
export class WakeablePause {
  private wakeRequested = false;
  private current: { wakeable: boolean; end: () => void } | undefined;

  /** Waits `ms`; a wakeable pause also ends on `wake()`, any pause ends on `interrupt()`. */
  pause(ms: number, wakeable: boolean): Promise<void> {
    if (wakeable && this.wakeRequested) {
      this.wakeRequested = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(() => end(), ms);
      const end = () => {
        clearTimeout(timer);
        if (this.current === entry) this.current = undefined;
        resolve();
      };
      const entry = { wakeable, end };
      this.current = entry;
    });
  }

  wake(): void {
    if (this.current?.wakeable) {
      this.current.end();
      return;
    }
    this.wakeRequested = true;
  }

  /** Forgets wake-ups that a round about to start will cover anyway. */
  clearWake(): void {
    this.wakeRequested = false;
  }

  interrupt(): void {
    this.current?.end();
  }
}
