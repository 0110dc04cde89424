import { createHmac, timingSafeEqual } from 'node:crypto';
import { CanActivate, ExecutionContext, Inject, Injectable, createParamDecorator } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AUTH_ERRORS } from '@luxe/contracts';
import { AppError, Errors } from './errors';

export const INTERNAL_AUTH_HEADER = 'x-internal-auth';
const VERSION = 'v1';

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

interface Claims {
  act: Actor;
  cid?: string;
  /** The service the call is for. */
  aud: string;
  /** Method and path (without query) the token was made for. */
  req: string;
  exp: number;
}

/**
 * Signs and checks the short-lived token that proves a call came from the gateway:
 * `v1.<base64url claims>.<base64url HMAC-SHA256>`, made with node:crypto (a few microseconds,
 * against about a hundred for a JOSE JWT). The token is bound to the target service and to the
 * request's method and path, so it cannot be replayed against another route or service.
 */
export class InternalAuth {
  private readonly key: Buffer;
  constructor(secret: string) {
    if (!secret || secret.length < 32) throw new Error('INTERNAL_AUTH_SECRET must be at least 32 characters');
    this.key = Buffer.from(secret, 'utf8');
  }

  sign(actor: Actor, target: { service: string; method: string; path: string }, correlationId?: string, ttlSeconds = 30): string {
    const claims: Claims = { act: actor, aud: target.service, req: `${target.method.toUpperCase()} ${stripQuery(target.path)}`, exp: Math.floor(Date.now() / 1000) + ttlSeconds };
    if (correlationId) claims.cid = correlationId;
    const body = `${VERSION}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
    return `${body}.${this.mac(body)}`;
  }

  /** Throws unless the token is ours, fresh, and made for this service, method and path. */
  verify(token: string, expected: { service: string; method: string; path: string }): { actor: Actor; correlationId?: string } {
    const parts = token.split('.');
    if (parts.length !== 3 || parts[0] !== VERSION) throw new Error('malformed token');
    const body = `${parts[0]}.${parts[1]}`;
    const given = Buffer.from(parts[2], 'base64url');
    const want = Buffer.from(this.mac(body), 'base64url');
    if (given.length !== want.length || !timingSafeEqual(given, want)) throw new Error('bad signature');
    const c = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8')) as Claims;
    if (typeof c.exp !== 'number' || c.exp < Math.floor(Date.now() / 1000)) throw new Error('expired');
    if (c.aud !== expected.service) throw new Error('wrong audience');
    if (c.req !== `${expected.method.toUpperCase()} ${stripQuery(expected.path)}`) throw new Error('wrong request');
    if (!c.act || !['anonymous', 'member', 'admin'].includes(c.act.role)) throw new Error('bad actor claim');
    return { actor: c.act, correlationId: typeof c.cid === 'string' ? c.cid : undefined };
  }

  private mac(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('base64url');
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
    private readonly auth: InternalAuth,
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
export const CurrentActor = createParamDecorator((_data: unknown, ctx: ExecutionContext): Actor => ctx.switchToHttp().getRequest().actor ?? ANONYMOUS);

/** Refuses anyone but a signed-in member (or admin). */
export function requireMember(actor: Actor): asserts actor is Actor & { userId: string } {
  if (!actor.userId || actor.role === 'anonymous') throw Errors.unauthenticated();
}
