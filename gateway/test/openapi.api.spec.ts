import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DEPOSIT_MESSAGES, NUL_CHARACTER_MESSAGE } from '@luxe/contracts';
import { ApiClient, validRegistration } from './support/client';
import { inject } from './support/provided';
import { nyDate, World } from './support/world';

// The gateway's OpenAPI document is true of the running gateway: real answers of a sample of
// routes (as a visitor, a member, a venue owner and the admin; successes and the errors each can
// answer) have a documented status, media type and a body valid against the documented schema.
// schemathesis checks the same against thousands of generated requests (npm run test:fuzz).
const world = new World();
const base = world.base;
let doc: any;
let ajv: Ajv2020;
const covered = new Map<string, Set<number>>();

beforeAll(async () => {
  await world.open();
  const r = await fetch(`${base}/api/openapi.json`);
  expect(r.status).toBe(200);
  doc = await r.json();
  ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(doc, 'openapi');
});
afterAll(() => world.close());

type Res = Awaited<ReturnType<ApiClient['call']>>;
const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

/** Asserts the answer is one the document declares for the operation, and records it. */
function conforms(method: string, template: string, res: Res): Res {
  const op = doc.paths[template]?.[method.toLowerCase()];
  expect({ operation: `${method} ${template}`, documented: !!op }).toEqual({
    operation: `${method} ${template}`,
    documented: true,
  });
  const declared = op.responses[String(res.status)];
  expect({
    operation: `${method} ${template}`,
    status: res.status,
    documented: Object.keys(op.responses),
    body: res.text.slice(0, 300),
  }).toEqual(expect.objectContaining({ documented: expect.arrayContaining([String(res.status)]) }));
  if (!declared.content) {
    expect(res.text).toBe('');
  } else {
    const mediaType = (res.headers.get('content-type') ?? '').split(';')[0].trim();
    expect(Object.keys(declared.content)).toContain(mediaType);
    if (mediaType === 'application/json') {
      const validate = ajv.getSchema(
        `openapi#/${pointer('paths', template, method.toLowerCase(), 'responses', String(res.status), 'content', mediaType, 'schema')}`,
      )!;
      const ok = validate(res.json);
      expect({
        operation: `${method} ${template}`,
        status: res.status,
        errors: ok ? null : validate.errors,
        body: ok ? null : res.text.slice(0, 500),
      }).toEqual({ operation: `${method} ${template}`, status: res.status, errors: null, body: null });
    } else {
      expect(typeof res.text).toBe('string');
    }
  }
  const key = `${method} ${template}`;
  covered.set(key, (covered.get(key) ?? new Set()).add(res.status));
  return res;
}

