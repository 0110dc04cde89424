import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { AppError, fakeClockOnly, rejection as rejectionOf } from '@luxe/platform';
import { AuthRateLimiter, networkKey } from './rate-limit';

const limits = {
  registerPerIp: 3,
  loginPerIp: 4,
  loginFailuresPerAccount: 3,
  loginSlowdownAfter: 5,
  loginMaxDelaySeconds: 8,
  windowSeconds: 60,
};
const rejection = (p: Promise<unknown>) => rejectionOf<AppError>(p);

afterEach(() => {
  jest.useRealTimers();
});

describe('networkKey', () => {
  it('keeps an IPv4 address, maps IPv4-in-IPv6 to IPv4, and groups IPv6 by /64', () => {
    expect(networkKey('203.0.113.9')).toBe('203.0.113.9');
    expect(networkKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(networkKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(networkKey('2001:db8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64');
    expect(networkKey('2001:db8:1:3::1')).not.toBe(networkKey('2001:db8:1:2::1'));
    expect(networkKey(undefined)).toBe('unknown');
  });
});

describe('AuthRateLimiter (memory)', () => {
  it('counts a per-member class per member over its own window (MEMBER_RATE_LIMITS), scaled by memberScale', async () => {
    const rl = new AuthRateLimiter(null, { ...limits, memberScale: 0.1 }); // member-holds: 20 → 2
    await rl.consumeMember('member-holds', 'u1');
    await rl.consumeMember('member-holds', 'u1');
    const e = await rejection(rl.consumeMember('member-holds', 'u1'));
    expect(e).toMatchObject({ status: 429, code: 'AUTH.RATE_LIMITED' });
    expect(e.retryAfterSeconds).toBeGreaterThan(500); // the class's 600 s window, not the login window
    await expect(rl.consumeMember('member-holds', 'u2')).resolves.toBeUndefined();
  });

  it('counts a class with perVenue per venue as well, whoever asks; other classes ignore the venue', async () => {
    // member-check-ins at scale 0.005: 1200 → 6 per owner, 600 → 3 per venue.
    const rl = new AuthRateLimiter(null, { ...limits, memberScale: 0.005 });
    const attempt = async (owner: string, venue: string) => {
      await rl.consumeMember('member-check-ins', owner);
      await rl.consumeVenue('member-check-ins', venue);
    };
    for (let i = 0; i < 3; i++) await attempt('owner-a', 'venue-1');
    const atVenue = await rejection(attempt('owner-b', 'venue-1')); // another owner at the same door
    expect(atVenue).toMatchObject({ status: 429, code: 'AUTH.RATE_LIMITED' });
    expect(atVenue.retryAfterSeconds).toBeGreaterThan(500);
    for (let i = 0; i < 3; i++) await attempt('owner-a', 'venue-2'); // another venue still has room
    expect((await rejection(attempt('owner-a', 'venue-3'))).status).toBe(429); // the owner's 6 are used
    await expect(rl.consumeVenue('member-holds', 'venue-1')).resolves.toBeUndefined(); // not counted per venue
  });

  it('allows registerPerIp registrations per network, then 429 with Retry-After', async () => {
    const rl = new AuthRateLimiter(null, limits);
    for (let i = 0; i < 3; i++) await expect(rl.consumeRegister('1.1.1.1')).resolves.toBeUndefined();
    const e = await rejection(rl.consumeRegister('1.1.1.1'));
    expect(e).toBeInstanceOf(AppError);
    expect(e).toMatchObject({
      status: 429,
      code: 'AUTH.RATE_LIMITED',
      message: 'Too many attempts. Please try again later.',
    });
    expect(e.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(e.retryAfterSeconds).toBeLessThanOrEqual(60);
    await expect(rl.consumeRegister('2.2.2.2')).resolves.toBeUndefined();
  });

  it('counts an IPv6 /64 as one network', async () => {
    const rl = new AuthRateLimiter(null, limits);
    for (let i = 1; i <= 3; i++) await rl.consumeRegister(`2001:db8:0:1::${i}`);
    expect((await rejection(rl.consumeRegister('2001:db8:0:1:ffff::9'))).status).toBe(429);
    await expect(rl.consumeRegister('2001:db8:0:2::1')).resolves.toBeUndefined();
  });

  it('limits login attempts per network separately from registrations', async () => {
    const rl = new AuthRateLimiter(null, limits);
    for (let i = 0; i < 3; i++) await rl.consumeRegister('9.9.9.9');
    for (let i = 0; i < 4; i++) await expect(rl.consumeLoginAttempt('9.9.9.9')).resolves.toBeUndefined();
    expect((await rejection(rl.consumeLoginAttempt('9.9.9.9'))).status).toBe(429);
  });

  it('reserves before the password check: parallel attempts past the limit are refused, case-insensitively', async () => {
    const rl = new AuthRateLimiter(null, limits);
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) => rl.beginLogin(i % 2 ? 'Jane@Example.com' : 'jane@example.com', '5.5.5.5')),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    for (const r of results.filter((r) => r.status === 'rejected'))
      expect((r as PromiseRejectedResult).reason).toMatchObject({ status: 429 });
  });

  it('locks the account only for that network: the owner logs in from another one', async () => {
    const rl = new AuthRateLimiter(null, limits);
    for (let i = 0; i < 3; i++) await rl.beginLogin('jane@example.com', '6.6.6.6');
    const e = await rejection(rl.beginLogin('jane@example.com', '6.6.6.6'));
    expect(e.status).toBe(429);
    expect(e.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    const t = await rl.beginLogin('jane@example.com', '7.7.7.7');
    await t.succeeded();
  });

  it('a success gives the attempts back; an abandoned attempt (identity down) is not counted', async () => {
    const rl = new AuthRateLimiter(null, limits);
    await rl.beginLogin('bob@example.com', '8.8.8.8');
    await rl.beginLogin('bob@example.com', '8.8.8.8');
    await (await rl.beginLogin('bob@example.com', '8.8.8.8')).succeeded();
    for (let i = 0; i < 2; i++) await rl.beginLogin('bob@example.com', '8.8.8.8');
    await (await rl.beginLogin('bob@example.com', '8.8.8.8')).abandoned();
    await rl.beginLogin('bob@example.com', '8.8.8.8');
    expect((await rejection(rl.beginLogin('bob@example.com', '8.8.8.8'))).status).toBe(429);
  });

  it('past the account-wide threshold, each attempt waits a growing delay, capped, never a lockout', async () => {
    fakeClockOnly(jest, '2030-01-01T00:00:00Z');
    const rl = new AuthRateLimiter(null, { ...limits, loginFailuresPerAccount: 100 });
    // An attacker spreads guesses over many networks: 5 pass freely.
    for (let i = 0; i < 5; i++) await rl.beginLogin('eve@example.com', `10.0.0.${i}`);
    // The 6th passes and closes the gate for 1 s, the 7th must wait.
    await rl.beginLogin('eve@example.com', '10.0.1.1');
    const wait1 = await rejection(rl.beginLogin('eve@example.com', '10.0.1.2'));
    expect(wait1).toMatchObject({ status: 429, retryAfterSeconds: 1 });
    jest.setSystemTime(new Date('2030-01-01T00:00:01.100Z'));
    await rl.beginLogin('eve@example.com', '10.0.1.3'); // 7th allowed attempt: gate 2 s
    expect((await rejection(rl.beginLogin('eve@example.com', '10.0.1.4'))).retryAfterSeconds).toBe(2);
    // The delay doubles but never exceeds the cap: the owner waits at most loginMaxDelaySeconds.
    let t = Date.parse('2030-01-01T00:00:01.100Z');
    for (let i = 0; i < 6; i++) {
      t += 9_000;
      jest.setSystemTime(new Date(t));
      await rl.beginLogin('eve@example.com', `10.0.2.${i}`);
    }
    const capped = await rejection(rl.beginLogin('eve@example.com', '192.0.2.1'));
    expect(capped.retryAfterSeconds).toBeLessThanOrEqual(8);
    jest.setSystemTime(new Date(t + 8_001));
    const owner = await rl.beginLogin('eve@example.com', '192.0.2.1');
    await owner.succeeded();
    // After the owner's success the count starts over: no delay.
    await rl.beginLogin('eve@example.com', '192.0.2.1');
    await rl.beginLogin('eve@example.com', '192.0.2.2');
  });

  it('answers 503, not 500, when its store cannot be reached', async () => {
    const broken = {
      set: async () => {
        throw new Error('Connection is closed.');
      },
      pttl: async () => 0,
    } as any;
    const rl = new AuthRateLimiter(broken, limits);
    const e = await rejection(rl.consumeRegister('1.2.3.4'));
    expect(e).toMatchObject({ status: 503, code: 'SERVER.UNAVAILABLE' });
  });
});
