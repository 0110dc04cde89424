import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  KeyObject,
  sign as edSign,
  verify as edVerify,
} from 'node:crypto';
import { CanActivate, ExecutionContext, Inject, Injectable, createParamDecorator } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AUTH_ERRORS } from '@luxe/contracts';
import { AppError } from './errors';

export const INTERNAL_AUTH_HEADER = 'x-internal-auth';
const VERSION = 'v2';

/** Who is calling, as the gateway established it. */
export interface Actor {
  role: 'anonymous' | 'member' | 'admin';
  userId: string | null;
  userType?: string;
  sessionId?: string;
  /** The client's IP, for per-IP limits and audit. */
  ip?: string;
}
export const ANONYMOUS: Actor = { role: 'anonymous', userId: null };

/** The call a token is made for: the target service, and the method and path (query excluded). */
export interface InternalTarget {
  service: string;
  method: string;
  path: string;
}

interface Claims {
  act: Actor;
  /** The service the call is for. */
  aud: string;
  /** Method and path (without query) the token was made for. */
  req: string;
  exp: number;
}

/**
 * Reads an Ed25519 key from configuration: PEM text (newlines may be written `\n`, as env files
 * need), or the base64 of its DER (PKCS#8 for a private key, SPKI for a public one).
 */
export function parseInternalKey(kind: 'private' | 'public', value: string | KeyObject): KeyObject {
  let key: KeyObject;
  if (typeof value !== 'string') key = value;
  else {
    const text = value.trim().replace(/\\n/g, '\n');
    try {
      const der = Buffer.from(text, 'base64');
      if (kind === 'private')
        key = text.includes('-----BEGIN')
          ? createPrivateKey(text)
          : createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
      // createPublicKey would derive one from a private key: a service must not be handed that.
      else if (text.includes('PRIVATE KEY')) throw new Error('a private key');
      else
        key = text.includes('-----BEGIN')
          ? createPublicKey(text)
          : createPublicKey({ key: der, format: 'der', type: 'spki' });
    } catch {
      throw new Error(`must be an Ed25519 ${kind} key (PEM, or the base64 of its DER)`);
    }
  }
  if (key.asymmetricKeyType !== 'ed25519' || key.type !== kind)
    throw new Error(`must be an Ed25519 ${kind} key (PEM, or the base64 of its DER)`);
  return key;
}

/** A fresh key pair as PEM (the embedded launcher and test stacks make one per start). */
export function generateInternalKeyPair(): { privateKey: string; publicKey: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return {
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

const requestOf = (t: InternalTarget) => `${t.method.toUpperCase()} ${stripQuery(t.path)}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * Makes the short-lived token that proves a call came from the gateway:
 * `v2.<base64url claims>.<base64url Ed25519 signature>`. Only the gateway holds the private key;
 * services hold the public key and cannot mint tokens, for each other or for themselves. The token
 * is bound to the target service and to the request's method and path, so it cannot be replayed
 * against another route or service, and lives 30 s. A signed token is reused for identical claims
 * while it has more than 20 s to live (signing costs tens of microseconds per call otherwise).
 * The correlation id travels in its own header, not in the token, so tokens can be reused.
 */
export class InternalTokenSigner {
  private readonly key: KeyObject;
  private readonly recent = new Map<string, { token: string; exp: number }>();
  constructor(privateKey: string | KeyObject) {
    this.key = parseInternalKey('private', privateKey);
  }

  sign(actor: Actor, target: InternalTarget, ttlSeconds = 30): string {
    const claims: Claims = { act: actor, aud: target.service, req: requestOf(target), exp: nowSeconds() + ttlSeconds };
    const json = JSON.stringify({ ...claims, exp: 0 });
    const cached = this.recent.get(json);
    if (cached && cached.exp - nowSeconds() > ttlSeconds - 10) return cached.token;
    const body = `${VERSION}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
    const token = `${body}.${edSign(null, Buffer.from(body), this.key).toString('base64url')}`;
    if (this.recent.size >= 10_000) this.recent.clear();
    this.recent.set(json, { token, exp: claims.exp });
    return token;
  }
}

