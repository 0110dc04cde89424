import { createHash, randomBytes } from 'node:crypto';
import type Redis from 'ioredis';
import { publish } from './pubsub';

export interface Session {
  userId: string;
  userType: string;
  createdAt: string;
  /** When the expiry was last slid (ms since epoch). */
  slidAt?: number;
}

/** A session's expiry slides at most this often, so a read is one Redis command, not three. */
const SLIDE_EVERY_MS = 60_000;

/** The id of a session: a hash of its token (what Redis and the actor hold). */
export const sessionIdOf = (token: string) => createHash('sha256').update(token).digest('base64url');
const hash = sessionIdOf;

/**
 * Redis channel on which every end of a session is announced (`SessionEnded` as JSON): each
 * gateway closes the sockets opened with it, whichever process ended it.
 */
export const SESSION_ENDED_CHANNEL = 'luxe:session-ended';
/** Sessions that ended: these ids, or (`userId` set) every session of that member. */
export interface SessionEnded {
  sessionIds: string[];
  userId?: string;
}

/**
 * Opaque session tokens in Redis (docs/architecture.md, Sessions). Only a hash of the token is stored;
 * a user's sessions are indexed so that logout-everywhere and account deletion revoke them.
 */
export class SessionStore {
  constructor(
    private readonly redis: Redis,
    /** Sliding lifetime: a session unused this long ends. */
    readonly ttlSeconds = 60 * 60 * 24 * 14,
    /** Absolute lifetime: however much it is used, a session ends this long after sign-in. */
    readonly maxAgeSeconds = 60 * 60 * 24 * 30,
  ) {}

  async create(userId: string, userType: string): Promise<{ token: string; session: Session }> {
    const token = randomBytes(32).toString('base64url');
    const session: Session = { userId, userType, createdAt: new Date().toISOString(), slidAt: Date.now() };
    const id = hash(token);
    // One transaction: a session never exists without its index entry (revocation finds it).
    const results = await this.redis
      .multi()
      .set(`sess:${id}`, JSON.stringify(session), 'EX', this.ttlSeconds)
      .sadd(`user-sess:${userId}`, id)
      .expire(`user-sess:${userId}`, this.ttlSeconds)
      .exec();
    const failed = results?.find(([err]) => err);
    if (!results || failed) throw failed?.[0] ?? new Error('session not stored');
    return { token, session };
  }

  /** Returns the session and slides its expiry, or null. */
  async get(token: string | undefined | null): Promise<(Session & { id: string }) | null> {
    if (!token || token.length > 200) return null;
    const id = hash(token);
    const raw = await this.redis.get(`sess:${id}`);
    if (!raw) return null;
    const session = JSON.parse(raw) as Session;
    if (Date.now() - Date.parse(session.createdAt) >= this.maxAgeSeconds * 1000) {
      await this.destroyById(id);
      return null;
    }
    // Slide the session and the user's index together, so revoking all of a user's sessions
    // still finds one that was kept alive by use; at most once a minute.
    if (!session.slidAt || Date.now() - session.slidAt >= SLIDE_EVERY_MS) {
      const slid: Session = { ...session, slidAt: Date.now() };
      await this.redis
        .multi()
        .set(`sess:${id}`, JSON.stringify(slid), 'EX', this.ttlSeconds, 'XX')
        .expire(`user-sess:${session.userId}`, this.ttlSeconds)
        .exec();
    }
    // The parsed object is this call's own: the id goes on it (no copy per signed-in request).
    const found = session as Session & { id: string };
    found.id = id;
    return found;
  }

  async destroy(token: string | undefined | null): Promise<void> {
    if (!token) return;
    const id = hash(token);
    await this.destroyById(id);
  }

  /** Ends one session by its id (the hash the actor carries). */
  async destroyById(id: string | undefined | null): Promise<void> {
    if (!id || !/^[A-Za-z0-9_-]{1,100}$/.test(id)) return;
    const raw = await this.redis.get(`sess:${id}`);
    await this.redis.del(`sess:${id}`);
    if (raw) await this.redis.srem(`user-sess:${(JSON.parse(raw) as Session).userId}`, id);
    await this.ended({ sessionIds: [id] });
  }

  async destroyAllForUser(userId: string): Promise<number> {
    const ids = await this.redis.smembers(`user-sess:${userId}`);
    if (ids.length) await this.redis.del(...ids.map((i) => `sess:${i}`));
    await this.redis.del(`user-sess:${userId}`);
    await this.ended({ sessionIds: ids, userId });
    return ids.length;
  }

  /**
   * Whether a session is still valid, without sliding its expiry (an open socket asking is not the
   * member using the site): it exists and is within its absolute lifetime.
   */
  async alive(id: string): Promise<boolean> {
    const raw = await this.redis.get(`sess:${id}`);
    return !!raw && Date.now() - Date.parse((JSON.parse(raw) as Session).createdAt) < this.maxAgeSeconds * 1000;
  }

  /**
   * Tells every gateway (their open sockets). Best effort: the session is already gone, and a
   * gateway that missed this finds it at its sockets' next re-check (REALTIME_SESSION_CHECK_MS).
   */
  private async ended(e: SessionEnded): Promise<void> {
    await publish(this.redis, SESSION_ENDED_CHANNEL, JSON.stringify(e)).catch(() => undefined);
  }
}

/**
 * The signed-in user's own view (the JSON of `GET /api/auth/me`), kept in Redis beside the
 * sessions by identity, the only writer: set at sign-up and sign-in, replaced after every profile
 * change, removed with the account. The gateway answers `/api/auth/me` from it without a call to
 * identity, and asks identity (which fills it) when it is missing. A fill never overwrites a
 * newer write (`NX`), and every entry expires, so a lost write is stale for at most `ttlSeconds`.
 */
export class MeSnapshots {
  constructor(
    private readonly redis: Redis,
    readonly ttlSeconds = 600,
  ) {}

  private key(userId: string): string {
    return `me:${userId}`;
  }
  get(userId: string): Promise<string | null> {
    return this.redis.get(this.key(userId));
  }
  /** After identity changed the user (committed): the new view replaces any other. */
  async put(userId: string, json: string): Promise<void> {
    await this.redis.set(this.key(userId), json, 'EX', this.ttlSeconds);
  }
  /** After a read: only if nothing newer was written meanwhile. */
  async fill(userId: string, json: string): Promise<void> {
    await this.redis.set(this.key(userId), json, 'EX', this.ttlSeconds, 'NX');
  }
  async drop(userId: string): Promise<void> {
    await this.redis.del(this.key(userId));
  }
}
