import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { erasureKey } from '@luxe/platform';
import { ApiClient, waitFor } from './support/client';
import { jpegWithGps, postUpload, serviceStorage } from './support/storage';
import { World } from './support/world';

// Dancers, bartenders, venue photos, placeholders and a deleted owner's venues, through the
// gateway on the distributed stack.
const world = new World();
const base = world.base;
beforeAll(() => world.open());
afterAll(() => world.close());
const account = (userType: 'venue' | 'host' | 'guest') => world.account(userType);
const approve = (id: string) => world.approve(id);
const venuesDb = { query: (sql: string, params?: unknown[]) => world.dbs.venues.query(sql, params) };
const venueBody = (over: Record<string, unknown> = {}) => ({
  name: 'Crimson',
  type: 'club',
  subtype: 'strip_club',
  city: 'Staffville, FL',
  state: 'Florida',
  address: '9 Night St',
  capacity: 80,
  pricePerHour: 400,
  ...over,
});
async function venueOf(owner: { api: ApiClient }, over: Record<string, unknown> = {}) {
  const r = await owner.api.call('POST', '/api/venues', venueBody(over));
  expect(r.status).toBe(201);
  return r.json.id as string;
}
async function uploadVenuePhoto(api: ApiClient, body: Buffer, contentType = 'image/jpeg') {
  const u = await api.call('POST', '/api/venue-images/upload-url');
  expect(u.status).toBe(200);
  expect((await postUpload(u.json, body, contentType)).status).toBe(204);
  return u.json as { uploadURL: string; objectPath: string };
}

describe('dancers', () => {
  it("the owner adds, edits and deletes dancers; members see a strip club's available ones; everyone else is refused", async () => {
    const owner = await account('venue');
    const other = await account('venue');
    const host = await account('host');
    const strip = await venueOf(owner);
    const lounge = await venueOf(owner, { name: 'Mist', subtype: 'lounge' });

    const aurora = await owner.api.call('POST', `/api/venues/${strip}/dancers`, {
      name: 'Aurora',
      description: 'Headliner',
      specialties: ['Pole'],
      priceModifier: 1.25,
    });
    expect(aurora.status).toBe(201);
    expect(aurora.json).toMatchObject({
      venueId: strip,
      name: 'Aurora',
      priceModifier: '1.25',
      isAvailable: true,
      isActive: true,
      entertainerUserId: null,
      imageUrl: '/api/placeholder-section',
    });
    const jade = await owner.api.call('POST', `/api/venues/${strip}/dancers`, { name: 'Jade' });
    expect(jade.json.priceModifier).toBe('1.00');
    for (const bad of [0.4, 3.5, 1.234]) {
      const r = await owner.api.call('POST', `/api/venues/${strip}/dancers`, { name: 'Bad', priceModifier: bad });
      expect([r.status, r.json.message]).toEqual([400, 'Price modifier must be between 0.5 and 3.0 in steps of 0.01']);
    }
    expect((await owner.api.call('POST', `/api/venues/${strip}/dancers`, { name: ' ' })).json.message).toBe(
      'Name is required',
    );

    // Only the owner changes them (another owner 403, a host 403, a visitor 401).
    expect((await other.api.call('POST', `/api/venues/${strip}/dancers`, { name: 'Intruder' })).status).toBe(403);
    expect((await host.api.call('POST', `/api/venues/${strip}/dancers`, { name: 'Intruder' })).status).toBe(403);
    expect((await new ApiClient(base).call('POST', `/api/venues/${strip}/dancers`, { name: 'Intruder' })).status).toBe(
      401,
    );
    expect((await other.api.call('PUT', `/api/dancers/${jade.json.id}`, { name: 'Taken' })).status).toBe(403);
    expect((await other.api.call('DELETE', `/api/dancers/${jade.json.id}`)).status).toBe(403);
    expect(
      (await venuesDb.query(`SELECT count(*)::int AS n FROM dancers WHERE venue_id = $1`, [strip])).rows[0].n,
    ).toBe(2);

    // Members read a strip club's available dancers once it is public; the owner sees all.
    expect((await host.api.call('GET', `/api/venues/${strip}/dancers`)).status).toBe(404);
    expect((await new ApiClient(base).call('GET', `/api/venues/${strip}/dancers`)).status).toBe(401);
    const off = await owner.api.call('PUT', `/api/dancers/${jade.json.id}`, {
      name: 'Jade',
      priceModifier: 2,
      isAvailable: false,
    });
    expect(off.json).toMatchObject({ priceModifier: '2.00', isAvailable: false });
    await approve(strip);
    await approve(lounge);
    expect(
      (await host.api.call('GET', `/api/venues/${strip}/dancers`)).json.map((d: { name: string }) => d.name),
    ).toEqual(['Aurora']);
    expect(
      (await owner.api.call('GET', `/api/venues/${strip}/dancers`)).json.map((d: { name: string }) => d.name),
    ).toEqual(['Aurora', 'Jade']);
    await owner.api.call('POST', `/api/venues/${lounge}/dancers`, { name: 'Lounge act' });
    expect((await host.api.call('GET', `/api/venues/${lounge}/dancers`)).json).toEqual([]);

    // Changes are published for bookings' prices; a deletion ends the dancer: once that end is
    // published, the outbox keeps nothing of it (only an ending event lets go of an aggregate).
    const changes = (
      await venuesDb.query(`SELECT envelope FROM outbox_events WHERE key = $1 ORDER BY sequence`, [jade.json.id])
    ).rows.map((r) => r.envelope);
    expect(changes.map((e) => [e.type, e.data.priceModifier, e.data.isAvailable])).toEqual([
      ['venues.dancer-changed', '1.00', true],
      ['venues.dancer-changed', '2.00', false],
    ]);
    expect((await owner.api.call('DELETE', `/api/dancers/${jade.json.id}`)).status).toBe(204);
    expect((await owner.api.call('DELETE', `/api/dancers/${jade.json.id}`)).status).toBe(404);
    await waitFor(
      'the removed dancer ended in the outbox',
      async () =>
        (await venuesDb.query(`SELECT 1 FROM outbox_events WHERE key = $1`, [jade.json.id])).rows.length === 0,
    );
    expect((await venuesDb.query(`SELECT 1 FROM outbox_events WHERE key = $1`, [aurora.json.id])).rows).toHaveLength(1);
  });
});

