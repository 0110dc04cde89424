import Redis from 'ioredis';
import { Client } from 'pg';
import { addDays, format } from 'date-fns';
import { formatInTimeZone } from 'date-fns-tz';
import { expect } from '@jest/globals';
import { ApiClient, validRegistration, waitFor } from './client';
import { inject } from './provided';

/** Shared set-up of the API tests that need members, approved venues and bookings on the stack. */
export class World {
  readonly base: string;
  readonly urls: Record<string, string>;
  readonly dbs: Record<string, Client> = {};
  private redis?: Redis;

  /** The shared test stack's, or another stack's (a test's own: gateway URL and databases). */
  constructor(
    stack: { gatewayUrl: string; dbUrls: Record<string, string> } = {
      gatewayUrl: inject('gatewayUrl'),
      dbUrls: inject('dbUrls'),
    },
  ) {
    this.base = stack.gatewayUrl;
    this.urls = stack.dbUrls;
  }

  async open(...services: string[]): Promise<this> {
    for (const s of new Set(['venues', 'bookings', ...services])) {
      this.dbs[s] = new Client({ connectionString: this.urls[s] });
      await this.dbs[s].connect();
    }
    this.redis = new Redis(process.env.REDIS_URL!);
    return this;
  }
  async close(): Promise<void> {
    await Promise.all(Object.values(this.dbs).map((c) => c.end()));
    this.redis?.disconnect();
  }

  async account(
    userType: 'venue' | 'host' | 'guest',
    firstName = 'Ada',
    more: { gender?: 'male' | 'female' | 'other'; city?: string; state?: string } = {},
  ) {
    const api = new ApiClient(this.base);
    const r = await api.call('POST', '/api/auth/register', validRegistration({ userType, firstName, ...more }));
    expect(r.status).toBe(201);
    return { api, id: r.json.id as string };
  }

  /** Waits until a service's table has the row (events travel through Kafka). */
  has(service: string, table: string, column: string, id: string) {
    return waitFor(
      `${service} has ${table} ${id}`,
      async () =>
        (await this.dbs[service].query(`SELECT 1 FROM ${table} WHERE ${column} = $1`, [id])).rows.length === 1,
    );
  }

  /** Approval straight in venues' and bookings' databases until the admin console decides it by event. */
  async approve(venueId: string): Promise<void> {
    await this.dbs.venues.query(`UPDATE venues SET approval_status = 'approved' WHERE id = $1`, [venueId]);
    await this.redis!.incr(`${new URL(this.urls.venues).pathname.slice(1)}:venues:public:gen`);
    await this.has('bookings', 'venue_cards', 'venue_id', venueId);
    await this.dbs.bookings.query(`UPDATE venue_cards SET approval_status = 'approved' WHERE venue_id = $1`, [venueId]);
  }

  /** An approved club of a new owner with one open section (of `capacity` people), known to bookings. */
  async bookableClub(city = 'Socialville', capacity = 8) {
    const owner = await this.account('venue');
    const club = (
      await owner.api.call('POST', '/api/venues', {
        name: 'Velvet',
        type: 'club',
        subtype: 'lounge',
        city,
        state: 'Florida',
        address: '5 Night St',
        capacity: 80,
        pricePerHour: 300,
      })
    ).json.id as string;
    const section = (
      await owner.api.call('POST', `/api/venues/${club}/sections`, {
        name: 'Main Floor',
        type: 'Table',
        capacity,
        pricePerHour: 300,
      })
    ).json.id as string;
    await this.approve(club);
    await this.has('bookings', 'section_cards', 'section_id', section);
    return { owner, club, section };
  }
}

/** A date in New York `days` from today ('yyyy-MM-dd'). */
export const nyDate = (days: number) =>
  format(
    addDays(new Date(`${formatInTimeZone(new Date(), 'America/New_York', 'yyyy-MM-dd')}T12:00:00`), days),
    'yyyy-MM-dd',
  );
