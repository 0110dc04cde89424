import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { erasureKey } from '@luxe/platform';
import { ApiClient, validRegistration, waitFor } from './support/client';
import { inject } from './support/provided';
import { jpegWithGps, postUpload, serviceStorage } from './support/storage';

// Profile details, photos and account deletion through the gateway, on the distributed stack.
const base = inject('gatewayUrl');
const dbUrls = inject('dbUrls');
const SERVICES = ['identity', 'venues', 'bookings', 'social', 'messaging', 'payments', 'admin', 'notifications'];
const dbs: Record<string, Client> = {};

beforeAll(async () => {
  for (const s of SERVICES) {
    dbs[s] = new Client({ connectionString: dbUrls[s] });
    await dbs[s].connect();
  }
});
afterAll(async () => {
  await Promise.all(Object.values(dbs).map((c) => c.end()));
});

async function member(over: Record<string, unknown> = {}) {
  const api = new ApiClient(base);
  const body = validRegistration(over);
  const r = await api.call('POST', '/api/auth/register', body);
  expect(r.status).toBe(201);
  return { api, id: r.json.id as string, email: body.email as string, password: body.password as string };
}
const photo = (userId: string, n = 1) => `/api/images/users/${userId}/${randomUUID()}-${n}.jpg`;
const goodProfile = { age: 29, bio: 'Sunsets, yachts and good company.' };

describe('POST /api/profile', () => {
  it('refuses a visitor without a session (401) and changes nothing', async () => {
    const r = await new ApiClient(base).call('POST', '/api/profile', goodProfile);
    expect(r.status).toBe(401);
    expect(r.json.code).toBe('AUTH.UNAUTHENTICATED');
  });

  const cases: [string, Record<string, unknown>, string, string][] = [
    ['a missing age', { age: undefined }, 'age', 'Age is required'],
    ['an age of 17', { age: 17 }, 'age', 'Must be at least 18 years old'],
    ['an age of 101', { age: 101 }, 'age', 'Age must be under 100'],
    ['a bio of 9 characters', { bio: 'too short' }, 'bio', 'Bio must be at least 10 characters'],
    ['a bio of 501 characters', { bio: 'x'.repeat(501) }, 'bio', 'Bio must be less than 500 characters'],
  ];
  it.each(cases)('refuses %s with the spec message and saves nothing', async (_label, over, path, message) => {
    const { api, id } = await member();
    const r = await api.call('POST', '/api/profile', { ...goodProfile, ...over });
    expect(r.status).toBe(400);
    expect(r.json.message).toBe(message);
    expect(r.json.errors).toContainEqual({ path, message });
    const [row] = (await dbs.identity.query('SELECT age, bio, profile_completed FROM users WHERE id = $1', [id])).rows;
    expect(row).toEqual({ age: null, bio: null, profile_completed: 'false' });
  });

  it('refuses 7 photos with "Maximum 6 images allowed"', async () => {
    const { api, id } = await member();
    const r = await api.call('POST', '/api/profile', {
      ...goodProfile,
      images: Array.from({ length: 7 }, (_, i) => photo(id, i)),
    });
    expect(r.status).toBe(400);
    expect(r.json.message).toBe('Maximum 6 images allowed');
  });

  it('saves age and bio, marks the profile completed, and tells other services (user-profile-updated)', async () => {
    const { api, id } = await member({ firstName: 'Prof' });
    const r = await api.call('POST', '/api/profile', goodProfile);
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ id, age: 29, bio: goodProfile.bio, profileCompleted: 'true' });
    expect((await api.call('GET', '/api/auth/me')).json).toMatchObject({ age: 29, bio: goodProfile.bio });
    const events = await waitFor('profile event consumed by messaging', async () => {
      const rows = (
        await dbs.identity.query(
          `SELECT id, envelope FROM outbox_events WHERE key = $1 AND type = 'identity.user-profile-updated'`,
          [id],
        )
      ).rows;
      if (rows.length === 0) return undefined;
      const seen = (
        await dbs.messaging.query(
          `SELECT 1 FROM inbox_events WHERE event_id = $1 AND consumer_group = 'messaging.user-cards'`,
          [rows[0].id],
        )
      ).rows;
      return seen.length ? rows : undefined;
    });
    expect(events[0].envelope).toMatchObject({
      stream: 'identity.user',
      sequence: 2,
      data: { userId: id, age: 29, bio: goodProfile.bio },
    });
  });
});

