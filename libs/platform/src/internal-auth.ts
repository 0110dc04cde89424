import { CanActivate, ExecutionContext, Injectable, createParamDecorator } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { SignJWT, jwtVerify } from 'jose';
import { Errors } from './errors';

export const INTERNAL_AUTH_HEADER = 'x-internal-auth';
const ISSUER = 'luxe-gateway';
const AUDIENCE = 'luxe-internal';

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

/** Signs and checks the short-lived token that proves a call came from the gateway. */
export class InternalAuth {
  private readonly key: Uint8Array;
  constructor(secret: string) {
    if (!secret || secret.length < 32) throw new Error('INTERNAL_AUTH_SECRET must be at least 32 characters');
    this.key = new TextEncoder().encode(secret);
  }
  sign(actor: Actor, correlationId?: string, ttlSeconds = 60): Promise<string> {
    return new SignJWT({ act: actor, cid: correlationId })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${ttlSeconds}s`)
      .sign(this.key);
  }
  async verify(token: string): Promise<{ actor: Actor; correlationId?: string }> {
    const { payload } = await jwtVerify(token, this.key, { issuer: ISSUER, audience: AUDIENCE, algorithms: ['HS256'] });
    const act = payload.act as Actor | undefined;
    if (!act || !['anonymous', 'member', 'admin'].includes(act.role)) throw new Error('bad actor claim');
    return { actor: act, correlationId: typeof payload.cid === 'string' ? payload.cid : undefined };
  }
}

export const PUBLIC_ROUTE = 'luxe:public-route';
/** Marks a service route that needs no gateway token (health probes only). */
export const PublicRoute = (): MethodDecorator & ClassDecorator => (target: any, _key?: any, descriptor?: any) => {
  Reflect.defineMetadata(PUBLIC_ROUTE, true, descriptor?.value ?? target);
  return descriptor ?? target;
};

/** Every service route refuses a call without a valid gateway token. */
@Injectable()
export class InternalAuthGuard implements CanActivate {
  constructor(
    private readonly auth: InternalAuth,
    private readonly reflector: Reflector,
  ) {}
  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_ROUTE, [ctx.getHandler(), ctx.getClass()])) return true;
    const req = ctx.switchToHttp().getRequest();
    const token = req.headers[INTERNAL_AUTH_HEADER];
    if (typeof token !== 'string' || !token) throw Errors.unauthenticated('Internal call without gateway credentials');
    try {
      const { actor } = await this.auth.verify(token);
      req.actor = actor;
      return true;
    } catch {
      throw Errors.unauthenticated('Internal call with invalid gateway credentials');
    }
  }
}

/** `@CurrentActor() actor: Actor` in a service controller. */
export const CurrentActor = createParamDecorator((_data: unknown, ctx: ExecutionContext): Actor => ctx.switchToHttp().getRequest().actor ?? ANONYMOUS);

/** Refuses anyone but a signed-in member (or admin). */
export function requireMember(actor: Actor): asserts actor is Actor & { userId: string } {
  if (!actor.userId || actor.role === 'anonymous') throw Errors.unauthenticated();
}
