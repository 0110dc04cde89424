import Redis from 'ioredis';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ApiClient, validRegistration, waitFor } from './support/client';
import { inject } from './support/provided';

// Venues through the gateway, on the distributed stack: owners only, pending venues hidden from
// the public, pricing tiers, location lists.
const base = inject('gatewayUrl');
const dbUrls = inject('dbUrls');
let venuesDb: Client;
let redis: Redis;
// The venues service's public-list cache generation (namespaced by its database name).
const cacheGeneration = `${new URL(dbUrls.venues).pathname.slice(1)}:venues:public:gen`;

beforeAll(async () => {
  venuesDb = new Client({ connectionString: dbUrls.venues });
  await venuesDb.connect();
  redis = new Redis(process.env.REDIS_URL!);
});
afterAll(async () => {
  await venuesDb.end();
  redis.disconnect();
});

async function account(userType: 'venue' | 'host' | 'guest') {
  const api = new ApiClient(base);
  const r = await api.call('POST', '/api/auth/register', validRegistration({ userType }));
  expect(r.status).toBe(201);
  return { api, id: r.json.id as string };
}
const town = `Testville${Date.now().toString(36)}`;
const club = (over: Record<string, unknown> = {}) => ({
  name: 'Velvet Room',
  type: 'club',
  subtype: 'lounge',
  city: `${town}, FL`,
  state: 'Florida',
  address: '1 Ocean Dr',
  description: 'Rooftop lounge',
  capacity: 120,
  pricePerHour: 450,
  amenities: ['DJ', 'Bottle service'],
  ...over,
});
/** Approval straight in the database until the admin service decides it; the cache is told, as the decision's event will. */
const approve = async (id: string) => {
  await venuesDb.query(`UPDATE venues SET approval_status = 'approved' WHERE id = $1`, [id]);
  await redis.incr(cacheGeneration);
};

