import { DomainError, isSessionTokenFormat } from "@tarmac/kernel";
import { OtpChannel } from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import type { FastifyPluginAsync, FastifyReply } from "fastify";
import type { ServiceClients } from "../../clients.js";
import { NO_CREDENTIALS, operation, SESSION_TOKEN } from "../../openapi/operation.js";
import type { CredentialVerifier } from "../../auth/credential-verifier.js";
import { SESSION_COOKIE, sessionTokenOf } from "../../auth/session-credential.js";
import {
  logoutResponseSchema,
  type SendOtpBody,
  sendOtpRequestSchema,
  sendOtpResponseSchema,
  type VerifyOtpBody,
  verifyOtpRequestSchema,
  verifyOtpResponseSchema,
} from "./schemas.js";

export interface AuthRoutesOptions {
  readonly auth: ServiceClients["auth"];
  /** The bearer token cache of the secondary surface: logout forgets the token it revokes. */
  readonly tokens: CredentialVerifier;
}

/** The cookie is the token: script cannot read it, it never leaves HTTPS, nor another site's request. */
const cookieOptions = { path: "/api", httpOnly: true, secure: true, sameSite: "strict" } as const;

/** Failures after which the token is of no use anyway, so the browser may as well drop its cookie. */
const DEAD_TOKEN: ReadonlySet<string> = new Set(["AUTH_INVALID_TOKEN", "AUTH_TOKEN_EXPIRED"]);

/**
 * OTP login (API guide, Authentication), register with prefix /api/auth: send-otp, verify-otp (token in the body
 * and the tarmac_session cookie) and logout. None needs credentials beforehand; logout needs the
 * token it revokes.
 */
export const authRoutes: FastifyPluginAsync<AuthRoutesOptions> = async (app, { auth, tokens }) => {
  app.post<{ Body: SendOtpBody }>(
    "/send-otp",
    {
      schema: operation(NO_CREDENTIALS, {
        operationId: "sendOtp",
        tags: ["auth"],
        summary: "Send a one-time login code",
        description:
          "Sends a six-digit code (valid 5 minutes) to the e-mail address (`EMAIL`) or phone number (`SMS`). Answers 202 " +
          "whether or not the identifier belongs to an agent user. At most one code per 30 s and 5 per hour per identifier " +
          "(429 with Retry-After); a new code replaces the previous one. No credentials; rate limited per client IP.",
        body: sendOtpRequestSchema,
        success: {
          status: 202,
          schema: sendOtpResponseSchema,
          description: "Accepted: seconds until the code expires and until another may be sent.",
        },
      }),
      config: { rateLimitGroup: "auth" },
    },
    async (request, reply) => {
      const { identifier, type } = request.body;
      const sent = await auth.sendOtp({ identifier, type: OtpChannel[type] });
      // Accepted, whether or not the identifier belongs to anyone (no enumeration).
      return reply.code(202).send({ success: true, data: { expires_in: sent.expiresIn, resend_after: sent.resendAfter } });
    },
  );

  app.post<{ Body: VerifyOtpBody }>(
    "/verify-otp",
    {
      schema: operation(NO_CREDENTIALS, {
        operationId: "verifyOtp",
        tags: ["auth"],
        summary: "Exchange the code for a session token",
        description:
          "Checks the code (5 wrong tries at most) and opens a session: `verification_token` is the bearer token for " +
          "`/api/flights` (valid `expires_in` seconds), also set as the HttpOnly cookie `tarmac_session`. No credentials; rate " +
          "limited per client IP.",
        body: verifyOtpRequestSchema,
        success: {
          schema: verifyOtpResponseSchema,
          description: "The session token (also in the `tarmac_session` cookie).",
          headers: ["Set-Cookie", "Cache-Control"],
        },
        errors: ["AUTH_OTP_INVALID", "AUTH_OTP_EXPIRED", "AUTH_OTP_ATTEMPTS_EXCEEDED"],
      }),
      config: { rateLimitGroup: "auth" },
    },
    async (request, reply) => {
      const { identifier, code } = request.body;
      const session = await auth.verifyOtp({ identifier, code });
      reply.setCookie(SESSION_COOKIE, session.verificationToken, { ...cookieOptions, maxAge: session.expiresIn });
      noStore(reply);
      return {
        success: true,
        data: {
          verification_token: session.verificationToken,
          token_type: "Bearer",
          expires_in: session.expiresIn,
          agent_id: session.agentId,
        },
      };
    },
  );

  const logoutSchema = operation(SESSION_TOKEN, {
    operationId: "logout",
    tags: ["auth"],
    summary: "Revoke the session token",
    description:
      "Revokes the token sent as bearer token or `tarmac_session` cookie and clears the cookie. No request body. Rate limited " +
      "per client IP.",
    success: { schema: logoutResponseSchema, description: "Logged out; the cookie is cleared.", headers: ["Set-Cookie", "Cache-Control"] },
  });
  app.post("/logout", { schema: logoutSchema, config: { rateLimitGroup: "auth" } }, async (request, reply) => {
    const token = sessionTokenOf(request);
    if (token === undefined) {
      throw new DomainError("AUTH_MISSING_CREDENTIALS", `Send Authorization: Bearer <token> or the ${SESSION_COOKIE} cookie`);
    }
    // Not a session token at all: 401, as for any unknown token (API guide, Authentication), not a quiet 200.
    if (!isSessionTokenFormat(token)) {
      reply.clearCookie(SESSION_COOKIE, cookieOptions);
      throw new DomainError("AUTH_INVALID_TOKEN", "The session token is not valid");
    }
    tokens.forget(token);
    try {
      await auth.logout({ token });
    } catch (error) {
      // A token auth no longer knows: drop the cookie too. Auth unreachable: keep it, so a retry can revoke.
      if (error instanceof DomainError && DEAD_TOKEN.has(error.code)) reply.clearCookie(SESSION_COOKIE, cookieOptions);
      throw error;
    }
    reply.clearCookie(SESSION_COOKIE, cookieOptions);
    noStore(reply);
    return { success: true, data: { logged_out: true } };
  });
};

function noStore(reply: FastifyReply): void {
  reply.header("cache-control", "no-store");
}
