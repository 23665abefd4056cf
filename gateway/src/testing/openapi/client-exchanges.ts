import { type Exchange, responseChecker } from "./response-check.js";

/**
 * The client-side twin of response-recorder.ts, for a gateway in another process (the spawned
 * stack of README's start command): keeps each answer a test's `fetch` got, then checks them all
 * against the document that gateway serves.
 */
export class ClientExchanges {
  private readonly exchanges: Exchange[] = [];

  /** Keeps a copy of `res` (its body is still unread for the caller). */
  async keep(method: string, res: Response): Promise<Response> {
    const body = await res.clone().text();
    this.exchanges.push({ method, path: new URL(res.url).pathname, status: res.status, headers: Object.fromEntries(res.headers), body });
    return res;
  }

  /** Checks what was kept against the document at `documentUrl`; one line per problem. */
  async check(documentUrl: string): Promise<{ checked: number; problems: string[] }> {
    const document = (await (await fetch(documentUrl)).json()) as Record<string, unknown>;
    const check = responseChecker(document);
    return { checked: this.exchanges.length, problems: this.exchanges.flatMap(check) };
  }
}
