import type { EventPublisher } from "../event-publisher.js";
import type { OutboxEvent } from "../outbox-event.js";

export interface Attempt {
  readonly eventId: string;
  readonly at: number;
  readonly ok: boolean;
}

/**
 * A publisher whose attempts fail when `fails(attemptNumber, event)` says so (attempts count from
 * 1), optionally slowly; it records every attempt and what it accepted.
 */
export class ScriptedPublisher implements EventPublisher {
  readonly attempts: Attempt[] = [];
  readonly delivered: OutboxEvent[] = [];

  constructor(
    private readonly fails: (attempt: number, event: OutboxEvent) => boolean = () => false,
    private readonly latency: (event: OutboxEvent) => Promise<void> = async () => undefined,
  ) {}

  async publish(event: OutboxEvent): Promise<void> {
    const attempt = this.attempts.length + 1;
    const ok = !this.fails(attempt, event);
    this.attempts.push({ eventId: event.id, at: performance.now(), ok });
    await this.latency(event);
    if (!ok) throw new Error(`scripted failure of attempt ${attempt}`);
    this.delivered.push(event);
  }

  async close(): Promise<void> {}

  /** Gaps in ms between consecutive attempts. */
  gaps(): number[] {
    return this.attempts.slice(1).map((a, i) => a.at - this.attempts[i]!.at);
  }
}