describe('venues', () => {
  it('an owner lists a venue: pending, hidden from the public until approved, always visible to him', async () => {
    const owner = await account('venue');
    const r = await owner.api.call('POST', '/api/venues', club());
    expect(r.status).toBe(201);
    expect(r.json).toMatchObject({
      ownerId: owner.id,
      approvalStatus: 'pending',
      isActive: true,
      pricePerHour: '450.00',
      formattedPrice: '$450/hr',
      imageUrl: '/api/placeholder-venue',
      rating: '0.00',
    });
    const id = r.json.id as string;
    const visitor = new ApiClient(base);
    expect((await visitor.call('GET', `/api/venues/${id}`)).status).toBe(404);
    expect(
      (await visitor.call('GET', `/api/venues/${encodeURIComponent(town)}/Florida/all`)).json.map(
        (v: { id: string }) => v.id,
      ),
    ).not.toContain(id);
    expect((await owner.api.call('GET', `/api/venues/${id}`)).json.approvalStatus).toBe('pending');
    expect((await owner.api.call('GET', '/api/my-venues')).json.map((v: { id: string }) => v.id)).toEqual([id]);

    await approve(id);
    expect((await visitor.call('GET', `/api/venues/${id}`)).status).toBe(200);
    const listed = (await visitor.call('GET', `/api/venues/${encodeURIComponent(town)}/Florida/club`)).json;
    expect(listed.map((v: { id: string }) => v.id)).toContain(id);
    expect(
      (await visitor.call('GET', `/api/venues/${encodeURIComponent(town)}/Florida/yacht`)).json.map(
        (v: { id: string }) => v.id,
      ),
    ).not.toContain(id);
    expect((await visitor.call('GET', '/api/venues')).json.map((v: { id: string }) => v.id)).toContain(id);
    // The outbox carried venue-created.
    const [ev] = (
      await venuesDb.query(`SELECT envelope FROM outbox_events WHERE key = $1 AND type = 'venues.venue-created'`, [id])
    ).rows;
    expect(ev.envelope).toMatchObject({
      stream: 'venues.venue',
      sequence: 1,
      data: { venueId: id, ownerId: owner.id, name: 'Velvet Room', approvalStatus: 'pending' },
    });
  });

  it('reads pricing tiers given as objects or legacy "hours:price" text, sorted by hours; refuses duplicates, fractional hours and free tiers', async () => {
    const owner = await account('venue');
    const r = await owner.api.call(
      'POST',
      '/api/venues',
      club({
        type: 'yacht',
        subtype: undefined,
        name: 'Azure',
        yachtLength: 82,
        hasCaptain: true,
        pricingTiers: ['8:4000', { hours: 2, price: 1200 }, '{"hours":4,"price":2100}'],
      }),
    );
    expect(r.status).toBe(201);
    expect(r.json.pricingTiers).toEqual([
      { hours: 2, price: 1200 },
      { hours: 4, price: 2100 },
      { hours: 8, price: 4000 },
    ]);
    expect(r.json).toMatchObject({
      type: 'yacht',
      yachtLength: 82,
      hasCaptain: true,
      imageUrl: '/api/placeholder-yacht',
    });
    const cases: [unknown[], string][] = [
      [[{ hours: 2, price: 100 }, '2:300'], 'Each pricing tier needs different hours'],
      [[{ hours: 1.5, price: 100 }], 'Tier hours must be a whole number of at least 1'],
      [[{ hours: 0, price: 100 }], 'Tier hours must be a whole number of at least 1'],
      [[{ hours: 3, price: 0 }], 'Tier price must be between $0.01 and $10,000,000.00'],
      [[{ hours: 3, price: 100.005 }], 'A price has at most two decimals (whole cents)'],
    ];
    for (const [pricingTiers, message] of cases) {
      const bad = await owner.api.call(
        'POST',
        '/api/venues',
        club({ type: 'yacht', subtype: undefined, pricingTiers }),
      );
      expect({ status: bad.status, message: bad.json.message }).toEqual({ status: 400, message });
    }
  });

  it.each([
    ['no name', { name: '  ' }, 'Venue name is required'],
    ['a name over 120 characters', { name: 'x'.repeat(121) }, 'Venue name must be at most 120 characters'],
    ['an address over 300 characters', { address: 'x'.repeat(301) }, 'Address must be at most 300 characters'],
    ['capacity 0', { capacity: 0 }, 'Capacity must be at least 1'],
    ['a price of 0', { pricePerHour: 0 }, 'Price per hour must be between $0.01 and $99,999,999.99'],
    ['a price under a cent', { pricePerHour: 0.004 }, 'Price per hour must be between $0.01 and $99,999,999.99'],
    [
      'a price over the largest amount',
      { pricePerHour: 100_000_000 },
      'Price per hour must be between $0.01 and $99,999,999.99',
    ],
    ['a price in fractions of a cent', { pricePerHour: 12.345 }, 'A price has at most two decimals (whole cents)'],
    ['a rating of 5.5', { rating: 5.5 }, 'Rating must be between 1 and 5 in steps of 0.1'],
    ['a rating of 4.25', { rating: 4.25 }, 'Rating must be between 1 and 5 in steps of 0.1'],
    ['an unknown type', { type: 'castle' }, 'Choose club or yacht'],
    ['a yacht with a club subtype', { type: 'yacht', subtype: 'lounge' }, 'A yacht has no club subtype'],
  ])('refuses %s with a clear message and stores nothing', async (_label, over, message) => {
    const owner = await account('venue');
    const r = await owner.api.call('POST', '/api/venues', club(over));
    expect(r.status).toBe(400);
    expect(r.json.message).toBe(message);
    expect(
      (await venuesDb.query('SELECT count(*)::int AS n FROM venues WHERE owner_id = $1', [owner.id])).rows[0].n,
    ).toBe(0);
  });

  it('only its owner edits or deletes a venue; guests, hosts and visitors cannot list one; a userId in the body is ignored', async () => {
    const owner = await account('venue');
    const other = await account('venue');
    const host = await account('host');
    const created = await owner.api.call('POST', '/api/venues', club({ userId: other.id, ownerId: other.id }));
    expect(created.json.ownerId).toBe(owner.id);
    const id = created.json.id as string;
    expect((await other.api.call('PUT', `/api/venues/${id}`, club({ name: 'Hijacked' }))).status).toBe(403);
    expect((await other.api.call('DELETE', `/api/venues/${id}`)).status).toBe(403);
    expect((await host.api.call('POST', '/api/venues', club())).status).toBe(403);
    expect((await host.api.call('PUT', `/api/venues/${id}`, club({ name: 'Hijacked' }))).status).toBe(403);
    expect((await new ApiClient(base).call('POST', '/api/venues', club())).status).toBe(401);
    expect((await venuesDb.query('SELECT name FROM venues WHERE id = $1', [id])).rows[0].name).toBe('Velvet Room');

    const updated = await owner.api.call('PUT', `/api/venues/${id}`, club({ name: 'Velvet Room II', capacity: 150 }));
    expect(updated.status).toBe(200);
    expect(updated.json).toMatchObject({ name: 'Velvet Room II', capacity: 150, approvalStatus: 'pending' });
    const before = (
      await venuesDb.query(`SELECT type FROM outbox_events WHERE key = $1 ORDER BY sequence`, [id])
    ).rows.map((x) => x.type as string);
    expect(before).toEqual(['venues.venue-created', 'venues.venue-updated']);
    expect((await owner.api.call('DELETE', `/api/venues/${id}`)).status).toBe(204);
    expect((await owner.api.call('GET', `/api/venues/${id}`)).status).toBe(404);
    // venue-deleted ends the aggregate: once it is published, the outbox lets go of the venue's rows.
    await waitFor(
      'venue-deleted published',
      async () => (await venuesDb.query(`SELECT 1 FROM outbox_events WHERE key = $1`, [id])).rows.length === 0,
    );
    expect((await owner.api.call('DELETE', `/api/venues/${id}`)).status).toBe(404);
  });

  it('finds a location by state code or name, and a whole state without a city (issue 31.10)', async () => {
    const owner = await account('venue');
    const city = `Statetown${Date.now().toString(36)}`;
    // Typed as a code, stored by its full name (one spelling per state).
    const created = await owner.api.call('POST', '/api/venues', club({ city, state: 'wy', name: 'Prairie Room' }));
    expect(created.status).toBe(201);
    expect(created.json.state).toBe('Wyoming');
    const id = created.json.id as string;
    await approve(id);
    const visitor = new ApiClient(base);
    const ids = async (path: string) => {
      const r = await visitor.call('GET', path);
      expect(r.status).toBe(200);
      return (r.json as { id: string; state: string }[]).map((v) => v.id);
    };
    for (const state of ['Wyoming', 'WY', 'wy', 'wyoming'])
      expect(await ids(`/api/venues/${city}/${state}/all`)).toEqual([id]);
    expect(await ids(`/api/venues/${city}, WY/WY/club`)).toEqual([id]);
    expect(await ids(`/api/venues/${city}/WY/yacht`)).toEqual([]);
    // A state alone: every public venue of it, none of another state.
    for (const state of ['Nevada', 'NV']) {
      const r = await visitor.call('GET', `/api/venues?state=${state}`);
      expect(r.status).toBe(200);
      expect((r.json as { state: string }[]).every((v) => v.state === 'Nevada')).toBe(true);
    }
    expect(await ids('/api/venues?state=WY')).toContain(id);
    expect(await ids('/api/venues?state=Wyoming&type=club')).toContain(id);
    expect(await ids('/api/venues?state=Wyoming&type=yacht')).not.toContain(id);
    expect(await ids('/api/venues?state=Atlantis')).toEqual([]);
    const bad = await visitor.call('GET', '/api/venues?state=WY&type=castles');
    expect([bad.status, bad.json.message]).toEqual([400, 'Type must be all, club or yacht']);
  });

  it('refuses a bad type filter and an id that is not one', async () => {
    const visitor = new ApiClient(base);
    const r = await visitor.call('GET', '/api/venues/Miami/Florida/castles');
    expect(r.status).toBe(400);
    expect(r.json.message).toBe('Type must be all, club or yacht');
    expect((await visitor.call('GET', '/api/venues/not-a-uuid')).status).toBe(400);
  });

  it("serves public lists from the cache, and an owner's update shows in the next public read", async () => {
    const owner = await account('venue');
    const city = `Cachetown${Date.now().toString(36)}`;
    const id = (
      await owner.api.call('POST', '/api/venues', club({ city: `${city}, NV`, state: 'Nevada', name: 'First Name' }))
    ).json.id as string;
    await approve(id);
    const visitor = new ApiClient(base);
    const path = `/api/venues/${city}/Nevada/all`;
    expect((await visitor.call('GET', path)).json.map((v: { name: string }) => v.name)).toEqual(['First Name']);
    // A change behind the service's back is not seen: the list is cached...
    await venuesDb.query(`UPDATE venues SET name = 'Changed Behind' WHERE id = $1`, [id]);
    expect((await visitor.call('GET', path)).json.map((v: { name: string }) => v.name)).toEqual(['First Name']);
    const keys = await redis.keys(`${cacheGeneration.replace(/:gen$/, '')}:*${city.toLowerCase()}*`);
    expect(keys.length).toBeGreaterThan(0);
    // ...while the owner's own update invalidates it at once.
    expect(
      (
        await owner.api.call(
          'PUT',
          `/api/venues/${id}`,
          club({ city: `${city}, NV`, state: 'Nevada', name: 'Second Name' }),
        )
      ).status,
    ).toBe(200);
    expect((await visitor.call('GET', path)).json.map((v: { name: string }) => v.name)).toEqual(['Second Name']);
    expect((await owner.api.call('DELETE', `/api/venues/${id}`)).status).toBe(204);
    expect((await visitor.call('GET', path)).json).toEqual([]);
  });

  it('sections: VIP rooms only in strip clubs, VIP and exclusive mean one booking at a time, the premium over the venue, owner-only changes', async () => {
    const owner = await account('venue');
    const other = await account('venue');
    const strip = (
      await owner.api.call('POST', '/api/venues', club({ subtype: 'strip_club', name: 'Crimson', pricePerHour: 400 }))
    ).json.id as string;
    const lounge = (
      await owner.api.call('POST', '/api/venues', club({ subtype: 'lounge', name: 'Mist', pricePerHour: 400 }))
    ).json.id as string;
    const section = (over: Record<string, unknown> = {}) => ({
      name: 'Main Floor',
      type: 'Table',
      capacity: 8,
      pricePerHour: 600,
      ...over,
    });

    const vip = await owner.api.call(
      'POST',
      `/api/venues/${strip}/sections`,
      section({ name: 'Diamond Room', type: 'VIP Room', isVipRoom: true }),
    );
    expect(vip.status).toBe(201);
    expect(vip.json).toMatchObject({
      venueId: strip,
      isVipRoom: true,
      isExclusive: true,
      maxSimultaneousBookings: 1,
      premiumMultiplier: 1.5,
      premiumLabel: '+50%',
      imageUrl: '/api/placeholder-section',
    });
    const regular = await owner.api.call('POST', `/api/venues/${strip}/sections`, section({ pricePerHour: 400 }));
    expect(regular.json).toMatchObject({
      isVipRoom: false,
      isExclusive: false,
      maxSimultaneousBookings: 999,
      premiumLabel: '+0%',
    });
    const exclusive = await owner.api.call(
      'POST',
      `/api/venues/${strip}/sections`,
      section({ name: 'Booth', isExclusive: true, maxSimultaneousBookings: 10 }),
    );
    expect(exclusive.json).toMatchObject({ isExclusive: true, maxSimultaneousBookings: 1 });

    const refused = await owner.api.call('POST', `/api/venues/${lounge}/sections`, section({ isVipRoom: true }));
    expect(refused.status).toBe(400);
    expect(refused.json.message).toBe('VIP rooms are only for strip club venues');
    const bad = await owner.api.call('POST', `/api/venues/${strip}/sections`, section({ maxSimultaneousBookings: 0 }));
    expect([bad.status, bad.json.message]).toEqual([400, 'Max simultaneous bookings must be at least 1']);
    // Too long is told apart from missing (it read 'Section name is required'); so for staff names.
    const long = await owner.api.call('POST', `/api/venues/${strip}/sections`, section({ name: 'x'.repeat(121) }));
    expect([long.status, long.json.message]).toEqual([400, 'Section name must be at most 120 characters']);
    const longType = await owner.api.call('POST', `/api/venues/${strip}/sections`, section({ type: 'x'.repeat(61) }));
    expect([longType.status, longType.json.message]).toEqual([400, 'Section type must be at most 60 characters']);
    for (const staff of ['bartenders', 'dancers']) {
      const r = await owner.api.call('POST', `/api/venues/${strip}/${staff}`, { name: 'x'.repeat(121) });
      expect([staff, r.status, r.json.message]).toEqual([staff, 400, 'Name must be at most 120 characters']);
    }
    expect((await other.api.call('POST', `/api/venues/${strip}/sections`, section())).status).toBe(403);
    expect((await other.api.call('PUT', `/api/sections/${regular.json.id}`, section({ name: 'Taken' }))).status).toBe(
      403,
    );
    expect((await other.api.call('DELETE', `/api/sections/${regular.json.id}`)).status).toBe(403);

    // Public reads follow the venue's approval; inactive sections only for the owner.
    const visitor = new ApiClient(base);
    expect((await visitor.call('GET', `/api/venues/${strip}/sections`)).status).toBe(404);
    await owner.api.call(
      'PUT',
      `/api/sections/${exclusive.json.id}`,
      section({ name: 'Booth', isExclusive: true, isActive: false }),
    );
    await approve(strip);
    const seen = (await visitor.call('GET', `/api/venues/${strip}/sections`)).json.map((x: { name: string }) => x.name);
    expect(seen).toEqual(['Diamond Room', 'Main Floor']);
    expect((await owner.api.call('GET', `/api/venues/${strip}/sections`)).json).toHaveLength(3);

    // Turning exclusive off gives back the unlimited default; deleting removes it.
    const opened = await owner.api.call(
      'PUT',
      `/api/sections/${exclusive.json.id}`,
      section({ name: 'Booth', isExclusive: false }),
    );
    expect(opened.json).toMatchObject({ isExclusive: false, maxSimultaneousBookings: 999 });
    expect((await owner.api.call('DELETE', `/api/sections/${regular.json.id}`)).status).toBe(204);
    expect((await owner.api.call('DELETE', `/api/sections/${regular.json.id}`)).status).toBe(404);
    // The removal ends the section: once published, the outbox keeps nothing of it; the others stay.
    await waitFor(
      'the removed section ended in the outbox',
      async () =>
        (await venuesDb.query(`SELECT 1 FROM outbox_events WHERE key = $1`, [regular.json.id])).rows.length === 0,
    );
    expect(
      (await venuesDb.query(`SELECT envelope FROM outbox_events WHERE key = $1`, [vip.json.id])).rows.map(
        (r) => r.envelope.type,
      ),
    ).toEqual(['venues.section-changed']);
  });
});
