import { describe, expect, it } from '@jest/globals';
import { hashPassword, verifyPassword } from './passwords';

describe('password hashing', () => {
  it('produces an argon2id hash with the OWASP parameters, salted', async () => {
    const h = await hashPassword('correct-horse-battery');
    expect(h.startsWith('$argon2id$')).toBe(true);
    const params = Object.fromEntries(
      h
        .split('$')[3]
        .split(',')
        .map((kv) => kv.split('=')),
    );
    expect(params).toEqual({ m: '19456', t: '2', p: '1' });
    expect(h).not.toContain('correct-horse-battery');
    expect(await hashPassword('correct-horse-battery')).not.toBe(h);
  });

  it('verifies the right password and refuses a wrong one', async () => {
    const h = await hashPassword('correct-horse-battery');
    expect(await verifyPassword(h, 'correct-horse-battery')).toBe(true);
    expect(await verifyPassword(h, 'correct-horse-batterY')).toBe(false);
    expect(await verifyPassword(h, '')).toBe(false);
  });

  it('returns false without throwing for a null or garbage hash', async () => {
    await expect(verifyPassword(null, 'anything')).resolves.toBe(false);
    await expect(verifyPassword('', 'anything')).resolves.toBe(false);
    await expect(verifyPassword('garbage', 'anything')).resolves.toBe(false);
    await expect(verifyPassword('$argon2id$v=19$m=19456,t=2,p=1$broken', 'anything')).resolves.toBe(false);
  });

  it('returns false for the timing dummy password with a null hash', async () => {
    await expect(verifyPassword(null, 'not-a-real-password-timing-equaliser')).resolves.toBe(false);
  });
});
