import type { Client } from "@connectrpc/connect";
import type { AuthService } from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";

/**
 * Milliseconds from now until the first `request` (sent back to back) that is answered `refused`
 * was sent: how long a credential stays usable after the call that revoked it answered. The
 * refused request's own latency is not counted (on a loaded machine it alone can pass 100 ms). `letIn` is what the request
 * answers while the credential still works (200, or 400 for a body refused after authentication).
 * Fails after `timeoutMs`, or on any other answer.
 */
export async function msUntilRefused(
  request: () => Promise<number>,
  statuses: { readonly letIn: number; readonly refused: number },
  timeoutMs = 2_000,
): Promise<number> {
  const started = performance.now();
  for (;;) {
    const sentAfter = performance.now() - started;
    const answered = await request();
    const elapsed = performance.now() - started;
    if (answered === statuses.refused) return sentAfter;
    if (answered !== statuses.letIn) throw new Error(`answered ${answered} while waiting for ${statuses.refused}`);
    if (elapsed > timeoutMs) throw new Error(`still answered ${answered} after ${Math.round(elapsed)} ms`);
  }
}

/** A gateway request's status: POST `path` with `{}` and the given credential headers. */
export function statusOf(gatewayUrl: string, path: string, headers: Record<string, string>): () => Promise<number> {
  return async () => {
    const res = await fetch(`${gatewayUrl}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: "{}",
    });
    await res.arrayBuffer();
    return res.status;
  };
}

/** Logs `email` in through the gateway's OTP routes (development delivery), answering the session token. */
export async function logIn(gatewayUrl: string, auth: Client<typeof AuthService>, email: string): Promise<string> {
  const post = (path: string, body: unknown) =>
    fetch(`${gatewayUrl}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const sent = await post("/api/auth/send-otp", { identifier: email, type: "EMAIL" });
  if (sent.status !== 202) throw new Error(`send-otp answered ${sent.status}: ${await sent.text()}`);
  const [message] = (await auth.listDevOutbox({ identifier: email, limit: 1 })).messages;
  const verified = await post("/api/auth/verify-otp", { identifier: email, code: message?.code });
  const body = (await verified.json()) as { data?: { verification_token?: string } };
  const token = body.data?.verification_token;
  if (verified.status !== 200 || token === undefined) throw new Error(`verify-otp answered ${verified.status}`);
  return token;
}
