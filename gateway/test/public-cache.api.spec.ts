import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ApiClient, waitFor } from './support/client';
import { inject } from './support/provided';
import { World } from './support/world';

// The gateway's cache of public reads, on the distributed stack. A change forwarded by a gateway
// drops that gateway's cached reads at once; every other gateway learns it by the venue events
// it reads from Kafka. A second gateway (of its own, against the same services and topics, with
// a 10-minute safety-net TTL so that only an event can refresh it) shows the event path.
const world = new World();
const serviceUrls = inject('serviceUrls');
const keys = inject('internalKeys');
const id = (process.env.LUXE_TEST_ID ?? '').replace(/[^a-z0-9]/g, '');
let second: ChildProcess;
let secondUrl: string;

const freePort = () =>
  new Promise<number>((res, rej) => {
    const s = createServer();
    s.once('error', rej);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => res(port));
    });
  });

beforeAll(async () => {
  await world.open();
  const port = await freePort();
  secondUrl = `http://127.0.0.1:${port}`;
  second = spawn(process.execPath, [join(__dirname, '..', 'dist', 'main.js')], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      INTERNAL_AUTH_PRIVATE_KEY: keys.privateKey,
      KAFKA_GROUP_PREFIX: `test${id}.`,
      KAFKA_TOPIC_PREFIX: `test${id}.`,
      PUBLIC_CACHE_TTL_MS: '600000',
      ...Object.fromEntries(Object.entries(serviceUrls).map(([s, u]) => [`SERVICE_URL_${s.toUpperCase()}`, u])),
    },
    stdio: 'ignore',
  });
  await waitFor(
    'the second gateway',
    async () => (await fetch(`${secondUrl}/health/ready`).catch(() => null))?.ok,
    60_000,
    200,
  );
});
afterAll(async () => {
  if (second && second.exitCode === null) {
    const exited = new Promise((r) => second.once('exit', r));
    second.kill('SIGTERM');
    await exited;
  }
  await world.close();
});

const club = (city: string, over: Record<string, unknown> = {}) => ({
  name: 'Velvet',
  type: 'club',
  subtype: 'lounge',
  city: `${city}, FL`,
  state: 'Florida',
  address: '1 Ocean Dr',
  capacity: 80,
  pricePerHour: 300,
  ...over,
});
const names = (r: { json: { name: string }[] }) => r.json.map((v) => v.name);
/** A new venue of this owner (pending until approved). */
async function createVenue(owner: { api: ApiClient }, body: Record<string, unknown>): Promise<string> {
  const r = await owner.api.call('POST', '/api/venues', body);
  expect([r.status, r.text.slice(0, 200)]).toEqual([201, expect.any(String)]);
  return r.json.id as string;
}
/**
 * Reads until an answer comes from the cache: the events of the test's own set-up (a venue
 * created, a section added) reach a gateway at their own pace and drop its answers, once at once
 * and once more a second later; after them the answer stays cached.
 */
async function readUntilHit(client: ApiClient, path: string) {
  return waitFor(
    `a cache hit on ${path}`,
    async () => {
      const r = await client.call('GET', path);
      return r.headers.get('x-cache') === 'hit' ? r : null;
    },
    30_000,
    300,
  );
}