describe('GET /api/auth/me from the snapshot identity keeps', () => {
  it('shows a profile change at once, is rebuilt by identity when missing, and goes with the account', async () => {
    const Redis = (await import('ioredis')).default;
    const redis = new Redis(process.env.REDIS_URL!);
    try {
      const { api, id } = await member({ firstName: 'Snap' });
      // Registration wrote the view the gateway answers from.
      expect(JSON.parse((await redis.get(`me:${id}`))!)).toMatchObject({ id, firstName: 'Snap', bio: null });
      expect((await api.call('POST', '/api/profile', goodProfile)).status).toBe(200);
      expect((await api.call('GET', '/api/auth/me')).json).toMatchObject({
        id,
        age: 29,
        bio: goodProfile.bio,
        profileCompleted: 'true',
      });
      // Gone from Redis (expired, evicted): identity answers and fills it again.
      await redis.del(`me:${id}`);
      const me = await api.call('GET', '/api/auth/me');
      expect([me.status, me.json.bio]).toEqual([200, goodProfile.bio]);
      expect(me.json).not.toHaveProperty('passwordHash');
      expect(JSON.parse((await redis.get(`me:${id}`))!).bio).toBe(goodProfile.bio);
      // The answer is the snapshot itself (a planted view shows), so nothing else is consulted.
      await redis.set(`me:${id}`, JSON.stringify({ ...me.json, bio: 'planted by the test' }), 'EX', 60);
      expect((await api.call('GET', '/api/auth/me')).json.bio).toBe('planted by the test');
      expect((await api.call('DELETE', `/api/users/${id}`)).status).toBe(204);
      expect(await redis.get(`me:${id}`)).toBeNull();
      expect((await api.call('GET', '/api/auth/me')).status).toBe(401);
    } finally {
      redis.disconnect();
    }
  });
});

describe('PUT /api/users/{id}/profile (photos)', () => {
  it('saves the own photo list in order (the first is the main photo)', async () => {
    const { api, id } = await member();
    const images = [photo(id, 1), photo(id, 2)];
    const r = await api.call('PUT', `/api/users/${id}/profile`, { profileImages: images });
    expect(r.status).toBe(200);
    expect(r.json.profileImages).toEqual(images);
    const card = await waitFor('photos on the messaging card', async () => {
      const [c] = (await dbs.messaging.query('SELECT profile_images FROM user_cards WHERE user_id = $1', [id])).rows;
      return c?.profile_images?.length === 2 ? c : undefined;
    });
    expect(card.profile_images).toEqual(images);
  });

  it("refuses another member's account (403), and photos that belong to another account (403)", async () => {
    const a = await member();
    const b = await member();
    const other = await a.api.call('PUT', `/api/users/${b.id}/profile`, { profileImages: [photo(b.id)] });
    expect(other.status).toBe(403);
    expect(other.json.code).toBe('AUTH.FORBIDDEN');
    const stolen = await a.api.call('PUT', `/api/users/${a.id}/profile`, { profileImages: [photo(b.id)] });
    expect(stolen.status).toBe(403);
    expect(
      (await dbs.identity.query('SELECT profile_images FROM users WHERE id = ANY($1::uuid[])', [[a.id, b.id]])).rows,
    ).toEqual([{ profile_images: [] }, { profile_images: [] }]);
  });

  it('refuses 7 photos, a path that is not a photo path, a bad id, and a visitor', async () => {
    const { api, id } = await member();
    const seven = await api.call('PUT', `/api/users/${id}/profile`, {
      profileImages: Array.from({ length: 7 }, (_, i) => photo(id, i)),
    });
    expect(seven.status).toBe(400);
    expect(seven.json.message).toBe('Maximum 6 images allowed');
    const outside = await api.call('PUT', `/api/users/${id}/profile`, {
      profileImages: ['https://evil.example/x.jpg'],
    });
    expect(outside.status).toBe(400);
    expect(outside.json.message).toBe('Not a photo of this account');
    expect((await api.call('PUT', '/api/users/not-a-uuid/profile', { profileImages: [] })).status).toBe(400);
    expect((await new ApiClient(base).call('PUT', `/api/users/${id}/profile`, { profileImages: [] })).status).toBe(401);
  });
});