describe('real answers of the gateway against its OpenAPI document', () => {
  it('as a visitor: lists, lookups, refusals and validation errors', async () => {
    const anon = new ApiClient(base);
    conforms('GET', '/api/venues', await anon.call('GET', '/api/venues'));
    conforms('GET', '/api/venues/{id}', await anon.call('GET', '/api/venues/00000000-0000-4000-8000-000000000000'));
    expect(conforms('GET', '/api/venues/{id}', await anon.call('GET', '/api/venues/not-a-uuid')).status).toBe(400);
    conforms('GET', '/api/venues/{city}/{state}/{type}', await anon.call('GET', '/api/venues/Miami/Florida/all'));
    // A path parameter longer than the router takes matches no route: 404, documented.
    expect(
      conforms(
        'GET',
        '/api/venues/{city}/{state}/{type}',
        await anon.call('GET', `/api/venues/Miami/${'x'.repeat(150)}/all`),
      ).status,
    ).toBe(404);
    // Also where no catch-all route follows (Fastify's router answered 414 there, undocumented).
    const longParam = await anon.call('POST', `/api/users/${'x'.repeat(150)}/upload-url`, {});
    expect(conforms('POST', '/api/users/{id}/upload-url', longParam).status).toBe(404);
    expect(longParam.json).toMatchObject({ code: 'REQUEST.NOT_FOUND', message: 'Not found' });
    conforms('GET', '/api/payments/config', await anon.call('GET', '/api/payments/config'));
    expect(conforms('GET', '/api/auth/me', await anon.call('GET', '/api/auth/me')).status).toBe(401);
    expect(conforms('POST', '/api/bookings', await anon.call('POST', '/api/bookings', {})).status).toBe(401);
    expect(
      conforms(
        'POST',
        '/api/auth/login',
        await anon.call('POST', '/api/auth/login', { email: 'nobody@example.com', password: 'wrong-password' }),
      ).status,
    ).toBe(401);
    expect(
      conforms('POST', '/api/auth/login', await anon.call('POST', '/api/auth/login', { email: 'not-an-email' })).status,
    ).toBe(400);
    expect(
      conforms(
        'POST',
        '/api/auth/login',
        await anon.call('POST', '/api/auth/login', '{"email":', { 'content-type': 'application/json' }),
      ).status,
    ).toBe(400);
    expect(
      conforms(
        'POST',
        '/api/auth/login',
        await anon.call('POST', '/api/auth/login', 'email=a', { 'content-type': 'text/plain' }),
      ).status,
    ).toBe(415);
    // A cross-site form: neither JSON nor X-Requested-With.
    const csrf = await fetch(`${base}/api/auth/logout`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'a=1',
    });
    const csrfText = await csrf.text();
    conforms('POST', '/api/auth/logout', {
      status: csrf.status,
      headers: csrf.headers,
      text: csrfText,
      json: JSON.parse(csrfText),
    } as Res);
    expect(csrf.status).toBe(403);
    expect(
      conforms('GET', '/api/passes/{token}', await anon.call('GET', '/api/passes/no-such-pass')).status,
    ).toBeGreaterThanOrEqual(400);
  });

  it('as a member: sign-up, profile, lists, the WebSocket route without upgrade, and the refusals', async () => {
    const member = new ApiClient(base);
    const reg = validRegistration({ userType: 'host', firstName: 'Odette' });
    expect(conforms('POST', '/api/auth/register', await member.call('POST', '/api/auth/register', reg)).status).toBe(
      201,
    );
    expect(
      conforms('POST', '/api/auth/register', await new ApiClient(base).call('POST', '/api/auth/register', reg)).status,
    ).toBe(409);
    const me = conforms('GET', '/api/auth/me', await member.call('GET', '/api/auth/me'));
    expect(me.status).toBe(200);
    expect(
      conforms('POST', '/api/profile', await member.call('POST', '/api/profile', { age: 30, bio: 'Documented.' }))
        .status,
    ).toBe(200);
    // Another member's photo: refused, and documented as such.
    const other = `/api/images/users/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}/a.jpg`;
    expect(
      conforms(
        'POST',
        '/api/profile',
        await member.call('POST', '/api/profile', { age: 30, bio: 'Documented.', images: [other] }),
      ).status,
    ).toBe(403);
    expect(
      conforms('POST', '/api/profile', await member.call('POST', '/api/profile', { bio: 'x'.repeat(200_000) })).status,
    ).toBe(413);
    for (const path of [
      '/api/bookings/user',
      '/api/bookings/host',
      '/api/blocks',
      '/api/invites/received',
      '/api/invites/sent',
      '/api/event-join-requests/guest',
      '/api/users/potential-matches',
      '/api/entertainer/venue-requests',
    ])
      expect({ path, status: conforms('GET', path, await member.call('GET', path)).status }).toEqual({
        path,
        status: 200,
      });
    expect(
      conforms(
        'GET',
        '/api/available-events',
        await member.call('GET', '/api/available-events?city=Miami&state=Florida'),
      ).status,
    ).toBe(200);
    expect(conforms('GET', '/api/available-events', await member.call('GET', '/api/available-events')).status).toBe(
      400,
    );
    // A NUL character in a query parameter (schemathesis; a 500 from PostgreSQL before): refused, and nothing looked up.
    const nul = conforms(
      'GET',
      '/api/available-events',
      await member.call('GET', '/api/available-events?city=Mi%00ami&state=Florida'),
    );
    expect(nul.status).toBe(400);
    expect(nul.json).toMatchObject({
      code: 'REQUEST.VALIDATION_FAILED',
      message: NUL_CHARACTER_MESSAGE,
      errors: [{ path: 'city', message: NUL_CHARACTER_MESSAGE }],
    });
    expect(conforms('GET', '/api/realtime', await member.call('GET', '/api/realtime')).status).toBe(426);
    expect(conforms('GET', '/api/my-venues', await member.call('GET', '/api/my-venues')).status).toBe(403);
    expect(conforms('GET', '/api/admin/users', await member.call('GET', '/api/admin/users')).status).toBe(401);
    expect(
      conforms(
        'PUT',
        '/api/users/{id}/profile',
        await member.call('PUT', `/api/users/00000000-0000-4000-8000-000000000000/profile`, { profileImages: [] }),
      ).status,
    ).toBe(403);
    expect(
      conforms('GET', '/api/conversations/{id}', await member.call('GET', `/api/conversations/${me.json.id}`)).status,
    ).toBe(200);
  });

  it('as a venue owner and a host: venues, sections, a booking, its calendar file and guest list', async () => {
    const { owner, club, section } = await world.bookableClub('Specville');
    expect(conforms('GET', '/api/my-venues', await owner.api.call('GET', '/api/my-venues')).status).toBe(200);
    expect(
      conforms('GET', '/api/venues/{id}/sections', await owner.api.call('GET', `/api/venues/${club}/sections`)).status,
    ).toBe(200);
    expect(
      conforms('GET', '/api/venue-owner-bookings', await owner.api.call('GET', '/api/venue-owner-bookings')).status,
    ).toBe(200);
    expect(conforms('POST', '/api/venues', await owner.api.call('POST', '/api/venues', { name: '' })).status).toBe(400);
    // A minimum spend below a cent (schemathesis: 5e-324, stored as 0.00 against the table's check: a 502 before): refused, nothing saved.
    const sections = async () => (await owner.api.call('GET', `/api/venues/${club}/sections`)).json;
    const before = await sections();
    const tiny = conforms(
      'POST',
      '/api/venues/{id}/sections',
      await owner.api.call('POST', `/api/venues/${club}/sections`, {
        name: 'Tiny',
        type: 'Table',
        capacity: 4,
        pricePerHour: 100,
        minimumSpend: 5e-324,
      }),
    );
    expect(tiny.status).toBe(400);
    expect(tiny.json).toMatchObject({
      code: 'REQUEST.VALIDATION_FAILED',
      errors: [{ path: 'minimumSpend', message: DEPOSIT_MESSAGES.minimumSpend }],
    });
    const update = conforms(
      'PUT',
      '/api/sections/{id}',
      await owner.api.call('PUT', `/api/sections/${section}`, {
        name: 'Main Floor',
        type: 'Table',
        capacity: 8,
        pricePerHour: 5e-324,
      }),
    );
    expect(update.status).toBe(400);
    expect(await sections()).toEqual(before);
    const host = await world.account('host', 'Hugo');
    const booking = conforms(
      'POST',
      '/api/bookings',
      await host.api.call('POST', '/api/bookings', {
        venueId: club,
        sectionId: section,
        bookingDate: nyDate(20),
        startTime: '22:00',
        duration: 2,
      }),
    );
    expect(booking.status).toBe(201);
    const cal = conforms(
      'GET',
      '/api/bookings/{id}/calendar.ics',
      await host.api.call('GET', `/api/bookings/${booking.json.id}/calendar.ics`),
    );
    expect(cal.status).toBe(200);
    // The guest list exists once social has the booking (by event): whichever answer comes, it is a documented one.
    conforms(
      'GET',
      '/api/bookings/{id}/guest-list',
      await host.api.call('GET', `/api/bookings/${booking.json.id}/guest-list`),
    );
    expect(conforms('GET', '/api/bookings/host', await host.api.call('GET', '/api/bookings/host')).status).toBe(200);
    // Someone else's booking.
    const stranger = await world.account('guest', 'Stella');
    expect(
      conforms(
        'GET',
        '/api/bookings/{id}/calendar.ics',
        await stranger.api.call('GET', `/api/bookings/${booking.json.id}/calendar.ics`),
      ).status,
    ).toBeGreaterThanOrEqual(400);
  });

  it('as the admin: sign-in, session and the lists', async () => {
    const admin = inject('admin');
    const api = new ApiClient(base);
    const login = conforms('POST', '/api/admin/login', await api.call('POST', '/api/admin/login', admin));
    expect(login.status).toBe(200);
    const bearer = { authorization: `Bearer ${login.json.token}` };
    expect(
      conforms('GET', '/api/admin/session', await api.call('GET', '/api/admin/session', undefined, bearer)).status,
    ).toBe(200);
    for (const path of [
      '/api/admin/users',
      '/api/admin/venues',
      '/api/admin/reports',
      '/api/admin/audit-log',
      '/api/admin/dancers',
      '/api/admin/vip-rooms',
    ])
      expect(conforms('GET', path, await api.call('GET', path, undefined, bearer)).status).toBe(200);
    expect(
      conforms('GET', '/api/admin/users', await api.call('GET', '/api/admin/users?page=0', undefined, bearer)).status,
    ).toBe(400);
    expect(
      conforms(
        'GET',
        '/api/admin/session',
        await api.call('GET', '/api/admin/session', undefined, { authorization: 'Bearer forged' }),
      ).status,
    ).toBe(401);
  });

  it('covered a broad sample: many operations, successes and errors', () => {
    const statuses = new Set([...covered.values()].flatMap((s) => [...s]));
    expect(covered.size).toBeGreaterThanOrEqual(35);
    for (const s of [200, 201, 400, 401, 403, 404, 409, 413, 415, 426]) expect(statuses).toContain(s);
  });
});
