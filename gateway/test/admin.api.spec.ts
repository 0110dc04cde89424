import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { api, buildPath, type RouteDef } from '@luxe/contracts';
import { ApiClient, waitFor } from './support/client';
import { inject } from './support/provided';
import { World } from './support/world';

// The admin console through the gateway, on the distributed stack: a bearer token from the admin
// login, lists from the admin's read models, decisions applied by the owning services by event,
// every decision in the audit log; and the entertainers' side served by venues.
const world = new World();
const admin = inject('admin');
beforeAll(() => world.open('admin', 'identity', 'social'));
afterAll(() => world.close());

/** A client that sends the admin bearer token, as the console does. */
class AdminClient {
  constructor(readonly token: string) {}
  readonly api = new ApiClient(world.base);
  call(method: string, path: string, body?: unknown) {
    return this.api.call(method, path, body, { authorization: `Bearer ${this.token}` });
  }
}
async function signIn(): Promise<AdminClient> {
  const r = await new ApiClient(world.base).call('POST', '/api/admin/login', {
    email: admin.email.toUpperCase(),
    password: admin.password,
  });
  expect(r.status).toBe(200);
  return new AdminClient(r.json.token);
}
let console_: AdminClient;
beforeAll(async () => {
  console_ = await signIn();
});

const clubBody = (over: Record<string, unknown> = {}) => ({
  name: `Club ${randomUUID().slice(0, 6)}`,
  type: 'club',
  subtype: 'strip_club',
  city: 'Adminville',
  state: 'Florida',
  address: '1 Console St',
  capacity: 40,
  pricePerHour: 300,
  ...over,
});

/** A pending venue the admin's read model already knows. */
async function pendingVenue(over: Record<string, unknown> = {}) {
  const owner = await world.account('venue', 'Olive');
  const v = await owner.api.call('POST', '/api/venues', clubBody(over));
  expect([v.status, v.json.approvalStatus]).toEqual([201, 'pending']);
  await world.has('admin', 'admin_venues', 'venue_id', v.json.id);
  return { owner, venueId: v.json.id as string, name: v.json.name as string };
}
const publicNames = async () =>
  ((await new ApiClient(world.base).call('GET', '/api/venues')).json as { name: string }[]).map((v) => v.name);
const audit = async (targetId: string) =>
  (await console_.call('GET', `/api/admin/audit-log?targetId=${targetId}`)).json.entries as {
    action: string;
    before: unknown;
    after: unknown;
    adminEmail: string;
  }[];