describe('DELETE /api/users/{id}', () => {
  it("refuses to delete another member's account (403) and keeps it", async () => {
    const a = await member();
    const b = await member();
    const r = await a.api.call('DELETE', `/api/users/${b.id}`);
    expect(r.status).toBe(403);
    expect(
      (await new ApiClient(base).call('POST', '/api/auth/login', { email: b.email, password: b.password })).status,
    ).toBe(200);
    expect((await new ApiClient(base).call('DELETE', `/api/users/${b.id}`)).status).toBe(401);
  });

  it('deletes the account, ends every session, and every service erases it: no row anywhere still refers to the user', async () => {
    const { api, id, email, password } = await member({ firstName: 'Erasmus', lastName: 'Gone' });
    expect((await api.call('POST', '/api/profile', goodProfile)).status).toBe(200);
    expect((await api.call('PUT', `/api/users/${id}/profile`, { profileImages: [photo(id)] })).status).toBe(200);
    // A second session on another device.
    const other = new ApiClient(base);
    expect((await other.call('POST', '/api/auth/login', { email, password })).status).toBe(200);
    await waitFor(
      'messaging has the card',
      async () => (await dbs.messaging.query('SELECT 1 FROM user_cards WHERE user_id = $1', [id])).rows.length === 1,
    );

    const started = Date.now();
    const r = await api.call('DELETE', `/api/users/${id}`);
    expect(r.status).toBe(204);
    expect(api.cookie('luxe_session')).toBeUndefined(); // the cookie was cleared
    expect((await other.call('GET', '/api/auth/me')).status).toBe(401);
    expect((await new ApiClient(base).call('POST', '/api/auth/login', { email, password })).status).toBe(401);

    // Every service that holds user data (all but identity) records the erasure: a hash, not the id.
    const key = erasureKey(id);
    const erasing = SERVICES.filter((s) => s !== 'identity');
    await waitFor('every service erased the user', async () => {
      for (const s of erasing)
        if ((await dbs[s].query('SELECT 1 FROM user_erasures WHERE user_key = $1', [key])).rows.length === 0)
          return false;
      return true;
    });
    const erasedMs = Date.now() - started;
    // And identity's outbox lets go of the account's envelopes once its deletion is published.
    await waitFor(
      'identity outbox emptied of the account',
      async () => (await dbs.identity.query('SELECT 1 FROM outbox_events WHERE key = $1', [id])).rows.length === 0,
    );

    for (const s of SERVICES) {
      const tables = (
        await dbs[s].query(
          `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
        )
      ).rows.map((t) => t.table_name as string);
      for (const t of tables) {
        const hits = (
          await dbs[s].query(
            `SELECT count(*)::int AS n FROM "${t}" x WHERE x::text ILIKE '%' || $1 || '%' OR x::text ILIKE '%' || $2 || '%'`,
            [id, email],
          )
        ).rows[0].n;
        expect({ service: s, table: t, rows: hits }).toEqual({ service: s, table: t, rows: 0 });
      }
    }
    process.stdout.write(
      `account deletion: every service erased the user ${erasedMs} ms after DELETE /api/users/{id}\n`,
    );
  });
});

describe('photos: upload, check and serve', () => {
  const sharpLib = () => import('sharp').then((m) => m.default);
  async function upload(api: ApiClient, id: string, body: Buffer, contentType: string) {
    const u = await api.call('POST', `/api/users/${id}/upload-url`);
    expect(u.status).toBe(200);
    expect((await postUpload(u.json, body, contentType)).status).toBe(204);
    return u.json as { uploadURL: string; objectPath: string };
  }
  const storage = () => serviceStorage('identity');

  it('keeps a JPEG without its EXIF (no GPS), serves it from a stable, cacheable path, and refuses another member', async () => {
    const { api, id } = await member();
    const original = await jpegWithGps();
    const sharp = await sharpLib();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const up = await upload(api, id, original, 'image/jpeg');
    const other = await member();
    expect((await other.api.call('POST', `/api/users/${id}/upload-url`)).status).toBe(403);
    expect((await other.api.call('PUT', `/api/users/${id}/images`, { imageURL: up.objectPath })).status).toBe(403);

    const r = await api.call('PUT', `/api/users/${id}/images`, { imageURL: up.objectPath });
    expect(r.status).toBe(200);
    expect(r.json.objectPath).toMatch(new RegExp(`^/api/images/users/${id}/[0-9a-f-]{36}\\.jpg$`));
    // Served by a stable path: a cacheable redirect to the stored file.
    const res = await fetch(new URL(r.json.objectPath, base), { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('cache-control')).toBe('public, max-age=600');
    // The same signed URL again (the browser's cache serves it), which the storage answers with a
    // year's lifetime that no shared cache keeps.
    const again = await fetch(new URL(r.json.objectPath, base), { redirect: 'manual' });
    expect(again.headers.get('location')).toBe(res.headers.get('location'));
    const object = await fetch(res.headers.get('location')!);
    expect([object.status, object.headers.get('cache-control')]).toEqual([200, 'private, max-age=31536000, immutable']);
    const stored = Buffer.from(await object.arrayBuffer());
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect(stored.includes(Buffer.from('Leaky 3000'))).toBe(false);
    expect([meta.width, meta.height]).toEqual([64, 48]);
    // The unchecked upload is gone; the photo can be saved to the profile.
    const s3 = await storage();
    expect(await s3.size(up.objectPath)).toBeNull();
    expect(
      (await api.call('PUT', `/api/users/${id}/profile`, { profileImages: [r.json.objectPath] })).json.profileImages,
    ).toEqual([r.json.objectPath]);
    expect(
      (await fetch(new URL(`/api/images/users/${id}/${randomUUID()}.jpg`, base), { redirect: 'manual' })).status,
    ).toBe(404);
  });

  it.each([
    [
      'a text file declared as a JPEG',
      () => Promise.resolve(Buffer.from('just some text, not pixels at all')),
      'image/jpeg',
      'The file is not an image (JPEG, PNG, WebP or GIF)',
    ],
    [
      'an SVG with a script declared as a PNG',
      () =>
        Promise.resolve(
          Buffer.from(
            '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
          ),
        ),
      'image/png',
      'The file is not an image (JPEG, PNG, WebP or GIF)',
    ],
  ])('refuses %s and keeps nothing', async (_label, make, contentType, message) => {
    const { api, id } = await member();
    const up = await upload(api, id, await make(), contentType);
    const r = await api.call('PUT', `/api/users/${id}/images`, { imageURL: up.objectPath });
    expect(r.status).toBe(400);
    expect(r.json.code).toBe('PROFILE.UPLOAD_REJECTED');
    expect(r.json.message).toBe(message);
    const s3 = await storage();
    expect(await s3.list(`staging/users/${id}/`)).toEqual([]);
    expect(await s3.list(`users/${id}/`)).toEqual([]);
  });

  it('deleting the account removes its photos from storage', async () => {
    const { api, id } = await member();
    const up = await upload(api, id, await jpegWithGps(), 'image/jpeg');
    expect((await api.call('PUT', `/api/users/${id}/images`, { imageURL: up.objectPath })).status).toBe(200);
    const pending = await upload(api, id, await jpegWithGps(), 'image/jpeg');
    const s3 = await storage();
    expect(await s3.list(`users/${id}/`)).toHaveLength(1);
    expect(await s3.size(pending.objectPath)).not.toBeNull();
    expect((await api.call('DELETE', `/api/users/${id}`)).status).toBe(204);
    expect(await s3.list(`users/${id}/`)).toEqual([]);
    expect(await s3.list(`staging/users/${id}/`)).toEqual([]);
  });
});
