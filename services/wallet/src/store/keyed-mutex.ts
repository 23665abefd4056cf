/**
 * One queue per key: tasks for the same key run one after another in call order, tasks for
 * different keys do not wait for each other. A failing task does not block the ones behind it.
 * Idle keys are forgotten, so the map holds only keys with work queued.
 */
export class KeyedMutex {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, task: () => T | Promise<T>): Promise<T> {
    const previous = this.tails.get(key);
    const result = previous ? previous.then(task) : Promise.resolve().then(task);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }

  /** Keys with queued or running work (for tests). */
  get size(): number {
    return this.tails.size;
  }
}
