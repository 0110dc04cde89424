import { createHmac } from 'node:crypto';
import { describe, expect, it, jest } from '@jest/globals';
import { PASS_CODE_ALPHABET, PASS_CODE_LENGTH, passTokenFrom, passTokenSchema } from '@luxe/contracts';
import * as settings from '../bookings.settings';
import { bookingsSettingsSchema, passSigningSecret } from '../bookings.settings';
import { newPassCode, signPassToken, verifyPassToken, type PassSubject } from './pass-token';

const SECRET = 'a-test-secret-of-at-least-thirty-two-characters';
const subject: PassSubject = {
  bookingId: '7d0f3b0e-7a57-4c57-9d5e-6f5e8a1c2b3d',
  kind: 'guest',
  attendeeId: '0b9e2c4a-1f3d-4e5a-8b7c-9d0e1f2a3b4c',
};

/** The token with one character of its part `i` (0 payload, 1 signature) changed at `at`. */
function tamper(token: string, i: 0 | 1, at: number): string {
  const parts = token.split('.');
  const p = parts[i]!;
  const c = p[at]!;
  parts[i] = p.slice(0, at) + (c === 'A' ? 'B' : 'A') + p.slice(at + 1);
  return parts.join('.');
}

describe('pass tokens', () => {
  it('verify to who they were signed for; the same subject always signs the same token', () => {
    const token = signPassToken(SECRET, subject);
    expect(verifyPassToken(SECRET, token)).toEqual(subject);
    expect(signPassToken(SECRET, subject)).toBe(token);
    for (const kind of ['host', 'friend'] as const)
      expect(verifyPassToken(SECRET, signPassToken(SECRET, { ...subject, kind }))).toEqual({ ...subject, kind });
  });

  it('are base64url payload + HMAC-SHA256 signature, matching the contract and found in a scanned pass address', () => {
    const token = signPassToken(SECRET, subject);
    const [payload, signature] = token.split('.');
    expect(Buffer.from(payload!, 'base64url').toString('hex')).toBe(
      `01${subject.bookingId.replace(/-/g, '')}01${subject.attendeeId.replace(/-/g, '')}`,
    );
    expect(token.length).toBeLessThanOrEqual(100); // one URL segment within the HTTP servers' parameter limit
    expect(signature).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(passTokenSchema.safeParse(token).success).toBe(true);
    expect(passTokenFrom(`https://luxe.example/pass/${token}`)).toBe(token);
    expect(passTokenFrom(`/pass/${token}?utm=x`)).toBe(token);
    expect(passTokenFrom(token)).toBe(token);
    expect(passTokenFrom('HK4M-7QTX')).toBeNull();
  });

  it('are refused when tampered with, cut, signed with another secret or made up', () => {
    const token = signPassToken(SECRET, subject);
    expect(verifyPassToken(SECRET, tamper(token, 0, 5))).toBeNull();
    expect(verifyPassToken(SECRET, tamper(token, 1, 10))).toBeNull();
    expect(verifyPassToken(SECRET, token.slice(0, -1))).toBeNull();
    expect(verifyPassToken(SECRET, token.split('.')[0]!)).toBeNull();
    expect(verifyPassToken(`${SECRET}!`, token)).toBeNull();
    // Another booking's payload with this token's signature.
    const other = signPassToken(SECRET, { ...subject, bookingId: '11111111-1111-4111-8111-111111111111' });
    expect(verifyPassToken(SECRET, `${other.split('.')[0]}.${token.split('.')[1]}`)).toBeNull();
    // A payload of the right shape signed by someone without the secret.
    const forged = signPassToken('someone-else-s-secret-of-32-characters!!', { ...subject, kind: 'host' });
    expect(verifyPassToken(SECRET, forged)).toBeNull();
    expect(verifyPassToken(SECRET, '')).toBeNull();
    expect(verifyPassToken(SECRET, 'a.b.c')).toBeNull();
  });

  it('signed correctly over a payload that is not a pass are refused too', () => {
    // Right signature, wrong content: another version, an unknown kind, a cut payload.
    const sign = (hex: string) => {
      const payload = Buffer.from(hex, 'hex').toString('base64url');
      return `${payload}.${createHmac('sha256', SECRET).update(payload).digest('base64url')}`;
    };
    const b = subject.bookingId.replace(/-/g, '');
    const a = subject.attendeeId.replace(/-/g, '');
    expect(verifyPassToken(SECRET, sign(`01${b}01${a}`))).toEqual(subject);
    expect(verifyPassToken(SECRET, sign(`02${b}01${a}`))).toBeNull();
    expect(verifyPassToken(SECRET, sign(`01${b}07${a}`))).toBeNull();
    expect(verifyPassToken(SECRET, sign(`01${b}01${a.slice(0, -2)}`))).toBeNull();
  });
});

describe('door codes', () => {
  it('are 8 symbols of the alphabet, which has no look-alike characters', () => {
    for (const ch of '0O1IL2Z5S8BUV') expect(PASS_CODE_ALPHABET).not.toContain(ch);
    expect(new Set(PASS_CODE_ALPHABET).size).toBe(PASS_CODE_ALPHABET.length);
    for (let i = 0; i < 200; i++)
      expect(newPassCode()).toMatch(new RegExp(`^[${PASS_CODE_ALPHABET}]{${PASS_CODE_LENGTH}}$`));
  });

  it('use every symbol of the alphabet, as the random source picks it', () => {
    let n = 0;
    const seq = (max: number) => n++ % max;
    const codes = [newPassCode(seq), newPassCode(seq), newPassCode(seq)].join('');
    expect(new Set(codes)).toEqual(new Set(PASS_CODE_ALPHABET));
  });

  it('do not repeat across many draws (23^8 codes: a clash in 20,000 is ~1 in 400,000)', () => {
    const codes = new Set(Array.from({ length: 20_000 }, () => newPassCode()));
    expect(codes.size).toBe(20_000);
  });
});

describe('PASS_SIGNING_SECRET', () => {
  it('is required in production, at least 32 characters', () => {
    expect(bookingsSettingsSchema.safeParse({ NODE_ENV: 'production' }).success).toBe(false);
    expect(bookingsSettingsSchema.safeParse({ NODE_ENV: 'production', PASS_SIGNING_SECRET: 'short' }).success).toBe(
      false,
    );
    const prod = bookingsSettingsSchema.parse({ NODE_ENV: 'production', PASS_SIGNING_SECRET: SECRET });
    expect(passSigningSecret(prod)).toBe(SECRET);
  });

  // Issue 30: the fallback was a fixed secret in the repository, so a pass could be forged.
  it('unset (development): a random secret of the process, never a fixed one', () => {
    const secretOf = () => {
      let s = '';
      // A fresh copy of the module: a second process, as far as its secret goes.
      jest.isolateModules(() => {
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        const fresh = require('../bookings.settings') as typeof settings;
        s = fresh.passSigningSecret(bookingsSettingsSchema.parse({}));
      });
      return s;
    };
    const [a, b] = [secretOf(), secretOf()];
    expect(a.length).toBeGreaterThanOrEqual(32);
    expect(a).not.toBe(b);
    expect(passSigningSecret({})).toBe(passSigningSecret(undefined)); // one per process
    expect(Object.keys(settings).filter((k) => /SECRET/.test(k))).toEqual([]);
  });
});
