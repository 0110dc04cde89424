import { rejection as rejectionOf } from './testing';
import 'reflect-metadata';
import { Reflector } from '@nestjs/core';
import type { ExecutionContext } from '@nestjs/common';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppError } from './errors';
import { Actor, InternalAuth, InternalAuthGuard, PublicRoute, requireMember } from './internal-auth';

const SECRET = 'a'.repeat(32);
const OTHER = 'b'.repeat(40);
const member: Actor = { role: 'member', userId: 'u-1', userType: 'guest', sessionId: 's-1', ip: '10.0.0.1' };

afterEach(() => vi.useRealTimers());

describe('InternalAuth', () => {
  it('refuses a secret shorter than 32 characters', () => {
    expect(() => new InternalAuth('x'.repeat(31))).toThrow('at least 32 characters');
    expect(() => new InternalAuth('')).toThrow('at least 32 characters');
    expect(() => new InternalAuth('x'.repeat(32))).not.toThrow();
  });

  it('round-trips the actor and correlation id', async () => {
    const auth = new InternalAuth(SECRET);
    const token = await auth.sign(member, 'corr-1');
    expect(token.split('.')).toHaveLength(3);
    expect(await auth.verify(token)).toEqual({ actor: member, correlationId: 'corr-1' });
    const anon = await auth.verify(await auth.sign({ role: 'anonymous', userId: null }));
    expect(anon).toEqual({ actor: { role: 'anonymous', userId: null }, correlationId: undefined });
  });

  it('refuses a token signed with another secret', async () => {
    const token = await new InternalAuth(OTHER).sign(member, 'c');
    await expect(new InternalAuth(SECRET).verify(token)).rejects.toThrow();
  });

  it('refuses an expired token', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2030-01-01T00:00:00Z') });
    const auth = new InternalAuth(SECRET);
    const token = await auth.sign(member, 'c', 1);
    await expect(auth.verify(token)).resolves.toMatchObject({ actor: member });
    vi.setSystemTime(new Date('2030-01-01T00:00:05Z'));
    await expect(auth.verify(token)).rejects.toThrow(/exp/);
  });

  it('refuses a tampered token (payload changed, signature kept)', async () => {
    const auth = new InternalAuth(SECRET);
    const token = await auth.sign(member, 'c');
    const [h, p, s] = token.split('.');
    const payload = JSON.parse(Buffer.from(p, 'base64url').toString());
    payload.act = { ...payload.act, role: 'admin' };
    const forged = [h, Buffer.from(JSON.stringify(payload)).toString('base64url'), s].join('.');
    await expect(auth.verify(forged)).rejects.toThrow();
    await expect(auth.verify(token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA'))).rejects.toThrow();
    await expect(auth.verify('not-a-token')).rejects.toThrow();
  });

  it('refuses a token whose actor role is not one of the known roles', async () => {
    const auth = new InternalAuth(SECRET);
    const token = await auth.sign({ role: 'root' as any, userId: 'x' });
    await expect(auth.verify(token)).rejects.toThrow('bad actor claim');
  });
});

class Controller {
  @PublicRoute()
  health() {}
  secret() {}
}

function ctx(handler: (...args: any[]) => unknown, headers: Record<string, unknown> = {}) {
  const req: any = { headers };
  const c = {
    getHandler: () => handler,
    getClass: () => Controller,
    switchToHttp: () => ({ getRequest: () => req }),
  } as unknown as ExecutionContext;
  return { c, req };
}

const rejection = (p: Promise<unknown>) => rejectionOf<AppError>(p);

describe('InternalAuthGuard', () => {
  const auth = new InternalAuth(SECRET);
  const guard = new InternalAuthGuard(auth, new Reflector());

  it('refuses a call without the header with a 401 AppError', async () => {
    const { c, req } = ctx(Controller.prototype.secret);
    const e = await rejection(guard.canActivate(c));
    expect(e).toBeInstanceOf(AppError);
    expect(e.status).toBe(401);
    expect(e.code).toBe('AUTH.UNAUTHENTICATED');
    expect(e.message).toBe('Internal call without gateway credentials');
    expect(req.actor).toBeUndefined();
  });

  it('refuses a call with an invalid token with a 401 AppError', async () => {
    const { c, req } = ctx(Controller.prototype.secret, { 'x-internal-auth': await new InternalAuth(OTHER).sign(member) });
    const e = await rejection(guard.canActivate(c));
    expect(e).toBeInstanceOf(AppError);
    expect(e.status).toBe(401);
    expect(e.message).toBe('Internal call with invalid gateway credentials');
    expect(req.actor).toBeUndefined();
  });

  it('accepts a valid token and sets req.actor', async () => {
    const { c, req } = ctx(Controller.prototype.secret, { 'x-internal-auth': await auth.sign(member, 'cid') });
    await expect(guard.canActivate(c)).resolves.toBe(true);
    expect(req.actor).toEqual(member);
  });

  it('lets a @PublicRoute handler through without a token', async () => {
    const { c, req } = ctx(Controller.prototype.health);
    await expect(guard.canActivate(c)).resolves.toBe(true);
    expect(req.actor).toBeUndefined();
  });
});

describe('requireMember', () => {
  it('throws 401 for anonymous and passes a member', () => {
    expect(() => requireMember({ role: 'anonymous', userId: null })).toThrow(AppError);
    expect(() => requireMember(member)).not.toThrow();
  });
});
