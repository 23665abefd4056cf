import type { Logger } from "@tarmac/kernel";
import { callSafely } from "./report-listener-error.js";

/**
 * The "events were appended" doorbell behind OutboxReader.onAppend. Ringing it never runs a
 * listener synchronously: the writer rings it inside its own critical section or transaction,
 * and a listener must neither run inside that nor throw into it.
 */
export class AppendSignal {
  private readonly listeners = new Set<() => void>();
  private scheduled = false;

  constructor(private readonly logger?: Logger) {}

  on(listener: () => void): () => void {
    // A wrapper per subscription, so subscribing the same function twice unsubscribes independently.
    const entry = () => listener();
    this.listeners.add(entry);
    return () => {
      this.listeners.delete(entry);
    };
  }

  ring(): void {
    // Appends in a burst coalesce into one notification: the relay reads everything pending anyway.
    if (this.scheduled || this.listeners.size === 0) return;
    this.scheduled = true;
    queueMicrotask(() => {
      this.scheduled = false;
      for (const listener of [...this.listeners]) {
        callSafely(listener, [], this.logger, "outbox onAppend listener failed");
      }
    });
  }
}