describe('the gateway cache of public reads', () => {
  it('answers the second anonymous read from memory with x-cache hit, the same body and the same headers', async () => {
    const city = `Hitville${Date.now().toString(36)}`;
    const owner = await world.account('venue');
    const venueId = await createVenue(owner, club(city));
    await world.approve(venueId);
    const visitor = new ApiClient(world.base);
    for (const path of [`/api/venues/${city}/Florida/all`, `/api/venues/${venueId}`]) {
      // An event of another test may drop the entry in between: read until a hit follows a read.
      let first!: Awaited<ReturnType<ApiClient['call']>>;
      const hit = await waitFor(`a cache hit on ${path}`, async () => {
        const before = await visitor.call('GET', path);
        const r = await visitor.call('GET', path);
        first = before;
        return r.headers.get('x-cache') === 'hit' ? r : null;
      });
      expect(first.status).toBe(200);
      expect(hit.status).toBe(200);
      expect(hit.text).toBe(first.text);
      for (const h of [
        'content-type',
        'content-length',
        'content-security-policy',
        'x-content-type-options',
        'x-frame-options',
        'strict-transport-security',
        'referrer-policy',
      ])
        expect([h, hit.headers.get(h)]).toEqual([h, first.headers.get(h)]);
      expect(hit.headers.get('x-correlation-id')).toBeTruthy();
    }
    // A read that is not a public one marked cacheable never says it was cached.
    expect((await owner.api.call('GET', '/api/my-venues')).headers.get('x-cache')).toBeNull();
  });

  it("an owner's change is on the next read of the gateway that forwarded it, and on another gateway once its event arrives; without an event the other keeps its answer", async () => {
    const city = `Eventville${Date.now().toString(36)}`;
    const owner = await world.account('venue');
    const venueId = await createVenue(owner, club(city, { name: 'First Name' }));
    await world.approve(venueId);
    const path = `/api/venues/${city}/Florida/all`;
    const visitor = new ApiClient(world.base);
    const onSecond = new ApiClient(secondUrl);
    expect(names(await visitor.call('GET', path))).toEqual(['First Name']);
    expect(names(await readUntilHit(onSecond, path))).toEqual(['First Name']);
    // Past the second invalidation of the set-up's last event (see readUntilHit).
    await new Promise((r) => setTimeout(r, 1500));
    expect(names(await readUntilHit(onSecond, path))).toEqual(['First Name']);

    // A change behind the services' backs, no event: the second gateway keeps serving its answer
    // (its TTL is ten minutes), though the venues service itself would answer the new name.
    await world.dbs.venues.query(`UPDATE venues SET name = 'Behind' WHERE id = $1`, [venueId]);
    await world.approve(venueId); // bumps the venues service's own cache generation
    const stale = await onSecond.call('GET', path);
    expect([stale.headers.get('x-cache'), names(stale)]).toEqual(['hit', ['First Name']]);

    // The owner's update through the first gateway: that gateway shows it on the very next read...
    expect((await owner.api.call('PUT', `/api/venues/${venueId}`, club(city, { name: 'Second Name' }))).status).toBe(
      200,
    );
    const next = await visitor.call('GET', path);
    expect([next.headers.get('x-cache'), names(next)]).toEqual(['miss', ['Second Name']]);
    // ...and the second one once venue-updated reaches it (bounded wait, well under its TTL).
    const fresh = await waitFor(
      'the second gateway to drop its answer on venue-updated',
      async () => {
        const r = await onSecond.call('GET', path);
        return names(r)[0] === 'Second Name' ? r : null;
      },
      30_000,
      100,
    );
    expect(fresh.status).toBe(200);
    // Cached again from then on: the event's second invalidation (a second after it) may fall
    // between this read and the next, so the hit is waited for, and it carries the new name.
    expect(names(await readUntilHit(onSecond, path))).toEqual(['Second Name']);

    // A deletion (venue-deleted) empties the list on both.
    expect((await owner.api.call('DELETE', `/api/venues/${venueId}`)).status).toBe(204);
    expect((await visitor.call('GET', path)).json).toEqual([]);
    await waitFor(
      'the second gateway to drop its answer on venue-deleted',
      async () => (await onSecond.call('GET', path)).json.length === 0,
      30_000,
      100,
    );
  });

  it("never serves a signed-in caller's answer to another caller", async () => {
    const city = `Privateville${Date.now().toString(36)}`;
    const owner = await world.account('venue');
    const other = await world.account('host');
    const pending = await createVenue(owner, club(city, { name: 'Not Yet Public' }));
    for (const gw of [world.base, secondUrl]) {
      // The owner sees his pending venue, twice; nobody else ever gets it.
      const asOwner = new ApiClient(gw);
      asOwner.setCookie('luxe_session', owner.api.cookie('luxe_session')!);
      for (let i = 0; i < 2; i++) {
        const r = await asOwner.call('GET', `/api/venues/${pending}`);
        expect([r.status, r.json.name, r.headers.get('x-cache')]).toEqual([200, 'Not Yet Public', null]);
      }
      expect((await new ApiClient(gw).call('GET', `/api/venues/${pending}`)).status).toBe(404);
      const asOther = new ApiClient(gw);
      asOther.setCookie('luxe_session', other.api.cookie('luxe_session')!);
      expect((await asOther.call('GET', `/api/venues/${pending}`)).status).toBe(404);
    }

    // Sections: the owner also sees inactive ones; an anonymous read (cached) shows only the active one.
    const approved = await createVenue(owner, club(city, { name: 'Public Now' }));
    expect(
      (
        await owner.api.call('POST', `/api/venues/${approved}/sections`, {
          name: 'Main Floor',
          type: 'Table',
          capacity: 8,
          pricePerHour: 300,
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await owner.api.call('POST', `/api/venues/${approved}/sections`, {
          name: 'Closed Room',
          type: 'Table',
          capacity: 8,
          pricePerHour: 300,
          isActive: false,
        })
      ).status,
    ).toBe(201);
    await world.approve(approved);
    const path = `/api/venues/${approved}/sections`;
    const asOwner = new ApiClient(secondUrl);
    asOwner.setCookie('luxe_session', owner.api.cookie('luxe_session')!);
    expect(names(await asOwner.call('GET', path)).sort()).toEqual(['Closed Room', 'Main Floor']);
    const anonymous = new ApiClient(secondUrl);
    expect(names(await anonymous.call('GET', path))).toEqual(['Main Floor']);
    expect(names(await readUntilHit(anonymous, path))).toEqual(['Main Floor']);
    // The owner after the anonymous reads: still his own answer, never the cached one.
    const own = await asOwner.call('GET', path);
    expect([own.headers.get('x-cache'), names(own).sort()]).toEqual([null, ['Closed Room', 'Main Floor']]);
  });
});
