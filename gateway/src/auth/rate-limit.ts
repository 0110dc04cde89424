import type Redis from 'ioredis';
import { RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { AUTH_ERRORS } from '@luxe/contracts';
import { AppError } from '@luxe/platform';

export interface RateLimits {
  registerPerIp: number;
  loginPerIp: number;
  loginFailuresPerAccount: number;
  windowSeconds: number;
}

/** Per-IP limits on register and login, and per-account limits on failed logins (Redis-backed). */
export class AuthRateLimiter {
  private readonly registerIp: RateLimiterAbstract;
  private readonly loginIp: RateLimiterAbstract;
  private readonly loginAccount: RateLimiterAbstract;

  constructor(redis: Redis | null, limits: RateLimits) {
    const make = (keyPrefix: string, points: number) =>
      redis
        ? new RateLimiterRedis({ storeClient: redis, keyPrefix, points, duration: limits.windowSeconds })
        : new RateLimiterMemory({ keyPrefix, points, duration: limits.windowSeconds });
    this.registerIp = make('rl:register:ip', limits.registerPerIp);
    this.loginIp = make('rl:login:ip', limits.loginPerIp);
    this.loginAccount = make('rl:login:acct', limits.loginFailuresPerAccount);
  }

  async consumeRegister(ip: string): Promise<void> {
    await guard(() => this.registerIp.consume(ip));
  }

  async consumeLoginAttempt(ip: string): Promise<void> {
    await guard(() => this.loginIp.consume(ip));
  }

  /** Refuses before checking the password when the account already failed too often. */
  async assertAccountNotLocked(email: string): Promise<void> {
    const r = await this.loginAccount.get(email.toLowerCase());
    if (r && r.remainingPoints <= 0) throw tooMany(r);
  }

  async recordFailure(email: string): Promise<void> {
    await this.loginAccount.penalty(email.toLowerCase(), 1);
  }

  async recordSuccess(email: string): Promise<void> {
    await this.loginAccount.delete(email.toLowerCase());
  }
}

async function guard(fn: () => Promise<unknown>): Promise<void> {
  try {
    await fn();
  } catch (e) {
    if (e instanceof RateLimiterRes) throw tooMany(e);
    throw e;
  }
}

function tooMany(r: RateLimiterRes) {
  return AppError.of(AUTH_ERRORS.RATE_LIMITED, { retryAfterSeconds: Math.max(1, Math.ceil(r.msBeforeNext / 1000)) });
}