describe('bartenders', () => {
  it("are the owner's list: added, edited, deleted by him; nobody else reads or changes them", async () => {
    const owner = await account('venue');
    const other = await account('venue');
    const guest = await account('guest');
    const venue = await venueOf(owner, { subtype: 'nightclub', name: 'Bar One' });
    const b = await owner.api.call('POST', `/api/venues/${venue}/bartenders`, {
      name: 'Marco',
      specialties: ['Mezcal'],
      priceModifier: 9,
    });
    expect(b.status).toBe(201);
    expect(b.json).toMatchObject({ name: 'Marco', specialties: ['Mezcal'], isAvailable: true });
    expect(b.json).not.toHaveProperty('priceModifier');
    expect(
      (await owner.api.call('PUT', `/api/bartenders/${b.json.id}`, { name: 'Marco', isAvailable: false })).json
        .isAvailable,
    ).toBe(false);
    expect((await owner.api.call('GET', `/api/venues/${venue}/bartenders`)).json).toHaveLength(1);
    await approve(venue);
    expect((await other.api.call('GET', `/api/venues/${venue}/bartenders`)).status).toBe(403);
    expect((await guest.api.call('GET', `/api/venues/${venue}/bartenders`)).status).toBe(403);
    expect((await other.api.call('POST', `/api/venues/${venue}/bartenders`, { name: 'X' })).status).toBe(403);
    expect((await other.api.call('PUT', `/api/bartenders/${b.json.id}`, { name: 'X' })).status).toBe(403);
    expect((await other.api.call('DELETE', `/api/bartenders/${b.json.id}`)).status).toBe(403);
    expect((await owner.api.call('DELETE', `/api/bartenders/${b.json.id}`)).status).toBe(204);
    expect((await owner.api.call('GET', `/api/venues/${venue}/bartenders`)).json).toEqual([]);
  });
});

