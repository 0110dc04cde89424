import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AUTH_ERRORS, MAX_IMAGE_BYTES, MEMBER_RATE_LIMITS, nightOf, todayInNewYork } from '@luxe/contracts';
import { ObjectStorage, STAGING_LIFECYCLE_RULE } from '@luxe/platform';
import { ApiClient } from './support/client';
import { postUpload, serviceStorage } from './support/storage';
import { World } from './support/world';

// Per-member limits (MEMBER_RATE_LIMITS, docs/product.md "Rate limits") on the distributed stack,
// at their real numbers (the test stack does not scale them): past each, 429 with Retry-After and
// the contract's error, others unaffected. Then uploads: the storage itself (MinIO of infra/local)
// refuses a presigned POST over 10 MB, and unclaimed uploads expire by the bucket's lifecycle rule.
const world = new World();
beforeAll(() => world.open('social'));
afterAll(() => world.close());

type Answer = Awaited<ReturnType<ApiClient['call']>>;

/** `n` calls, a few at a time (the limit is counted atomically, so the order does not matter). */
async function times(n: number, call: (i: number) => Promise<Answer>): Promise<Answer[]> {
  const out: Answer[] = [];
  for (let i = 0; i < n; i += 10)
    out.push(...(await Promise.all(Array.from({ length: Math.min(10, n - i) }, (_, j) => call(i + j)))));
  return out;
}

