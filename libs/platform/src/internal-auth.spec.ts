import 'reflect-metadata';
import { Reflector } from '@nestjs/core';
import type { ExecutionContext } from '@nestjs/common';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { AppError } from './errors';
import { Actor, InternalAuth, InternalAuthGuard, PublicRoute, requireMember } from './internal-auth';

const SECRET = 'a'.repeat(32);
const OTHER = 'b'.repeat(40);
const member: Actor = { role: 'member', userId: 'u-1', userType: 'guest', sessionId: 's-1', ip: '10.0.0.1' };
const target = { service: 'identity', method: 'GET', path: '/api/auth/me' };

afterEach(() => jest.useRealTimers());

describe('InternalAuth', () => {
  it('refuses a secret shorter than 32 characters', () => {
    expect(() => new InternalAuth('x'.repeat(31))).toThrow('at least 32 characters');
    expect(() => new InternalAuth('')).toThrow('at least 32 characters');
    expect(() => new InternalAuth('x'.repeat(32))).not.toThrow();
  });

  it('round-trips the actor and correlation id', () => {
    const auth = new InternalAuth(SECRET);
    const token = auth.sign(member, target, 'corr-1');
    expect(token.split('.')).toHaveLength(3);
    expect(auth.verify(token, target)).toEqual({ actor: member, correlationId: 'corr-1' });
    const anon = auth.verify(auth.sign({ role: 'anonymous', userId: null }, target), target);
    expect(anon).toEqual({ actor: { role: 'anonymous', userId: null }, correlationId: undefined });
  });

  it('binds the token to the service, the method and the path (the query does not matter)', () => {
    const auth = new InternalAuth(SECRET);
    const token = auth.sign(member, { ...target, path: '/api/venues?city=Miami' });
    expect(auth.verify(token, { ...target, path: '/api/venues?city=Other' }).actor).toEqual(member);
    expect(() => auth.verify(token, { ...target, path: '/api/venues/1' })).toThrow('wrong request');
    expect(() => auth.verify(token, { ...target, path: '/api/venues', method: 'DELETE' })).toThrow('wrong request');
    expect(() => auth.verify(token, { ...target, path: '/api/venues', service: 'admin' })).toThrow('wrong audience');
    expect(auth.verify(auth.sign(member, { ...target, method: 'get' }), { ...target, method: 'GET' }).actor).toEqual(member);
  });

  it('refuses a token signed with another secret', () => {
    const token = new InternalAuth(OTHER).sign(member, target, 'c');
    expect(() => new InternalAuth(SECRET).verify(token, target)).toThrow('bad signature');
  });

  it('refuses an expired token', () => {
    jest.useFakeTimers({ doNotFake: ['hrtime', 'nextTick', 'performance', 'queueMicrotask', 'requestAnimationFrame', 'cancelAnimationFrame', 'requestIdleCallback', 'cancelIdleCallback', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'], now: new Date('2030-01-01T00:00:00Z') });
    const auth = new InternalAuth(SECRET);
    const token = auth.sign(member, target, 'c', 1);
    expect(auth.verify(token, target)).toMatchObject({ actor: member });
    jest.setSystemTime(new Date('2030-01-01T00:00:05Z'));
    expect(() => auth.verify(token, target)).toThrow('expired');
  });

  it('refuses a tampered token (payload changed, signature kept)', () => {
    const auth = new InternalAuth(SECRET);
    const token = auth.sign(member, target, 'c');
    const [v, p, s] = token.split('.');
    const payload = JSON.parse(Buffer.from(p, 'base64url').toString());
    payload.act = { ...payload.act, role: 'admin' };
    const forged = [v, Buffer.from(JSON.stringify(payload)).toString('base64url'), s].join('.');
    expect(() => auth.verify(forged, target)).toThrow('bad signature');
    expect(() => auth.verify(token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA'), target)).toThrow();
    expect(() => auth.verify('not-a-token', target)).toThrow('malformed');
    expect(() => auth.verify(`v2.${p}.${s}`, target)).toThrow('malformed');
  });

  it('refuses a token whose actor role is not one of the known roles', () => {
    const auth = new InternalAuth(SECRET);
    const token = auth.sign({ role: 'root' as any, userId: 'x' }, target);
    expect(() => auth.verify(token, target)).toThrow('bad actor claim');
  });
});

class Controller {
  @PublicRoute()
  health() {}
  secret() {}
}

function ctx(handler: (...args: any[]) => unknown, headers: Record<string, unknown> = {}, method = 'GET', url = '/api/auth/me') {
  const req: any = { headers, method, url };
  const c = {
    getHandler: () => handler,
    getClass: () => Controller,
    switchToHttp: () => ({ getRequest: () => req }),
  } as unknown as ExecutionContext;
  return { c, req };
}

function refusal(fn: () => unknown): AppError {
  try {
    fn();
  } catch (e) {
    return e as AppError;
  }
  throw new Error('expected a refusal');
}

describe('InternalAuthGuard', () => {
  const auth = new InternalAuth(SECRET);
  const guard = new InternalAuthGuard(auth, new Reflector(), 'identity');

  it('refuses a call without the header with a 401 AppError', () => {
    const { c, req } = ctx(Controller.prototype.secret);
    const e = refusal(() => guard.canActivate(c));
    expect(e).toBeInstanceOf(AppError);
    expect(e.status).toBe(401);
    expect(e.code).toBe('AUTH.INTERNAL_CREDENTIALS_MISSING');
    expect(e.message).toBe('Internal call without gateway credentials');
    expect(req.actor).toBeUndefined();
  });

  it('refuses a call with an invalid token with a 401 AppError', () => {
    const { c, req } = ctx(Controller.prototype.secret, { 'x-internal-auth': new InternalAuth(OTHER).sign(member, target) });
    const e = refusal(() => guard.canActivate(c));
    expect(e).toBeInstanceOf(AppError);
    expect(e.status).toBe(401);
    expect(e.message).toBe('Internal call with invalid gateway credentials');
    expect(req.actor).toBeUndefined();
  });

  it('refuses a valid token made for another service or another route', () => {
    for (const t of [{ ...target, service: 'venues' }, { ...target, path: '/api/auth/login', method: 'POST' }]) {
      const { c, req } = ctx(Controller.prototype.secret, { 'x-internal-auth': auth.sign(member, t) });
      expect(refusal(() => guard.canActivate(c)).code).toBe('AUTH.INTERNAL_CREDENTIALS_INVALID');
      expect(req.actor).toBeUndefined();
    }
  });

  it('accepts a valid token and sets req.actor', () => {
    const { c, req } = ctx(Controller.prototype.secret, { 'x-internal-auth': auth.sign(member, target, 'cid') });
    expect(guard.canActivate(c)).toBe(true);
    expect(req.actor).toEqual(member);
  });

  it('lets a @PublicRoute handler through without a token', () => {
    const { c, req } = ctx(Controller.prototype.health);
    expect(guard.canActivate(c)).toBe(true);
    expect(req.actor).toBeUndefined();
  });
});

describe('requireMember', () => {
  it('throws 401 for anonymous and passes a member', () => {
    expect(() => requireMember({ role: 'anonymous', userId: null })).toThrow(AppError);
    expect(() => requireMember(member)).not.toThrow();
  });
});