describe('venue photos', () => {
  it("keeps a JPEG without its EXIF under the owner, serves it by a stable path, and a venue takes only its owner's photos", async () => {
    const owner = await account('venue');
    const other = await account('venue');
    const up = await uploadVenuePhoto(owner.api, await jpegWithGps());
    expect(up.objectPath).toMatch(new RegExp(`^staging/venues/${owner.id}/`));
    // Another owner cannot claim this upload; a member who is not an owner cannot upload at all.
    expect((await other.api.call('PUT', '/api/venue-images', { imageURL: up.objectPath })).json.message).toBe(
      'Not an upload of this owner',
    );
    expect((await (await account('host')).api.call('POST', '/api/venue-images/upload-url')).status).toBe(403);

    const kept = await owner.api.call('PUT', '/api/venue-images', { imageURL: up.objectPath });
    expect(kept.status).toBe(200);
    expect(kept.json.objectPath).toMatch(new RegExp(`^/api/images/venues/${owner.id}/[0-9a-f-]{36}\\.jpg$`));
    const res = await fetch(new URL(kept.json.objectPath, base), { redirect: 'manual' });
    expect([res.status, res.headers.get('cache-control')]).toEqual([302, 'public, max-age=600']);
    // A venue's photo is public: any cache may keep it a year (its bytes never change under its name).
    const object = await fetch(res.headers.get('location')!);
    expect(object.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const stored = Buffer.from(await object.arrayBuffer());
    const sharp = (await import('sharp')).default;
    expect((await sharp(stored).metadata()).exif).toBeUndefined();
    expect(stored.includes(Buffer.from('Leaky 3000'))).toBe(false);
    expect(await serviceStorage('venues').size(up.objectPath)).toBeNull();

    // A venue, section or dancer holds only its owner's photo paths.
    const mine = await owner.api.call('POST', '/api/venues', venueBody({ images: [kept.json.objectPath] }));
    expect(mine.status).toBe(201);
    expect(mine.json.imageUrl).toBe(kept.json.objectPath);
    const stolen = await other.api.call('POST', '/api/venues', venueBody({ images: [kept.json.objectPath] }));
    expect([stolen.status, stolen.json.message]).toEqual([400, 'Images must be uploaded photos of this owner']);
    const outside = await owner.api.call('POST', `/api/venues/${mine.json.id}/sections`, {
      name: 'A',
      type: 'Table',
      capacity: 4,
      pricePerHour: 100,
      images: ['https://tracker.example/p.gif'],
    });
    expect([outside.status, outside.json.message]).toEqual([400, 'Images must be uploaded photos of this owner']);
  });

  it.each([
    [
      'a GIF (venue photos are JPG, PNG or WebP)',
      async () =>
        (await import('sharp'))
          .default({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
          .gif()
          .toBuffer(),
      'The file is not a JPG, PNG or WebP image',
    ],
    [
      'a text file declared as a JPEG',
      async () => Buffer.from('not pixels'),
      'The file is not a JPG, PNG or WebP image',
    ],
  ])('refuses %s and keeps nothing', async (_label, make, message) => {
    const owner = await account('venue');
    const up = await uploadVenuePhoto(owner.api, await make());
    const r = await owner.api.call('PUT', '/api/venue-images', { imageURL: up.objectPath });
    expect([r.status, r.json.code, r.json.message]).toEqual([400, 'VENUE.UPLOAD_REJECTED', message]);
    const s3 = serviceStorage('venues');
    expect(await s3.list(`staging/venues/${owner.id}/`)).toEqual([]);
    expect(await s3.list(`venues/${owner.id}/`)).toEqual([]);
  });

  it("serves a photo's copy 800 wide (?w=800, WebP; a narrower one keeps its width), made once; any other width is refused", async () => {
    const owner = await account('venue');
    const sharp = (await import('sharp')).default;
    const keep = async (width: number, height: number) => {
      const body = await sharp({ create: { width, height, channels: 3, background: '#5a1633' } })
        .jpeg()
        .toBuffer();
      const kept = await owner.api.call('PUT', '/api/venue-images', {
        imageURL: (await uploadVenuePhoto(owner.api, body)).objectPath,
      });
      expect(kept.status).toBe(200);
      return kept.json.objectPath as string;
    };
    const small = async (path: string) => {
      const res = await fetch(new URL(`${path}?w=800`, base), { redirect: 'manual' });
      expect([res.status, res.headers.get('cache-control')]).toEqual([302, 'public, max-age=600']);
      const object = await fetch(res.headers.get('location')!);
      expect([object.headers.get('content-type'), object.headers.get('cache-control')]).toEqual([
        'image/webp',
        'public, max-age=31536000, immutable',
      ]);
      const meta = await sharp(Buffer.from(await object.arrayBuffer())).metadata();
      return { location: res.headers.get('location'), size: [meta.format, meta.width, meta.height] };
    };
    const wide = await keep(1600, 1000);
    const first = await small(wide);
    expect(first.size).toEqual(['webp', 800, 500]);
    // Made once, kept beside the photo under the owner: the same object the next time.
    expect((await small(wide)).location).toBe(first.location);
    const s3 = serviceStorage('venues');
    expect((await s3.list(`venues/${owner.id}/`)).sort()).toEqual(
      [wide, `${wide.replace(/([^/]+)$/, 'w800/$1')}.webp`].map((p) => p.replace('/api/images/', '')).sort(),
    );
    expect((await small(await keep(400, 300))).size).toEqual(['webp', 400, 300]);
    // The photo itself is still there as kept.
    const res = await fetch(new URL(wide, base));
    expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width).toBe(1600);
    for (const w of ['801', '0', 'x', ''])
      expect((await new ApiClient(base).call('GET', `${wide}?w=${w}`)).json).toMatchObject({
        statusCode: 400,
        message: 'The only smaller width is 800',
      });
    expect((await fetch(new URL(`/api/images/venues/${owner.id}/${randomUUID()}.jpg?w=800`, base))).status).toBe(404);
  });

  it.each(['yacht', 'venue', 'section'])(
    'serves the %s placeholder: a cacheable redirect to a real WebP image, the same URL each time',
    async (kind) => {
      const res = await fetch(new URL(`/api/placeholder-${kind}`, base), { redirect: 'manual' });
      expect(res.status).toBe(302);
      expect(res.headers.get('cache-control')).toMatch(/^public, max-age=\d+$/);
      const again = await fetch(new URL(`/api/placeholder-${kind}`, base), { redirect: 'manual' });
      expect(again.headers.get('location')).toBe(res.headers.get('location'));
      const object = await fetch(res.headers.get('location')!);
      expect([object.headers.get('content-type'), object.headers.get('cache-control')]).toEqual([
        'image/webp',
        'public, max-age=31536000, immutable',
      ]);
      const img = Buffer.from(await object.arrayBuffer());
      const meta = await (await import('sharp')).default(img).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1280, 800]);
      const small = await fetch(new URL(`/api/placeholder-${kind}?w=800`, base), { redirect: 'manual' });
      const smallMeta = await (await import('sharp'))
        .default(Buffer.from(await (await fetch(small.headers.get('location')!)).arrayBuffer()))
        .metadata();
      expect([smallMeta.format, smallMeta.width, smallMeta.height]).toEqual(['webp', 800, 500]);
    },
  );
});

