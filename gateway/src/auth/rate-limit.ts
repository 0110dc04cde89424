import type Redis from 'ioredis';
import ipaddr from 'ipaddr.js';
import { RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import {
  AUTH_ERRORS,
  MEMBER_RATE_LIMITS,
  SERVER_ERRORS,
  type MemberRateLimit,
  type MemberRateLimitClass,
} from '@luxe/contracts';
import { AppError } from '@luxe/platform';

export interface RateLimits {
  registerPerIp: number;
  loginPerIp: number;
  /** Failed logins for one account from one network (IP, or IPv6 /64) before that pair is locked for the window. */
  loginFailuresPerAccount: number;
  /** Failed logins for one account from everywhere before each further attempt must wait a growing delay. */
  loginSlowdownAfter: number;
  /** The longest such delay: the owner is slowed, never locked out. */
  loginMaxDelaySeconds: number;
  windowSeconds: number;
  /** Password-reset emails asked from one network, and for one address from anywhere, per window. */
  resetPerIp: number;
  resetPerAddress: number;
  /** Multiplies every per-member limit's points (MEMBER_RATE_LIMITS): a load test may need more, a tight deployment fewer. */
  memberScale: number;
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  registerPerIp: 10,
  loginPerIp: 30,
  loginFailuresPerAccount: 5,
  loginSlowdownAfter: 20,
  loginMaxDelaySeconds: 30,
  windowSeconds: 900,
  resetPerIp: 10,
  resetPerAddress: 3,
  memberScale: 1,
};

/** The key a client's address is limited by: the IPv4 address, or the IPv6 /64 network. */
export function networkKey(ip: string | undefined): string {
  if (!ip) return 'unknown';
  try {
    let addr = ipaddr.parse(ip);
    if (addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).isIPv4MappedAddress())
      addr = (addr as ipaddr.IPv6).toIPv4Address();
    if (addr.kind() === 'ipv4') return addr.toString();
    return `${(addr as ipaddr.IPv6).parts
      .slice(0, 4)
      .map((p) => p.toString(16))
      .join(':')}::/64`;
  } catch {
    return ip;
  }
}

/** One login attempt that has reserved its place in the limits; settle it once identity answered. */
export interface LoginTicket {
  /** The password was right: the account's failure counts start over. */
  succeeded(): Promise<void>;
  /** No password was checked (identity unreachable): the reservation is given back. */
  abandoned(): Promise<void>;
}

/**
 * Limits on registration and login (Redis-backed, or in memory in the embedded mode).
 * A login attempt is counted before the password is checked, atomically, so parallel guesses
 * cannot slip past the limit; a success gives it back. Limits are per network and per account
 * and network (hard), plus a per-account slow-down across networks that grows with each failure
 * but is capped, so an attacker elsewhere can delay the owner a little but never lock him out.
 */
export class AuthRateLimiter {
  private readonly registerIp: RateLimiterAbstract;
  private readonly loginIp: RateLimiterAbstract;
  private readonly loginAccountNetwork: RateLimiterAbstract;
  private readonly loginAccount: RateLimiterAbstract;
  private readonly resetIp: RateLimiterAbstract;
  private readonly resetAddress: RateLimiterAbstract;
  private readonly member: Record<MemberRateLimitClass, RateLimiterAbstract>;
  private readonly venue: Partial<Record<MemberRateLimitClass, RateLimiterAbstract>>;
  private readonly memoryGates = new Map<string, number>();
  readonly limits: RateLimits;

  /** Prepended to every Redis key: deployments (and test stacks) sharing one Redis keep their counters apart. */
  private readonly ns: string;

  constructor(
    private readonly redis: Redis | null,
    limits: Partial<RateLimits> = {},
    namespace = '',
  ) {
    this.limits = { ...DEFAULT_RATE_LIMITS, ...limits };
    this.ns = namespace;
    const l = this.limits;
    const make = (name: string, points: number) => {
      const keyPrefix = `${namespace}${name}`;
      return redis
        ? new RateLimiterRedis({ storeClient: redis, keyPrefix, points, duration: l.windowSeconds })
        : new RateLimiterMemory({ keyPrefix, points, duration: l.windowSeconds });
    };
    this.registerIp = make('rl:register:ip', l.registerPerIp);
    this.loginIp = make('rl:login:ip', l.loginPerIp);
    this.loginAccountNetwork = make('rl:login:acct-net', l.loginFailuresPerAccount);
    // Counts only; the slow-down decides from the count.
    this.loginAccount = make('rl:login:acct', 1_000_000);
    this.resetIp = make('rl:reset:ip', l.resetPerIp);
    this.resetAddress = make('rl:reset:addr', l.resetPerAddress);
    const counter = (name: string, { points, seconds }: { points: number; seconds: number }) => {
      const opts = {
        keyPrefix: `${namespace}${name}`,
        points: Math.max(1, Math.round(points * l.memberScale)),
        duration: seconds,
      };
      return redis ? new RateLimiterRedis({ storeClient: redis, ...opts }) : new RateLimiterMemory(opts);
    };
    const classes = Object.entries(MEMBER_RATE_LIMITS) as [MemberRateLimitClass, MemberRateLimit][];
    this.member = Object.fromEntries(classes.map(([cls, def]) => [cls, counter(`rl:${cls}`, def)])) as Record<
      MemberRateLimitClass,
      RateLimiterAbstract
    >;
    this.venue = Object.fromEntries(
      classes.flatMap(([cls, def]) => (def.perVenue ? [[cls, counter(`rl:${cls}:venue`, def.perVenue)]] : [])),
    );
  }

