import { randomBytes } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { ADMIN_ERRORS, AUTH_ERRORS, type Admin } from '@luxe/contracts';
import { AppError } from '@luxe/platform';

const ISSUER = 'luxeswipe-gateway';
const AUDIENCE = 'luxeswipe-admin';

export interface AdminTokenOptions {
  /** HMAC secret (at least 32 characters); several gateways share it. Unset: a random one per start. */
  secret?: string;
  /** While the secret is rotated: the previous one, whose tokens are still accepted until they expire. */
  previousSecret?: string;
  /** Lifetime of a token (default 15 minutes). */
  ttlSeconds?: number;
}

/**
 * The admin console's bearer tokens: HS256 JWTs the gateway signs after the admin service checked
 * the password, and verifies on every other `/api/admin/*` call. Short-lived; nothing is stored.
 */
export class AdminTokens {
  private readonly key: Uint8Array;
  private readonly previousKey?: Uint8Array;
  readonly ttlSeconds: number;

  constructor(o: AdminTokenOptions = {}) {
    this.key = o.secret ? new TextEncoder().encode(o.secret) : randomBytes(32);
    this.previousKey = o.previousSecret ? new TextEncoder().encode(o.previousSecret) : undefined;
    this.ttlSeconds = o.ttlSeconds ?? 900;
  }

  async issue(admin: Admin, now = new Date()): Promise<{ token: string; expiresAt: string }> {
    const iat = Math.floor(now.getTime() / 1000);
    const exp = iat + this.ttlSeconds;
    const token = await new SignJWT({ email: admin.email, name: admin.name })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(admin.id)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .sign(this.key);
    return { token, expiresAt: new Date(exp * 1000).toISOString() };
  }

  /** The admin a bearer token names; 401 when it is missing, forged or expired. */
  async verify(authorization: string | undefined): Promise<{ adminId: string; email: string }> {
    const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
    if (!token) throw AppError.of(AUTH_ERRORS.UNAUTHENTICATED);
    try {
      const options = { issuer: ISSUER, audience: AUDIENCE, algorithms: ['HS256'] };
      const { payload } = await jwtVerify(token, this.key, options).catch((e: unknown) => {
        // Signed with the previous secret during a rotation: still good until it expires.
        if (this.previousKey && e instanceof errors.JWSSignatureVerificationFailed)
          return jwtVerify(token, this.previousKey, options);
        throw e;
      });
      if (typeof payload.sub !== 'string') throw AppError.of(AUTH_ERRORS.UNAUTHENTICATED);
      return { adminId: payload.sub, email: String(payload.email ?? '') };
    } catch (e) {
      if (e instanceof errors.JWTExpired) throw AppError.of(ADMIN_ERRORS.SESSION_EXPIRED);
      if (e instanceof AppError) throw e;
      throw AppError.of(AUTH_ERRORS.UNAUTHENTICATED);
    }
  }
}
