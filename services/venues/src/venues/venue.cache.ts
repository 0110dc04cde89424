import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { DataSource } from 'typeorm';
import type { Venue } from '@luxe/contracts';
import { REDIS } from '@luxe/platform/http';
import { LOGGER, type Logger } from '@luxe/platform/runtime';

/** How long a cached public list may live even without a change (a safety net, not the invalidation). */
export const PUBLIC_LIST_TTL_SECONDS = 60;

/**
 * The public venue lists in Redis. Every change to a venue bumps a generation counter, so the
 * next read misses and loads the new list (old generations expire by themselves). Keys are
 * namespaced by the service's database, so stacks sharing one Redis never see each other's lists.
 * When Redis is down the lists are read from the database.
 */
@Injectable()
export class PublicVenueCache {
  private readonly ns: string;
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(LOGGER) private readonly logger: Logger,
    ds: DataSource,
  ) {
    this.ns = `${(ds.options as { database?: string }).database ?? (ds.driver as { database?: string }).database ?? 'venues'}:venues:public`;
  }

  /** The Redis key of the generation counter (tests that change venues behind the service bump it). */
  get generationKey(): string {
    return `${this.ns}:gen`;
  }

  /**
   * The list from the cache, else loaded and kept for PUBLIC_LIST_TTL_SECONDS when `keep` says so
   * (every list unless said).
   */
  async read<T = Venue[]>(list: string, load: () => Promise<T>, keep: (value: T) => boolean = () => true): Promise<T> {
    let key: string;
    try {
      const gen = (await this.redis.get(this.generationKey)) ?? '0';
      key = `${this.ns}:${gen}:${list.toLowerCase()}`;
      const hit = await this.redis.get(key);
      if (hit) return JSON.parse(hit) as T;
    } catch (err) {
      this.logger.warn({ err }, 'venue cache unavailable, reading the database');
      return load();
    }
    const venues = await load();
    if (!keep(venues)) return venues;
    await this.redis
      .set(key, JSON.stringify(venues), 'EX', PUBLIC_LIST_TTL_SECONDS)
      .catch((err) => this.logger.warn({ err }, 'venue cache write failed'));
    return venues;
  }

  /** After a venue changed (committed): the next public read loads fresh lists. */
  async invalidate(): Promise<void> {
    await this.redis
      .incr(this.generationKey)
      .catch((err) => this.logger.warn({ err }, 'venue cache invalidation failed; lists refresh within the TTL'));
  }
}
