import 'reflect-metadata';
import { Reflector } from '@nestjs/core';
import type { ExecutionContext } from '@nestjs/common';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { AppError } from './errors';
import { generateKeyPairSync } from 'node:crypto';
import {
  Actor,
  generateInternalKeyPair,
  InternalAuthGuard,
  InternalTokenSigner,
  InternalTokenVerifier,
  parseInternalKey,
  PublicRoute,
  requireMember,
} from './internal-auth';
import { fakeClockOnly } from './testing';

const GATEWAY = generateInternalKeyPair();
const OTHER = generateInternalKeyPair();
const member: Actor = { role: 'member', userId: 'u-1', userType: 'guest', sessionId: 's-1', ip: '10.0.0.1' };
const target = { service: 'identity', method: 'GET', path: '/api/auth/me' };
const signer = () => new InternalTokenSigner(GATEWAY.privateKey);
const verifier = () => new InternalTokenVerifier(GATEWAY.publicKey);

afterEach(() => {
  jest.useRealTimers();
});

describe('internal tokens (Ed25519)', () => {
  it('take keys as PEM, PEM with \\n escapes, or base64 DER, and refuse anything that is not the right Ed25519 key', () => {
    const der = (pem: string, kind: 'private' | 'public') =>
      parseInternalKey(kind, pem)
        .export({ format: 'der', type: kind === 'private' ? 'pkcs8' : 'spki' })
        .toString('base64');
    expect(() => new InternalTokenSigner(GATEWAY.privateKey.replace(/\n/g, '\\n'))).not.toThrow();
    expect(() => new InternalTokenSigner(der(GATEWAY.privateKey, 'private'))).not.toThrow();
    expect(() => new InternalTokenVerifier(der(GATEWAY.publicKey, 'public'))).not.toThrow();
    expect(() => new InternalTokenSigner('x'.repeat(40))).toThrow('must be an Ed25519 private key');
    // A service's public key cannot sign; a private key is not accepted where a public one is meant.
    expect(() => new InternalTokenSigner(GATEWAY.publicKey)).toThrow('must be an Ed25519 private key');
    expect(() => new InternalTokenVerifier(GATEWAY.privateKey)).toThrow('must be an Ed25519 public key');
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 })
      .publicKey.export({ type: 'spki', format: 'pem' })
      .toString();
    expect(() => new InternalTokenVerifier(rsa)).toThrow('must be an Ed25519 public key');
  });

  it('round-trip the actor, and a verifier has no way to sign', () => {
    const token = signer().sign(member, target);
    expect(token.split('.')).toHaveLength(3);
    expect(token.startsWith('v2.')).toBe(true);
    expect(verifier().verify(token, target)).toEqual({ actor: member });
    const anon = verifier().verify(signer().sign({ role: 'anonymous', userId: null }, target), target);
    expect(anon).toEqual({ actor: { role: 'anonymous', userId: null } });
    expect((verifier() as unknown as { sign?: unknown }).sign).toBeUndefined();
  });

  it('are bound to the service, the method and the path (the query does not matter)', () => {
    const s = signer();
    const v = verifier();
    const token = s.sign(member, { ...target, path: '/api/venues?city=Miami' });
    expect(v.verify(token, { ...target, path: '/api/venues?city=Other' }).actor).toEqual(member);
    expect(() => v.verify(token, { ...target, path: '/api/venues/1' })).toThrow('wrong request');
    expect(() => v.verify(token, { ...target, path: '/api/venues', method: 'DELETE' })).toThrow('wrong request');
    expect(() => v.verify(token, { ...target, path: '/api/venues', service: 'admin' })).toThrow('wrong audience');
    expect(v.verify(s.sign(member, { ...target, method: 'get' }), { ...target, method: 'GET' }).actor).toEqual(member);
  });

  it('refuse a token signed with another key (a service, or anyone else)', () => {
    const token = new InternalTokenSigner(OTHER.privateKey).sign(member, target);
    expect(() => verifier().verify(token, target)).toThrow('bad signature');
  });

  it('during a key rotation accept the new and the previous key, and nothing else; after it only the new one', () => {
    const NEW = generateInternalKeyPair();
    const oldToken = signer().sign(member, target);
    const newToken = new InternalTokenSigner(NEW.privateKey).sign(member, target);
    const rotating = new InternalTokenVerifier([NEW.publicKey, GATEWAY.publicKey]);
    expect(rotating.verify(oldToken, target).actor).toEqual(member);
    expect(rotating.verify(newToken, target).actor).toEqual(member);
    expect(() => rotating.verify(new InternalTokenSigner(OTHER.privateKey).sign(member, target), target)).toThrow(
      'bad signature',
    );
    const after = new InternalTokenVerifier([NEW.publicKey]);
    expect(after.verify(newToken, target).actor).toEqual(member);
    expect(() => after.verify(oldToken, target)).toThrow('bad signature');
    expect(() => new InternalTokenVerifier([])).toThrow('an internal public key is required');
  });

  it('refuse an expired token, also after it was verified once', () => {
    fakeClockOnly(jest, '2030-01-01T00:00:00Z');
    const v = verifier();
    const token = signer().sign(member, target, 1);
    expect(v.verify(token, target)).toMatchObject({ actor: member });
    jest.setSystemTime(new Date('2030-01-01T00:00:05Z'));
    expect(() => v.verify(token, target)).toThrow('expired');
    expect(() => verifier().verify(token, target)).toThrow('expired');
  });

  it('reuse a signed token for the same claims while it is fresh, and sign again when it ages', () => {
    fakeClockOnly(jest, '2030-01-01T00:00:00Z');
    const s = signer();
    const a = s.sign(member, target);
    expect(s.sign(member, target)).toBe(a);
    expect(s.sign({ ...member, userId: 'u-2' }, target)).not.toBe(a);
    expect(s.sign(member, { ...target, path: '/api/auth/logout' })).not.toBe(a);
    jest.setSystemTime(new Date('2030-01-01T00:00:11Z'));
    const b = s.sign(member, target);
    expect(b).not.toBe(a);
    expect(verifier().verify(b, target).actor).toEqual(member);
  });

  it('refuse a tampered token (payload changed, signature kept) and malformed ones', () => {
    const v = verifier();
    const token = signer().sign(member, target);
    const [ver, p, sig] = token.split('.');
    const payload = JSON.parse(Buffer.from(p, 'base64url').toString());
    payload.act = { ...payload.act, role: 'admin' };
    const forged = [ver, Buffer.from(JSON.stringify(payload)).toString('base64url'), sig].join('.');
    expect(() => v.verify(forged, target)).toThrow('bad signature');
    expect(() => v.verify(token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA'), target)).toThrow();
    expect(() => v.verify('not-a-token', target)).toThrow('malformed');
    expect(() => v.verify(`v1.${p}.${sig}`, target)).toThrow('malformed');
  });

  it('refuse a token whose actor role is not one of the known roles', () => {
    const token = signer().sign({ role: 'root' as any, userId: 'x' }, target);
    expect(() => verifier().verify(token, target)).toThrow('bad actor claim');
  });
});