describe("a deleted owner's venues", () => {
  it('go with the account: venues, sections, dancers, bartenders and photos; the public lists forget them', async () => {
    const owner = await account('venue');
    const photo = (
      await owner.api.call('PUT', '/api/venue-images', {
        imageURL: (await uploadVenuePhoto(owner.api, await jpegWithGps())).objectPath,
      })
    ).json.objectPath as string;
    const venue = await venueOf(owner, { images: [photo], city: 'Erasetown, FL' });
    await owner.api.call('POST', `/api/venues/${venue}/sections`, {
      name: 'VIP',
      type: 'VIP Room',
      capacity: 4,
      pricePerHour: 500,
      isVipRoom: true,
      images: [photo],
    });
    await owner.api.call('POST', `/api/venues/${venue}/dancers`, { name: 'Aurora', images: [photo] });
    await owner.api.call('POST', `/api/venues/${venue}/bartenders`, { name: 'Marco' });
    await approve(venue);
    const visitor = new ApiClient(base);
    expect(
      (await visitor.call('GET', '/api/venues/Erasetown/Florida/all')).json.map((v: { id: string }) => v.id),
    ).toEqual([venue]);
    // A list showed the photo's small copy: kept beside it, it goes with the owner too.
    expect((await fetch(new URL(`${photo}?w=800`, base), { redirect: 'manual' })).status).toBe(302);
    expect(await serviceStorage('venues').list(`venues/${owner.id}/`)).toHaveLength(2);

    expect((await owner.api.call('DELETE', `/api/users/${owner.id}`)).status).toBe(204);
    await waitFor(
      'venues erased the owner',
      async () =>
        (await venuesDb.query('SELECT 1 FROM user_erasures WHERE user_key = $1', [erasureKey(owner.id)])).rows
          .length === 1,
    );
    for (const t of ['venues', 'sections', 'dancers', 'bartenders']) {
      const n = (
        await venuesDb.query(`SELECT count(*)::int AS n FROM ${t} x WHERE x::text LIKE '%' || $1 || '%'`, [owner.id])
      ).rows[0].n;
      expect({ table: t, rows: n }).toEqual({ table: t, rows: 0 });
    }
    expect((await venuesDb.query(`SELECT count(*)::int AS n FROM venues WHERE id = $1`, [venue])).rows[0].n).toBe(0);
    expect(await serviceStorage('venues').list(`venues/${owner.id}/`)).toEqual([]);
    // The venues' envelopes (which named their owner) go once their deletions are published.
    await waitFor(
      'venues outbox let go of the owner',
      async () =>
        (await venuesDb.query(`SELECT 1 FROM outbox_events x WHERE x::text LIKE '%' || $1 || '%'`, [owner.id])).rows
          .length === 0,
    );
    expect((await visitor.call('GET', '/api/venues/Erasetown/Florida/all')).json).toEqual([]);
    expect((await visitor.call('GET', `/api/venues/${venue}`)).status).toBe(404);
  });
});