/** Checks gateway tokens with the gateway's public key (a service holds nothing that signs). */
export class InternalTokenVerifier {
  private readonly keys: KeyObject[];
  private readonly verified = new Map<string, { claims: Claims }>();
  /**
   * The gateway's public key, or several while a key pair is rotated: the new one first, then the
   * previous one (its tokens live seconds, so the previous key can go once every gateway signs
   * with the new one).
   */
  constructor(publicKey: string | KeyObject | readonly (string | KeyObject)[]) {
    const keys = Array.isArray(publicKey) ? publicKey : [publicKey];
    if (keys.length === 0) throw new Error('an internal public key is required');
    this.keys = keys.map((k) => parseInternalKey('public', k));
  }

  /** Throws unless the token is the gateway's, fresh, and made for this service, method and path. */
  verify(token: string, expected: InternalTarget): { actor: Actor } {
    const c = this.verified.get(token)?.claims ?? this.check(token);
    if (typeof c.exp !== 'number' || c.exp < nowSeconds()) throw new Error('expired');
    if (c.aud !== expected.service) throw new Error('wrong audience');
    if (c.req !== requestOf(expected)) throw new Error('wrong request');
    if (!c.act || !['anonymous', 'member', 'admin'].includes(c.act.role)) throw new Error('bad actor claim');
    return { actor: c.act };
  }

  private check(token: string): Claims {
    const parts = token.split('.');
    if (parts.length !== 3 || parts[0] !== VERSION) throw new Error('malformed token');
    const body = `${parts[0]}.${parts[1]}`;
    const signature = Buffer.from(parts[2], 'base64url');
    if (!this.keys.some((key) => edVerify(null, Buffer.from(body), key, signature))) throw new Error('bad signature');
    const claims = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8')) as Claims;
    // A good signature is remembered for the token's life (the checks above still run on each use).
    if (this.verified.size >= 10_000) this.verified.clear();
    this.verified.set(token, { claims });
    return claims;
  }
}

function stripQuery(path: string): string {
  const i = path.indexOf('?');
  return i < 0 ? path : path.slice(0, i);
}

export const PUBLIC_ROUTE = 'luxe:public-route';
/** Marks a service route that needs no gateway token (health probes only). */
export const PublicRoute = (): MethodDecorator & ClassDecorator => (target: any, _key?: any, descriptor?: any) => {
  Reflect.defineMetadata(PUBLIC_ROUTE, true, descriptor?.value ?? target);
  return descriptor ?? target;
};

/** The service name a guard checks tokens against. */
export const INTERNAL_AUDIENCE = Symbol('INTERNAL_AUDIENCE');

/** Every service route refuses a call without a valid gateway token made for it. */
@Injectable()
export class InternalAuthGuard implements CanActivate {
  constructor(
    private readonly auth: InternalTokenVerifier,
    private readonly reflector: Reflector,
    @Inject(INTERNAL_AUDIENCE) private readonly service: string,
  ) {}
  canActivate(ctx: ExecutionContext): boolean {
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_ROUTE, [ctx.getHandler(), ctx.getClass()])) return true;
    const req = ctx.switchToHttp().getRequest();
    const token = req.headers[INTERNAL_AUTH_HEADER];
    if (typeof token !== 'string' || !token) throw AppError.of(AUTH_ERRORS.INTERNAL_CREDENTIALS_MISSING);
    try {
      const { actor } = this.auth.verify(token, { service: this.service, method: req.method, path: req.url });
      req.actor = actor;
      return true;
    } catch {
      throw AppError.of(AUTH_ERRORS.INTERNAL_CREDENTIALS_INVALID);
    }
  }
}

/** `@CurrentActor() actor: Actor` in a service controller. */
export const CurrentActor = createParamDecorator(
  (_data: unknown, ctx: ExecutionContext): Actor => ctx.switchToHttp().getRequest().actor ?? ANONYMOUS,
);

/** Refuses anyone but a signed-in member (or admin). */
export function requireMember(actor: Actor): asserts actor is Actor & { userId: string } {
  if (!actor.userId || actor.role === 'anonymous') throw AppError.of(AUTH_ERRORS.UNAUTHENTICATED);
}