class Controller {
  @PublicRoute()
  health() {}
  secret() {}
}

function ctx(
  handler: (...args: any[]) => unknown,
  headers: Record<string, unknown> = {},
  method = 'GET',
  url = '/api/auth/me',
) {
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
  const auth = signer();
  const guard = new InternalAuthGuard(verifier(), new Reflector(), 'identity');

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
    const { c, req } = ctx(Controller.prototype.secret, {
      'x-internal-auth': new InternalTokenSigner(OTHER.privateKey).sign(member, target),
    });
    const e = refusal(() => guard.canActivate(c));
    expect(e).toBeInstanceOf(AppError);
    expect(e.status).toBe(401);
    expect(e.message).toBe('Internal call with invalid gateway credentials');
    expect(req.actor).toBeUndefined();
  });

  it('refuses a valid token made for another service or another route', () => {
    for (const t of [
      { ...target, service: 'venues' },
      { ...target, path: '/api/auth/login', method: 'POST' },
    ]) {
      const { c, req } = ctx(Controller.prototype.secret, { 'x-internal-auth': auth.sign(member, t) });
      expect(refusal(() => guard.canActivate(c)).code).toBe('AUTH.INTERNAL_CREDENTIALS_INVALID');
      expect(req.actor).toBeUndefined();
    }
  });

  it('accepts a valid token and sets req.actor', () => {
    const { c, req } = ctx(Controller.prototype.secret, { 'x-internal-auth': auth.sign(member, target) });
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
