import { describe, expect, it } from 'vitest';
import { AppError, rejection as rejectionOf } from '@luxe/platform';
import { AuthRateLimiter } from './rate-limit';

const limits = { registerPerIp: 3, loginPerIp: 4, loginFailuresPerAccount: 3, windowSeconds: 60 };

const rejection = (p: Promise<unknown>) => rejectionOf<AppError & { retryAfterSeconds?: number }>(p);

describe('AuthRateLimiter (memory)', () => {
  it('allows registerPerIp registrations per IP, then throws 429 with retryAfterSeconds', async () => {
    const rl = new AuthRateLimiter(null, limits);
    for (let i = 0; i < 3; i++) await expect(rl.consumeRegister('1.1.1.1')).resolves.toBeUndefined();
    const e = await rejection(rl.consumeRegister('1.1.1.1'));
    expect(e).toBeInstanceOf(AppError);
    expect(e.status).toBe(429);
    expect(e.code).toBe('AUTH.RATE_LIMITED');
    expect(e.message).toBe('Too many attempts. Please try again later.');
    expect(e.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(e.retryAfterSeconds).toBeLessThanOrEqual(60);
    // another IP is not affected
    await expect(rl.consumeRegister('2.2.2.2')).resolves.toBeUndefined();
  });

  it('limits login attempts per IP separately from registrations', async () => {
    const rl = new AuthRateLimiter(null, limits);
    for (let i = 0; i < 3; i++) await rl.consumeRegister('9.9.9.9');
    for (let i = 0; i < 4; i++) await expect(rl.consumeLoginAttempt('9.9.9.9')).resolves.toBeUndefined();
    expect((await rejection(rl.consumeLoginAttempt('9.9.9.9'))).status).toBe(429);
  });

  it('locks an account after loginFailuresPerAccount failures, case-insensitively', async () => {
    const rl = new AuthRateLimiter(null, limits);
    await rl.recordFailure('Jane@Example.com');
    await rl.recordFailure('jane@example.com');
    await expect(rl.assertAccountNotLocked('jane@example.com')).resolves.toBeUndefined();
    await rl.recordFailure('JANE@EXAMPLE.COM');
    for (const email of ['jane@example.com', 'Jane@Example.COM']) {
      const e = await rejection(rl.assertAccountNotLocked(email));
      expect(e).toBeInstanceOf(AppError);
      expect(e.status).toBe(429);
      expect(e.retryAfterSeconds).toBeGreaterThanOrEqual(1);
      expect(e.retryAfterSeconds).toBeLessThanOrEqual(60);
    }
    // another account is not locked
    await expect(rl.assertAccountNotLocked('bob@example.com')).resolves.toBeUndefined();
  });

  it('recordSuccess clears the failures', async () => {
    const rl = new AuthRateLimiter(null, limits);
    for (let i = 0; i < 3; i++) await rl.recordFailure('jane@example.com');
    expect((await rejection(rl.assertAccountNotLocked('jane@example.com'))).status).toBe(429);
    await rl.recordSuccess('JANE@example.com');
    await expect(rl.assertAccountNotLocked('jane@example.com')).resolves.toBeUndefined();
    // the count starts over: two more failures do not lock
    await rl.recordFailure('jane@example.com');
    await rl.recordFailure('jane@example.com');
    await expect(rl.assertAccountNotLocked('jane@example.com')).resolves.toBeUndefined();
  });
});
