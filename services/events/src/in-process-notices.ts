import type { Logger } from "@tarmac/kernel";
import type { CredentialNotice, CredentialNoticeListener, CredentialNoticePublisher, CredentialNoticeSource } from "./credential-notice.js";
import { callSafely } from "./report-listener-error.js";

/**
 * Credential notices within one process (embedded mode, the one-process stack): every subscriber
 * has the notice before `publish` resolves. With no subscriber it is where notices go when there
 * is no NATS (a lone auth service: nothing to tell).
 */
export class InProcessNotices implements CredentialNoticePublisher, CredentialNoticeSource {
  private readonly listeners = new Set<CredentialNoticeListener>();

  constructor(private readonly options: { readonly logger?: Logger } = {}) {}

  subscribe(listener: CredentialNoticeListener): () => void {
    const entry: CredentialNoticeListener = (notice) => listener(notice);
    this.listeners.add(entry);
    return () => {
      this.listeners.delete(entry);
    };
  }

  async publish(notice: CredentialNotice): Promise<void> {
    for (const listener of [...this.listeners]) {
      callSafely(listener, [notice], this.options.logger, `credential notice subscriber failed on ${notice.kind}`);
    }
    await Promise.resolve();
  }
}