  /** One request of a per-member class by this member, or 429 with Retry-After past the class's limit. */
  async consumeMember(cls: MemberRateLimitClass, userId: string): Promise<void> {
    await guard(() => this.member[cls].consume(userId));
  }

  /** One request of a class counted per venue (`perVenue`) at this venue, whoever asks, or 429 with Retry-After past its limit; other classes: nothing. */
  async consumeVenue(cls: MemberRateLimitClass, venueId: string): Promise<void> {
    const limiter = this.venue[cls];
    if (limiter) await guard(() => limiter.consume(venueId));
  }

  async consumeRegister(ip: string | undefined): Promise<void> {
    await guard(() => this.registerIp.consume(networkKey(ip)));
  }

  async consumeLoginAttempt(ip: string | undefined): Promise<void> {
    await guard(() => this.loginIp.consume(networkKey(ip)));
  }

  /**
   * One password-reset email asked from this network for this address, or 429: the same whether
   * or not an account uses the address (the limit says nothing about who is a member).
   */
  async consumePasswordReset(ip: string | undefined, email: string): Promise<void> {
    await guard(() => this.resetIp.consume(networkKey(ip)));
    await guard(() => this.resetAddress.consume(email.trim().toLowerCase()));
  }

  /** Reserves an attempt for this account from this network, or refuses with 429 and Retry-After. */
  async beginLogin(email: string, ip: string | undefined): Promise<LoginTicket> {
    const account = email.trim().toLowerCase();
    const pair = `${account}|${networkKey(ip)}`;
    await guard(() => this.loginAccountNetwork.consume(pair));
    let count: RateLimiterRes;
    try {
      count = await this.loginAccount.consume(account);
    } catch (e) {
      await this.loginAccountNetwork.reward(pair, 1).catch(() => undefined);
      throw unavailableUnless(e);
    }
    const excess = count.consumedPoints - this.limits.loginSlowdownAfter;
    if (excess > 0) {
      const delayMs = Math.min(1000 * 2 ** Math.min(excess - 1, 20), this.limits.loginMaxDelaySeconds * 1000);
      const waitMs = await this.passGate(account, delayMs);
      if (waitMs > 0) {
        await Promise.allSettled([this.loginAccountNetwork.reward(pair, 1), this.loginAccount.reward(account, 1)]);
        throw tooMany(waitMs);
      }
    }
    return {
      succeeded: async () => {
        await Promise.allSettled([this.loginAccountNetwork.delete(pair), this.loginAccount.delete(account)]);
      },
      abandoned: async () => {
        await Promise.allSettled([this.loginAccountNetwork.reward(pair, 1), this.loginAccount.reward(account, 1)]);
      },
    };
  }

  /** Lets one attempt through and closes the gate for delayMs; returns how long to wait when closed. */
  private async passGate(account: string, delayMs: number): Promise<number> {
    const key = `${this.ns}rl:login:gate:${account}`;
    if (!this.redis) {
      const now = Date.now();
      const until = this.memoryGates.get(key) ?? 0;
      if (until > now) return until - now;
      this.memoryGates.set(key, now + delayMs);
      return 0;
    }
    try {
      const ok = await this.redis.set(key, '1', 'PX', delayMs, 'NX');
      if (ok === 'OK') return 0;
      return Math.max(1, await this.redis.pttl(key));
    } catch (e) {
      throw unavailableUnless(e);
    }
  }
}

async function guard(fn: () => Promise<unknown>): Promise<void> {
  try {
    await fn();
  } catch (e) {
    if (e instanceof RateLimiterRes) throw tooMany(e.msBeforeNext);
    throw unavailableUnless(e);
  }
}

function tooMany(msBeforeNext: number) {
  return AppError.of(AUTH_ERRORS.RATE_LIMITED, { retryAfterSeconds: Math.max(1, Math.ceil(msBeforeNext / 1000)) });
}

/** A limiter that cannot reach its store answers 503, never a raw 500. */
function unavailableUnless(e: unknown): unknown {
  if (e instanceof AppError) return e;
  return AppError.of(SERVER_ERRORS.UNAVAILABLE);
}
