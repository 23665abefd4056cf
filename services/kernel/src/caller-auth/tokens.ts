import { SignJWT, decodeJwt, decodeProtectedHeader, jwtVerify, type JWTPayload } from "jose";
import type { CallerCredential, TrustedCallers } from "./credentials.js";

/** The caller's own token: `authorization: Bearer <JWT>`, audience the called service's full name. */
export const CALLER_TOKEN_HEADER = "authorization";
/** The agency the gateway authenticated, signed by the gateway: a JWT whose subject is the agent id. */
export const AGENT_CONTEXT_HEADER = "x-tarmac-agent-context";
const AGENT_CONTEXT_AUDIENCE = "tarmac:agent-context";

const CALLER_TOKEN_SECONDS = 300;
const AGENT_CONTEXT_SECONDS = 120;
/** A cached token is replaced this long before it expires, so none is sent about to lapse. */
const RENEW_BEFORE_SECONDS = 60;
/** Clocks of two pods may differ by this much. */
const CLOCK_TOLERANCE_SECONDS = 60;
const MAX_CACHED = 10_000;
/** A compact JWT: three Base64url parts and their dots, bounded. */
const JWT_CHARACTERS = /^[A-Za-z0-9._-]{1,4096}$/;

interface Cached {
  readonly token: string;
  readonly renewAt: number;
}

/**
 * Signs this process's calls (EdDSA JWTs, RFC 7519, so any language's JWT library can make one).
 * Tokens are cached per audience and renewed a minute before they lapse: a call costs a map lookup.
 */
export class CallerTokenIssuer {
  private readonly byAudience = new Map<string, Cached>();
  private readonly byAgent = new Map<string, Cached>();

  constructor(
    readonly credential: CallerCredential,
    private readonly now: () => number = Date.now,
  ) {}

  get caller(): string {
    return this.credential.caller;
  }

  /**
   * A token naming this caller, for calls to the service `audience` (e.g. "tarmac.wallet.v1.WalletService"):
   * the cached one as it is (no promise to wait for on every call), a new one once it is due.
   */
  tokenFor(audience: string): string | Promise<string> {
    return this.cached(this.byAudience, audience, CALLER_TOKEN_SECONDS, (jwt) => jwt.setSubject(this.caller).setAudience(audience));
  }

  /** A token saying this caller authenticated the agency `agentId` (the gateway forwards it). */
  agentContextFor(agentId: string): string | Promise<string> {
    return this.cached(this.byAgent, agentId, AGENT_CONTEXT_SECONDS, (jwt) => jwt.setSubject(agentId).setAudience(AGENT_CONTEXT_AUDIENCE));
  }

  private cached(
    cache: Map<string, Cached>,
    key: string,
    lifetimeSeconds: number,
    claims: (jwt: SignJWT) => SignJWT,
  ): string | Promise<string> {
    const nowSeconds = Math.floor(this.now() / 1000);
    const hit = cache.get(key);
    if (hit && hit.renewAt > nowSeconds) return hit.token;
    const { caller, kid, privateKey } = this.credential;
    return claims(new SignJWT({}))
      .setProtectedHeader({ alg: "EdDSA", typ: "JWT", kid })
      .setIssuer(caller)
      .setIssuedAt(nowSeconds)
      .setExpirationTime(nowSeconds + lifetimeSeconds)
      .sign(privateKey)
      .then((token) => {
        if (cache.size >= MAX_CACHED) cache.clear();
        cache.set(key, { token, renewAt: nowSeconds + lifetimeSeconds - RENEW_BEFORE_SECONDS });
        return token;
      });
  }
}

/** What a verified token says. */
export interface VerifiedToken {
  /** The caller that signed it. */
  readonly issuer: string;
  /** The caller itself (caller tokens) or the agent id (agent contexts). */
  readonly subject: string;
}

/**
 * Checks tokens against the trusted callers' public keys: signature, issuer, key id, audience,
 * expiry (a minute of clock skew) and a lifetime of at most 5 minutes. Verified tokens are remembered until they
 * expire, so a caller's steady stream of calls costs one signature check per token.
 */
export class CallerTokenVerifier {
  /** By token: a token names one audience, kept with it. */
  private readonly verified = new Map<string, { readonly audience: string; readonly token: VerifiedToken; readonly expiresAt: number }>();

  constructor(
    private readonly trusted: TrustedCallers,
    private readonly now: () => number = Date.now,
  ) {}

  /** The calling caller's name, or undefined unless the token is valid for `audience`. */
  async callerOf(token: string, audience: string): Promise<string | undefined> {
    const verified = await this.verify(token, audience);
    return verified && verified.subject === verified.issuer ? verified.issuer : undefined;
  }

  /** The agent and who vouches for it, or undefined unless the token is a valid agent context. */
  agentContextOf(token: string): Promise<VerifiedToken | undefined> {
    return this.verify(token, AGENT_CONTEXT_AUDIENCE);
  }

  private async verify(token: string, audience: string): Promise<VerifiedToken | undefined> {
    const nowSeconds = this.now() / 1000;
    const hit = this.verified.get(token);
    if (hit?.audience === audience) {
      if (hit.expiresAt + CLOCK_TOLERANCE_SECONDS > nowSeconds) return hit.token;
      this.verified.delete(token);
    }
    const payload = await this.checked(token, audience, nowSeconds);
    if (!payload?.iss || !payload.sub || payload.exp === undefined || payload.iat === undefined) return undefined;
    // No token lives longer than a caller token: one minted for a year is refused, not cached for one.
    if (payload.exp - payload.iat > CALLER_TOKEN_SECONDS) return undefined;
    const verified = { issuer: payload.iss, subject: payload.sub };
    if (this.verified.size >= MAX_CACHED) this.verified.clear();
    this.verified.set(token, { audience, token: verified, expiresAt: payload.exp });
    return verified;
  }

  private async checked(token: string, audience: string, nowSeconds: number): Promise<JWTPayload | undefined> {
    if (!JWT_CHARACTERS.test(token)) return undefined;
    try {
      // The key is picked by the claimed issuer and key id; the signature check below proves both.
      const { kid } = decodeProtectedHeader(token);
      const { iss } = decodeJwt(token);
      const publicKey = iss && kid ? this.trusted.get(iss)?.get(kid) : undefined;
      if (!publicKey) return undefined;
      const { payload } = await jwtVerify(token, publicKey, {
        algorithms: ["EdDSA"],
        audience,
        issuer: iss,
        requiredClaims: ["iat", "exp", "sub"],
        maxTokenAge: CALLER_TOKEN_SECONDS + CLOCK_TOLERANCE_SECONDS,
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        currentDate: new Date(nowSeconds * 1000),
      });
      return payload;
    } catch {
      return undefined;
    }
  }
}