/** The limit's answer: 429, Retry-After within the class's window, the contract's code and message. */
function expectLimited(r: Answer, windowSeconds: number) {
  expect([r.status, r.json?.code, r.json?.message]).toEqual([
    429,
    AUTH_ERRORS.RATE_LIMITED.code,
    AUTH_ERRORS.RATE_LIMITED.message,
  ]);
  const retryAfter = Number(r.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
}

const statuses = (answers: Answer[]) => [...new Set(answers.map((a) => a.status))].sort();

describe('per-member limits', () => {
  it('reports: 10 an hour, of members and of messages together', async () => {
    const { points, seconds } = MEMBER_RATE_LIMITS['member-reports'];
    const reporter = await world.account('guest', 'Rita');
    const reported = await world.account('host', 'Rex');
    await world.has('social', 'member_cards', 'user_id', reported.id);
    const made = await times(points, () =>
      reporter.api.call('POST', `/api/users/${reported.id}/report`, { reason: 'spam' }),
    );
    expect(statuses(made)).toEqual([201]);
    expectLimited(await reporter.api.call('POST', `/api/users/${reported.id}/report`, { reason: 'spam' }), seconds);
    // The same class: a message report waits as well (before its conversation is even looked up).
    expectLimited(
      await reporter.api.call('POST', `/api/conversations/${randomUUID()}/messages/${randomUUID()}/report`, {
        reason: 'spam',
      }),
      seconds,
    );
    expect(
      (await world.dbs.social.query('SELECT count(*)::int AS n FROM reports WHERE reporter_id = $1', [reporter.id]))
        .rows[0].n,
    ).toBe(points);
    // Another member is not affected.
    expect(
      (
        await (
          await world.account('guest', 'Other')
        ).api.call('POST', `/api/users/${reported.id}/report`, { reason: 'spam' })
      ).status,
    ).toBe(201);
  });

  it('friends: 50 an hour', async () => {
    const { points, seconds } = MEMBER_RATE_LIMITS['member-friends'];
    const host = await world.account('host', 'Fred');
    expect(
      statuses(await times(points, (i) => host.api.call('POST', '/api/friends', { name: `Friend ${i}` }))),
    ).toEqual([201]);
    expectLimited(await host.api.call('POST', '/api/friends', { name: 'One too many' }), seconds);
    expect(
      (await world.dbs.bookings.query('SELECT count(*)::int AS n FROM friends WHERE user_id = $1', [host.id])).rows[0]
        .n,
    ).toBe(points);
  });

  it('invites: 30 an hour, a refused one counting too', async () => {
    const { points, seconds } = MEMBER_RATE_LIMITS['member-invites'];
    const host = await world.account('host', 'Ivan');
    // Invites to members that do not exist: each is refused (404), and each counts.
    const sent = await times(points, () =>
      host.api.call('POST', '/api/invites', {
        guestId: randomUUID(),
        eventTitle: 'Velvet night',
        eventDate: todayInNewYork(),
      }),
    );
    expect(statuses(sent)).toEqual([404]);
    expectLimited(
      await host.api.call('POST', '/api/invites', {
        guestId: randomUUID(),
        eventTitle: 'Velvet night',
        eventDate: todayInNewYork(),
      }),
      seconds,
    );
  });

  it('chat messages: 60 a minute', async () => {
    const { points, seconds } = MEMBER_RATE_LIMITS['member-messages'];
    const guest = await world.account('guest', 'Mia');
    const conversation = randomUUID(); // counted before the conversation is looked up (404)
    expect(
      statuses(
        await times(points, (i) =>
          guest.api.call('POST', `/api/conversations/${conversation}/messages`, { content: `hi ${i}` }),
        ),
      ),
    ).toEqual([404]);
    expectLimited(
      await guest.api.call('POST', `/api/conversations/${conversation}/messages`, { content: 'hi again' }),
      seconds,
    );
  });

  it('upload URLs: 100 an hour, of every kind together', async () => {
    const { points, seconds } = MEMBER_RATE_LIMITS['member-uploads'];
    const host = await world.account('host', 'Uma');
    const friend = (await host.api.call('POST', '/api/friends', { name: 'Pic' })).json.id as string;
    expect(statuses(await times(points - 1, () => host.api.call('POST', `/api/users/${host.id}/upload-url`)))).toEqual([
      200,
    ]);
    expect((await host.api.call('POST', `/api/friends/${friend}/images`)).status).toBe(200);
    expectLimited(await host.api.call('POST', `/api/friends/${friend}/images`), seconds);
    expectLimited(await host.api.call('POST', `/api/users/${host.id}/upload-url`), seconds);
    const owner = await world.account('venue', 'Vera');
    expect((await owner.api.call('POST', '/api/venue-images/upload-url')).status).toBe(200);
  });

  it('door check-ins: 600 per venue in 10 minutes, a wrong code counting, so codes cannot be guessed; then even the right code waits, and only at that venue', async () => {
    const { perVenue } = MEMBER_RATE_LIMITS['member-check-ins'];
    const club = await world.bookableClub('Limitville');
    // A confirmed booking for tonight (New York's night), and its host's pass.
    const host = await world.account('host', 'Hal');
    await world.has('bookings', 'member_cards', 'user_id', host.id);
    const booked = await host.api.call('POST', '/api/bookings', {
      venueId: club.club,
      sectionId: club.section,
      bookingDate: todayInNewYork(),
      startTime: '22:00',
      duration: 2,
    });
    expect(booked.status).toBe(201);
    if (nightOf() !== todayInNewYork())
      await world.dbs.bookings.query('UPDATE bookings SET booking_date = $2 WHERE id = $1', [
        booked.json.id,
        nightOf(),
      ]);
    const pass = (await host.api.call('GET', `/api/bookings/${booked.json.id}/pass`)).json as { code: string };
    // A second venue of the same owner, known to bookings.
    const other = (
      await club.owner.api.call('POST', '/api/venues', {
        name: 'Second',
        type: 'club',
        subtype: 'lounge',
        city: 'Limitville',
        state: 'Florida',
        address: '6 Night St',
        capacity: 80,
        pricePerHour: 300,
      })
    ).json.id as string;
    await world.approve(other);

    // Wrong codes ('0' is not in the code alphabet: surely nobody's): each refused, each counted.
    const guesses = await times(perVenue.points, () =>
      club.owner.api.call('POST', '/api/door/check-in', { venueId: club.club, code: '0000-0000' }),
    );
    expect([statuses(guesses), guesses[0]!.json.message]).toEqual([[404], 'Pass not found']);
    const right = await club.owner.api.call('POST', '/api/door/check-in', { venueId: club.club, code: pass.code });
    expectLimited(right, perVenue.seconds);
    expect(
      (await world.dbs.bookings.query('SELECT checked_in_at FROM passes WHERE code = $1', [pass.code])).rows[0]
        .checked_in_at,
    ).toBeNull();
    // Per venue: the owner's other door still answers (his own count, 1200, is not reached).
    const elsewhere = await club.owner.api.call('POST', '/api/door/check-in', { venueId: other, code: '0000-0000' });
    expect([elsewhere.status, elsewhere.json.message]).toEqual([404, 'Pass not found']);
  });
});

describe('uploads: a presigned POST the storage itself checks', () => {
  const kinds: [service: string, label: string, uploadUrl: () => Promise<unknown>][] = [
    [
      'identity',
      'a member photo',
      async () => {
        const m = await world.account('host', 'Pia');
        return (await m.api.call('POST', `/api/users/${m.id}/upload-url`)).json;
      },
    ],
    [
      'bookings',
      "a friend's picture",
      async () => {
        const m = await world.account('host', 'Flo');
        const f = (await m.api.call('POST', '/api/friends', { name: 'Pic' })).json.id;
        return (await m.api.call('POST', `/api/friends/${f}/images`)).json;
      },
    ],
    [
      'venues',
      'a venue photo',
      async () => {
        const m = await world.account('venue', 'Ven');
        return (await m.api.call('POST', '/api/venue-images/upload-url')).json;
      },
    ],
  ];

  it.each(kinds)(
    '%s (%s): over 10 MB refused by MinIO (EntityTooLarge), nothing staged; exactly 10 MB taken; another content type or object name refused',
    async (service, _label, uploadUrl) => {
      const storage = serviceStorage(service);
      const up = (await uploadUrl()) as {
        uploadURL?: string;
        uploadUrl?: string;
        fields: Record<string, string>;
        objectPath: string;
      };
      expect(up.fields.key).toBe(up.objectPath);
      const tooLarge = await postUpload(up, Buffer.alloc(MAX_IMAGE_BYTES + 1, 7));
      expect([tooLarge.status, await tooLarge.text()]).toEqual([400, expect.stringContaining('EntityTooLarge')]);
      expect(await storage.size(up.objectPath)).toBeNull();
      // Not an image by its declared type, or another name than the one signed: refused too.
      expect((await postUpload(up, Buffer.from('hello'), 'text/html')).status).toBe(403);
      expect(
        (await postUpload({ ...up, fields: { ...up.fields, key: `${up.objectPath}-other` } }, Buffer.from('hello')))
          .status,
      ).toBe(403);
      expect(await storage.size(`${up.objectPath}-other`)).toBeNull();
      expect(await storage.size(up.objectPath)).toBeNull();
      // The limit itself is allowed.
      expect((await postUpload(up, Buffer.alloc(MAX_IMAGE_BYTES, 7))).status).toBe(204);
      expect(await storage.size(up.objectPath)).toBe(MAX_IMAGE_BYTES);
      await storage.remove(up.objectPath);
    },
  );

  it("an upload over 10 MB staged behind the storage's back is still refused when claimed (the service checks again)", async () => {
    const m = await world.account('host', 'Zed');
    const staged = `staging/users/${m.id}/${randomUUID()}`;
    const storage = serviceStorage('identity');
    await storage.put(staged, Buffer.alloc(MAX_IMAGE_BYTES + 1, 7), 'image/jpeg');
    const r = await m.api.call('PUT', `/api/users/${m.id}/images`, { imageURL: staged });
    expect([r.status, r.json.message]).toEqual([400, 'The image must be at most 10 MB']);
    expect(await storage.size(staged)).toBeNull();
  });

  it('a bucket made by ensureBucket (as each service does at start) has the rule from the start', async () => {
    const made = new ObjectStorage({
      ...serviceStorage('identity').opts,
      bucket: `luxe-lifecycle-${randomUUID().slice(0, 8)}`,
    });
    try {
      await made.ensureBucket();
      const rules = [(await made.client.getBucketLifecycle(made.bucket))?.Rule ?? []].flat() as unknown as Record<
        string,
        any
      >[];
      expect(rules).toEqual([
        expect.objectContaining({
          ID: STAGING_LIFECYCLE_RULE.ID,
          Status: 'Enabled',
          Filter: { Prefix: 'staging/' },
          Expiration: { Days: 1 },
        }),
      ]);
    } finally {
      await made.client.removeBucket(made.bucket);
    }
  });

  it("the embedded mode's sweep (its storage has no lifecycle rules) removes uploads under staging/ older than a day, and nothing else", async () => {
    const made = new ObjectStorage({
      ...serviceStorage('identity').opts,
      bucket: `luxe-sweep-${randomUUID().slice(0, 8)}`,
      lifecycleRules: false,
    });
    await made.ensureBucket();
    try {
      for (const name of ['staging/users/a/old', 'users/a/kept.jpg'])
        await made.put(name, Buffer.from('x'), 'image/jpeg');
      expect(await made.sweepStaged(undefined, new Date(Date.now() + 3_600_000))).toBe(0); // an hour on: still waits
      expect(await made.sweepStaged(undefined, new Date(Date.now() + 25 * 3_600_000))).toBe(1); // a day on: gone
      expect((await made.list('')).sort()).toEqual(['users/a/kept.jpg']);
    } finally {
      for (const name of await made.list('')) await made.remove(name);
      await made.client.removeBucket(made.bucket);
    }
  });

  it.each(['identity', 'bookings', 'venues'])(
    'the %s bucket expires unclaimed uploads under staging/ after a day (its lifecycle rule, read back)',
    async (service) => {
      const storage = serviceStorage(service);
      const lifecycle = await storage.client.getBucketLifecycle(storage.bucket);
      const rules = [lifecycle?.Rule ?? []].flat() as unknown as Record<string, any>[];
      const rule = rules.find((r) => r.ID === STAGING_LIFECYCLE_RULE.ID);
      expect(rule).toMatchObject({ Status: 'Enabled', Filter: { Prefix: 'staging/' }, Expiration: { Days: 1 } });
    },
  );
});