describe('admin sign-in', () => {
  it('gives a bearer token for the right password only; the token, not a member session, opens the admin routes', async () => {
    const wrong = await new ApiClient(world.base).call('POST', '/api/admin/login', {
      email: admin.email,
      password: 'not-the-password',
    });
    expect([wrong.status, wrong.json.message]).toEqual([401, 'Invalid admin credentials']);
    const unknown = await new ApiClient(world.base).call('POST', '/api/admin/login', {
      email: 'nobody@example.com',
      password: 'whatever-it-is',
    });
    expect([unknown.status, unknown.json.message]).toEqual([401, 'Invalid admin credentials']);
    const bad = await new ApiClient(world.base).call('POST', '/api/admin/login', {
      email: 'not-an-email',
      password: '',
    });
    expect(bad.status).toBe(400);

    const ok = await new ApiClient(world.base).call('POST', '/api/admin/login', {
      email: admin.email,
      password: admin.password,
    });
    expect(ok.json).toMatchObject({ admin: { email: admin.email }, token: expect.any(String) });
    const ttl = new Date(ok.json.expiresAt).getTime() - Date.now();
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(900_000);
    expect((await new AdminClient(ok.json.token).call('GET', '/api/admin/session')).json).toEqual(ok.json.admin);

    // A member (even signed in) and a forged or expired token are refused.
    const member = await world.account('host');
    expect((await member.api.call('GET', '/api/admin/session')).status).toBe(401);
    expect((await new AdminClient(`${ok.json.token}x`).call('GET', '/api/admin/session')).status).toBe(401);
    const key = new TextEncoder().encode(inject('adminTokenSecret'));
    const expired = await new SignJWT({ email: admin.email })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(ok.json.admin.id)
      .setIssuer('luxeswipe-gateway')
      .setAudience('luxeswipe-admin')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(key);
    const late = await new AdminClient(expired).call('GET', '/api/admin/users');
    expect([late.status, late.json.message]).toEqual([401, 'Your admin session has expired. Please sign in again.']);
    const foreign = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(ok.json.admin.id)
      .setIssuer('luxeswipe-gateway')
      .setAudience('luxeswipe-admin')
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('x'.repeat(40)));
    expect((await new AdminClient(foreign).call('GET', '/api/admin/users')).status).toBe(401);
  });

  it('refuses a visitor and a member on every admin route', async () => {
    const member = await world.account('venue');
    const routes = (Object.values(api.admin) as RouteDef[]).filter((r) => r.access === 'admin');
    expect(routes.length).toBeGreaterThanOrEqual(12);
    for (const r of routes) {
      const path = buildPath(r.path, { venueId: randomUUID(), userId: randomUUID(), id: randomUUID() });
      const body = r.method === 'GET' || r.method === 'DELETE' ? undefined : {};
      expect([r.id, (await new ApiClient(world.base).call(r.method, path, body)).status]).toEqual([r.id, 401]);
      expect([r.id, (await member.api.call(r.method, path, body)).status]).toEqual([r.id, 401]);
    }
  });

  it('limits wrong passwords per admin account', async () => {
    const statuses: number[] = [];
    const email = `limited.${randomUUID()}@example.com`;
    for (let i = 0; i < 7; i++)
      statuses.push(
        (await new ApiClient(world.base).call('POST', '/api/admin/login', { email, password: `guess-${i}` })).status,
      );
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('venue approval', () => {
  it('approves only from pending; the approved venue appears in the public list; a rejected one never does; both are audited', async () => {
    const a = await pendingVenue();
    const b = await pendingVenue();
    expect(await publicNames()).not.toContain(a.name);
    const listed = await console_.call(
      'GET',
      `/api/admin/venues?search=${encodeURIComponent(a.name)}&approvalStatus=pending`,
    );
    expect(listed.json).toMatchObject({
      total: 1,
      venues: [{ id: a.venueId, approvalStatus: 'pending', owner: { id: a.owner.id, firstName: 'Olive' } }],
    });

    const bad = await console_.call('PUT', `/api/admin/venues/${a.venueId}/approval`, { status: 'maybe' });
    expect([bad.status, bad.json.message]).toEqual([400, 'Status must be approved or rejected']);
    const approved = await console_.call('PUT', `/api/admin/venues/${a.venueId}/approval`, { status: 'approved' });
    expect([approved.status, approved.json.message, approved.json.venue.approvalStatus]).toEqual([
      200,
      'Venue approved',
      'approved',
    ]);
    const again = await console_.call('PUT', `/api/admin/venues/${a.venueId}/approval`, { status: 'rejected' });
    expect([again.status, again.json.message]).toEqual([409, 'This venue has already been decided']);
    const missing = await console_.call('PUT', `/api/admin/venues/${randomUUID()}/approval`, { status: 'approved' });
    expect([missing.status, missing.json.message]).toEqual([404, 'Venue not found']);
    expect(
      (await console_.call('PUT', `/api/admin/venues/${b.venueId}/approval`, { status: 'rejected' })).json.message,
    ).toBe('Venue rejected');

    await waitFor('the approved venue is public', async () => (await publicNames()).includes(a.name));
    await waitFor(
      'venues applied the rejection',
      async () =>
        (await world.dbs.venues.query('SELECT approval_status FROM venues WHERE id = $1', [b.venueId])).rows[0]
          .approval_status === 'rejected',
    );
    expect(await publicNames()).not.toContain(b.name);
    expect(await audit(a.venueId)).toEqual([
      expect.objectContaining({
        action: 'venue.approve',
        adminEmail: admin.email,
        before: { approvalStatus: 'pending' },
        after: { approvalStatus: 'approved' },
      }),
    ]);
    expect((await audit(b.venueId)).map((e) => e.action)).toEqual(['venue.reject']);
  });
});

describe('VIP rooms and entertainers', () => {
  it('assigns only a dancer of the same venue to a VIP room; the linked entertainer accepts; the owner revokes; all audited', async () => {
    const { owner, venueId } = await pendingVenue();
    await console_.call('PUT', `/api/admin/venues/${venueId}/approval`, { status: 'approved' });
    await waitFor(
      'venues applied the approval',
      async () =>
        (await world.dbs.venues.query('SELECT approval_status FROM venues WHERE id = $1', [venueId])).rows[0]
          .approval_status === 'approved',
    );
    const room = (
      await owner.api.call('POST', `/api/venues/${venueId}/sections`, {
        name: 'Ruby Room',
        type: 'VIP Room',
        capacity: 4,
        pricePerHour: 600,
        isVipRoom: true,
      })
    ).json.id as string;
    const floor = (
      await owner.api.call('POST', `/api/venues/${venueId}/sections`, {
        name: 'Main Floor',
        type: 'Table',
        capacity: 8,
        pricePerHour: 200,
      })
    ).json.id as string;
    const dancer = (
      await owner.api.call('POST', `/api/venues/${venueId}/dancers`, { name: 'Roxy', priceModifier: 1.5 })
    ).json.id as string;
    const other = await pendingVenue();
    const stranger = (await other.owner.api.call('POST', `/api/venues/${other.venueId}/dancers`, { name: 'Nova' })).json
      .id as string;
    for (const [table, col, id] of [
      ['admin_sections', 'section_id', room],
      ['admin_sections', 'section_id', floor],
      ['admin_dancers', 'dancer_id', dancer],
      ['admin_dancers', 'dancer_id', stranger],
    ])
      await world.has('admin', table, col, id);

    const cases: [Record<string, unknown>, number, string][] = [
      [{ sectionId: room, dancerId: stranger }, 400, 'The dancer must belong to the same venue as the VIP room'],
      [{ sectionId: floor, dancerId: dancer }, 400, 'Only VIP rooms take dancer assignments'],
      [{ sectionId: randomUUID(), dancerId: dancer }, 404, 'VIP room not found'],
      [{ sectionId: room, dancerId: randomUUID() }, 404, 'Dancer not found'],
      [{ sectionId: room }, 400, 'Please choose a dancer'],
    ];
    for (const [body, status, message] of cases) {
      const r = await console_.call('POST', '/api/admin/vip-assignments', body);
      expect([r.status, r.json.message]).toEqual([status, message]);
    }
    expect(
      (await world.dbs.admin.query('SELECT count(*)::int AS n FROM admin_assignments WHERE section_id = $1', [room]))
        .rows[0].n,
    ).toBe(0);

    // An entertainer asks to join; the owner approves by linking the dancer profile.
    const ent = new ApiClient(world.base);
    const reg = await ent.call('POST', '/api/auth/register', {
      email: `ent.${randomUUID()}@example.com`,
      password: 'correct-horse',
      firstName: 'Electra',
      lastName: 'Stage',
      city: 'Miami, FL',
      state: 'Florida',
      userType: 'entertainer',
    });
    const host = await world.account('host');
    const notEnt = await host.api.call('POST', '/api/entertainer/venue-requests', { venueId });
    expect([notEnt.status, notEnt.json.message]).toEqual([403, 'Only entertainers can ask to join a venue']);
    const asked = await ent.call('POST', '/api/entertainer/venue-requests', { venueId });
    expect([asked.status, asked.json.status, asked.json.venueId]).toEqual([201, 'pending', venueId]);
    expect((await ent.call('POST', '/api/entertainer/venue-requests', { venueId })).status).toBe(409);
    const pendingOther = await ent.call('POST', '/api/entertainer/venue-requests', { venueId: other.venueId });
    expect([pendingOther.status, pendingOther.json.message]).toEqual([404, 'Venue not found']); // not approved: not public
    const ownerView = await owner.api.call('GET', '/api/venue-owner/entertainer-requests');
    expect(ownerView.json).toEqual([
      expect.objectContaining({ id: asked.json.id, entertainer: expect.objectContaining({ id: reg.json.id }) }),
    ]);
    expect(
      (
        await other.owner.api.call('POST', `/api/venue-owner/entertainer-requests/${asked.json.id}/approve`, {
          dancerId: dancer,
        })
      ).status,
    ).toBe(404);
    const linked = await owner.api.call('POST', `/api/venue-owner/entertainer-requests/${asked.json.id}/approve`, {
      dancerId: dancer,
    });
    expect([linked.status, linked.json.status, linked.json.dancerId]).toEqual([200, 'approved', dancer]);
    await waitFor(
      'admin sees the dancer linked',
      async () =>
        (await world.dbs.admin.query('SELECT entertainer_user_id FROM admin_dancers WHERE dancer_id = $1', [dancer]))
          .rows[0].entertainer_user_id === reg.json.id,
    );

    const proposed = await console_.call('POST', '/api/admin/vip-assignments', { sectionId: room, dancerId: dancer });
    expect([proposed.status, proposed.json.message, proposed.json.assignment.status]).toEqual([
      201,
      'Dancer assignment proposed',
      'proposed',
    ]);
    const id = proposed.json.assignment.id as string;
    const mine = await waitFor('the entertainer sees the proposal', async () =>
      (await ent.call('GET', '/api/entertainer/vip-assignments')).json.find((a: { id: string }) => a.id === id),
    );
    expect(mine).toMatchObject({ sectionName: 'Ruby Room', dancerName: 'Roxy', status: 'proposed' });
    expect((await host.api.call('POST', `/api/entertainer/vip-assignments/${id}/accept`)).status).toBe(404);
    expect((await ent.call('POST', `/api/entertainer/vip-assignments/${id}/accept`)).json.status).toBe('accepted');
    const twice = await ent.call('POST', `/api/entertainer/vip-assignments/${id}/decline`);
    expect([twice.status, twice.json.message]).toEqual([409, 'This assignment has already been answered']);
    const rooms = await waitFor('the admin sees it accepted', async () => {
      const r = (await console_.call('GET', `/api/admin/vip-rooms?venueId=${venueId}`)).json.vipRooms;
      return r[0]?.assignment?.status === 'accepted' ? r : undefined;
    });
    expect(rooms).toEqual([
      expect.objectContaining({
        id: room,
        name: 'Ruby Room',
        assignment: expect.objectContaining({ dancerName: 'Roxy', status: 'accepted' }),
      }),
    ]);

    // The owner revokes; revoking again is refused; the proposal is in the audit log.
    expect((await owner.api.call('POST', `/api/venue-owner/vip-assignments/${id}/revoke`)).json.status).toBe('revoked');
    expect((await owner.api.call('POST', `/api/venue-owner/vip-assignments/${id}/revoke`)).status).toBe(409);
    expect((await audit(id)).map((e) => e.action)).toEqual(['vip-assignment.propose']);
    const dancers = await console_.call('GET', `/api/admin/dancers?venueId=${venueId}`);
    expect(dancers.json.dancers.map((d: { name: string }) => d.name)).toEqual(['Roxy']);
  });
});

describe('members and reports', () => {
  it('a suspended member is signed out and refused sign-in until reinstated; both audited', async () => {
    const email = `susp.${randomUUID()}@example.com`;
    const m = new ApiClient(world.base);
    const reg = await m.call('POST', '/api/auth/register', {
      email,
      password: 'correct-horse',
      firstName: 'Sid',
      lastName: 'Pended',
      city: 'Miami, FL',
      state: 'Florida',
      userType: 'guest',
    });
    await world.has('admin', 'admin_users', 'user_id', reg.json.id);
    const found = await console_.call('GET', `/api/admin/users?search=${encodeURIComponent(email)}`);
    expect(found.json).toMatchObject({ total: 1, users: [{ id: reg.json.id, email, suspended: false }] });
    expect(found.json.users[0]).not.toHaveProperty('passwordHash');

    const noReason = await console_.call('POST', `/api/admin/users/${reg.json.id}/suspension`, { reason: ' ' });
    expect([noReason.status, noReason.json.message]).toEqual([400, 'Please give a reason (at most 500 characters)']);
    const s = await console_.call('POST', `/api/admin/users/${reg.json.id}/suspension`, {
      reason: 'Harassment reports',
    });
    expect([s.status, s.json.suspended, s.json.suspendedReason]).toEqual([200, true, 'Harassment reports']);
    expect(
      (await console_.call('POST', `/api/admin/users/${reg.json.id}/suspension`, { reason: 'again' })).status,
    ).toBe(409);
    await waitFor('the session ends', async () => (await m.call('GET', '/api/auth/me')).status === 401);
    const refused = await new ApiClient(world.base).call('POST', '/api/auth/login', {
      email,
      password: 'correct-horse',
    });
    expect([refused.status, refused.json.message]).toEqual([403, 'Your account has been suspended']);
    // A wrong password still gets the generic answer: the suspension is said to the account holder only.
    expect(
      (await new ApiClient(world.base).call('POST', '/api/auth/login', { email, password: 'wrong-horse' })).status,
    ).toBe(401);
    expect(
      (await console_.call('GET', '/api/admin/users?status=suspended&pageSize=100')).json.users.map(
        (u: { id: string }) => u.id,
      ),
    ).toContain(reg.json.id);

    expect((await console_.call('DELETE', `/api/admin/users/${reg.json.id}/suspension`)).json.suspended).toBe(false);
    await waitFor(
      'sign-in works again',
      async () =>
        (await new ApiClient(world.base).call('POST', '/api/auth/login', { email, password: 'correct-horse' }))
          .status === 200,
    );
    expect((await audit(reg.json.id)).map((e) => e.action).sort()).toEqual(['user.reinstate', 'user.suspend']);
  });

  it("members' reports reach the admin, who resolves each once", async () => {
    const guest = await world.account('guest', 'Gina');
    const host = await world.account('host', 'Hugo');
    await world.has('social', 'member_cards', 'user_id', host.id);
    const filed = await guest.api.call('POST', `/api/users/${host.id}/report`, {
      reason: 'spam',
      details: 'Sends links',
    });
    expect(filed.status).toBe(201);
    const report = await waitFor('the admin has the report', async () =>
      (await console_.call('GET', '/api/admin/reports?status=open&pageSize=100')).json.reports.find(
        (r: { id: string }) => r.id === filed.json.id,
      ),
    );
    expect(report).toMatchObject({
      kind: 'user',
      reason: 'spam',
      details: 'Sends links',
      status: 'open',
      reporter: { id: guest.id },
      reported: { id: host.id, suspended: false },
    });
    const done = await console_.call('PUT', `/api/admin/reports/${filed.json.id}`, {
      status: 'resolved',
      note: 'Warned',
    });
    expect([done.status, done.json.status]).toEqual([200, 'resolved']);
    const again = await console_.call('PUT', `/api/admin/reports/${filed.json.id}`, { status: 'dismissed' });
    expect([again.status, again.json.message]).toEqual([409, 'This report has already been handled']);
    expect(await audit(filed.json.id)).toEqual([
      expect.objectContaining({ action: 'report.resolve', after: { status: 'resolved', note: 'Warned' } }),
    ]);
  });
});
