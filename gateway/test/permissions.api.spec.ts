import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { allRoutes, nightOf, todayInNewYork, type RouteDef } from '@luxe/contracts';
import { ApiClient, uniqueEmail, validRegistration, waitFor } from './support/client';
import { inject } from './support/provided';
import { postUpload } from './support/storage';
import { nyDate, World } from './support/world';

// The permission matrix: every documented /api route × {anonymous, another member, the owner, a
// venue owner, an admin}, each with the status it must answer. The refused roles are called
// first and must change nothing that the owner's call then needs; a route without a row fails
// the first test, so a new route cannot ship without saying who may call it.
//
// "The owner" is whoever the route's resource belongs to: the host of the booking, the venue
// owner of the venue, the invitee of an invite, the entertainer of an assignment, the user of his
// own account. "Another member" is a signed-in host with no part in it, "a venue owner" a signed-in
// venue owner with no part in it, "an admin" the console's bearer token (a token, not a member
// session). Every call runs on a copy of the role's session, so nothing here signs anyone out.

type Role = 'anonymous' | 'member' | 'owner' | 'venueOwner' | 'admin';
/** Refused roles first: the owner's call may change or remove what the row acts on. */
const ORDER: Role[] = ['anonymous', 'member', 'venueOwner', 'admin', 'owner'];

interface Res {
  status: number;
  json: any;
}
/** Someone who calls the API: a session cookie, the admin's bearer token, or nothing. */
interface Caller {
  call(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Res>;
}

const world = new World();
const adminCreds = inject('admin');
const PIXEL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

/** One call as the web client makes it, without following redirects (a 302 is an answer here) and without keeping any cookie it sets. */
async function request(method: string, path: string, body: unknown, headers: Record<string, string>): Promise<Res> {
  const h: Record<string, string> = { 'x-requested-with': 'XMLHttpRequest', ...headers };
  if (body !== undefined && !h['content-type']) h['content-type'] = 'application/json';
  const res = await fetch(new URL(path, world.base), {
    method,
    headers: h,
    redirect: 'manual',
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let json: any;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, json };
}
function anonymous(): Caller {
  return { call: (m, p, b, h = {}) => request(m, p, b, h) };
}
/** A member's session (its cookie on every call; nothing a call answers replaces it). */
function session(cookie: string): Caller {
  return { call: (m, p, b, h = {}) => request(m, p, b, { cookie: `luxe_session=${cookie}`, ...h }) };
}
function bearer(token: string): Caller {
  return { call: (m, p, b, h = {}) => request(m, p, b, { authorization: `Bearer ${token}`, ...h }) };
}
/** Puts a small JPEG where an upload URL points (as the browser does). */
/** Posts a small JPEG with an upload-url answer's presigned POST; resolves with the upload's path. */
async function upload(u: {
  uploadURL?: string;
  uploadUrl?: string;
  fields: Record<string, string>;
  objectPath: string;
}): Promise<string> {
  const sharp = (await import('sharp')).default;
  const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 10, g: 20, b: 30 } } })
    .jpeg()
    .toBuffer();
  expect((await postUpload(u, jpeg)).status).toBe(204);
  return u.objectPath;
}
/** A member every service has heard of (social and admin keep read models of members). */
async function known(userType: 'host' | 'guest', firstName: string): Promise<Member> {
  const m = await member(userType, firstName);
  await world.has('social', 'member_cards', 'user_id', m.id);
  await world.has('admin', 'admin_users', 'user_id', m.id);
  return m;
}

interface Member {
  id: string;
  email: string;
  password: string;
  as: Caller;
}
async function member(userType: 'host' | 'guest' | 'venue' | 'entertainer', firstName = 'Ada'): Promise<Member> {
  const api = new ApiClient(world.base);
  const body = validRegistration({ userType, firstName, email: uniqueEmail(`perm-${userType}`) });
  const r = await api.call('POST', '/api/auth/register', body);
  expect(r.status).toBe(201);
  return {
    id: r.json.id,
    email: body.email as string,
    password: body.password as string,
    as: session(api.cookie('luxe_session')!),
  };
}

/** What the rows act on, made once (rows that destroy what they act on make their own). */
interface Fixtures {
  host: Member;
  other: Member;
  guest: Member;
  owner: Member;
  otherOwner: Member;
  entertainer: Member;
  admin: Caller;
  club: string;
  room: string;
  dancer: string;
  bartender: string;
  yacht: string;
  booking: string;
  friend: string;
  friendToken: string;
  friendImage: string;
  userImage: string;
  venueImage: string;
  conversation: string;
  message: string;
}
let fx: Fixtures;

const clubBody = (over: Record<string, unknown> = {}) => ({
  name: `Perm ${randomUUID().slice(0, 6)}`,
  type: 'club',
  subtype: 'strip_club',
  city: 'Permtown',
  state: 'Florida',
  address: '1 Matrix St',
  capacity: 60,
  pricePerHour: 300,
  ...over,
});

async function venueOf(owner: Member, over: Record<string, unknown> = {}, approve = true): Promise<string> {
  const v = await owner.as.call('POST', '/api/venues', clubBody(over));
  expect(v.status).toBe(201);
  if (approve) await world.approve(v.json.id);
  return v.json.id;
}
async function sectionOf(owner: Member, venueId: string, over: Record<string, unknown> = {}): Promise<string> {
  const s = await owner.as.call('POST', `/api/venues/${venueId}/sections`, {
    name: 'Ruby Room',
    type: 'VIP Room',
    capacity: 6,
    pricePerHour: 500,
    isVipRoom: true,
    ...over,
  });
  expect(s.status).toBe(201);
  return s.json.id;
}
async function pendingRequest(): Promise<{ guest: Member; id: string }> {
  const guest = await member('guest', 'Gia');
  await world.has('social', 'member_cards', 'user_id', guest.id);
  const r = await guest.as.call('POST', '/api/event-join-requests', { bookingId: fx.booking });
  expect(r.status).toBe(201);
  return { guest, id: r.json.id };
}
let splitDay = 40;
/** A held yacht booking of the host (on a day of its own). */
async function heldYacht(): Promise<string> {
  // A member keeps at most 3 holds waiting for payment (issue 29): the earlier rows' holds have
  // served their purpose, so their time is up.
  await world.dbs.bookings.query(`UPDATE bookings SET hold_expires_at = now() WHERE host_id = $1 AND status = 'held'`, [
    fx.host.id,
  ]);
  const h = await fx.host.as.call('POST', '/api/bookings/holds', {
    venueId: fx.yacht,
    bookingDate: nyDate(splitDay++),
    startTime: '20:00',
    duration: 2,
  });
  expect(h.status).toBe(201);
  return h.json.id;
}
/** …split in two: its id and the guest share's token. */
async function splitYacht(): Promise<{ id: string; token: string }> {
  const id = await heldYacht();
  const r = await fx.host.as.call('POST', `/api/bookings/${id}/split`, { shares: 2, fallback: 'release' });
  expect(r.status).toBe(201);
  return { id, token: r.json.shares[1].link.replace('/split/', '') };
}
async function invitedGuest(): Promise<{ guest: Member; id: string }> {
  const guest = await member('guest', 'Ivy');
  await world.has('social', 'member_cards', 'user_id', guest.id);
  const r = await fx.host.as.call('POST', '/api/invites', {
    guestId: guest.id,
    eventTitle: 'Matrix night',
    eventDate: nyDate(10),
    bookingId: fx.booking,
  });
  expect(r.status).toBe(201);
  return { guest, id: r.json.id };
}
/** An entertainer linked (by the venue owner) to a new dancer of the club. */
async function linkedDancer(): Promise<{ entertainer: Member; dancer: string }> {
  const entertainer = await member('entertainer', 'Electra');
  const asked = await entertainer.as.call('POST', '/api/entertainer/venue-requests', { venueId: fx.club });
  expect(asked.status).toBe(201);
  const dancer = (await fx.owner.as.call('POST', `/api/venues/${fx.club}/dancers`, { name: 'Linked' })).json
    .id as string;
  expect(
    (
      await fx.owner.as.call('POST', `/api/venue-owner/entertainer-requests/${asked.json.id}/approve`, {
        dancerId: dancer,
      })
    ).status,
  ).toBe(200);
  await world.has('admin', 'admin_dancers', 'dancer_id', dancer);
  await waitFor(
    'the admin knows the link',
    async () =>
      (
        await world.dbs.admin.query(
          'SELECT 1 FROM admin_dancers WHERE dancer_id = $1 AND entertainer_user_id IS NOT NULL',
          [dancer],
        )
      ).rows.length === 1,
  );
  return { entertainer, dancer };
}
/** An admin's proposal of a linked entertainer for the VIP room, seen by her. */
async function proposal(): Promise<{ entertainer: Member; id: string }> {
  const { entertainer, dancer } = await linkedDancer();
  const proposed = await fx.admin.call('POST', '/api/admin/vip-assignments', { sectionId: fx.room, dancerId: dancer });
  expect(proposed.status).toBe(201);
  const id = proposed.json.assignment.id as string;
  await waitFor('the entertainer sees the proposal', async () =>
    ((await entertainer.as.call('GET', '/api/entertainer/vip-assignments')).json as { id: string }[]).some(
      (a) => a.id === id,
    ),
  );
  return { entertainer, id };
}

/** A row: what to call, and the status each role gets. */
interface Row {
  /** Builds what this row alone acts on (and, when the resource is someone else's, its owner). */
  setup?: () => Promise<Record<string, any>>;
  /** The owner of this row's resource (default: the host of the booking). */
  owner?: (s: Record<string, any>) => Caller;
  /** Other callers than the shared ones (sign-out must not end the sessions the other rows use). */
  callers?: (s: Record<string, any>) => Partial<Record<Role, Caller>>;
  path: (s: Record<string, any>) => string;
  body?: (s: Record<string, any>, role: Role) => unknown;
  headers?: Record<string, string>;
  expect: Record<Role, number>;
}

// The expected answers, by kind of route.
const all = (status: number): Record<Role, number> => ({
  anonymous: status,
  member: status,
  owner: status,
  venueOwner: status,
  admin: status,
});
/** Any signed-in member, each on his own data; an admin token is not a member session. */
const signedIn = (status: number, over: Partial<Record<Role, number>> = {}): Record<Role, number> => ({
  anonymous: 401,
  admin: 401,
  member: status,
  venueOwner: status,
  owner: status,
  ...over,
});
/** The owner only; other members are refused with `refused` (403, or 404 where the resource is not shown to them). */
const ownerOnly = (
  status: number,
  refused: number,
  over: Partial<Record<Role, number>> = {},
): Record<Role, number> => ({
  anonymous: 401,
  admin: 401,
  member: refused,
  venueOwner: refused,
  owner: status,
  ...over,
});
/** A venue owner's route on his venue: a host is refused (403) before anything else; another owner gets `otherOwner`. */
const venueOwnerOnly = (status: number, otherOwner: number): Record<Role, number> => ({
  anonymous: 401,
  admin: 401,
  member: 403,
  venueOwner: otherOwner,
  owner: status,
});
/** The admin console only: no member session opens it. */
const adminOnly = (status: number): Record<Role, number> => ({
  anonymous: 401,
  member: 401,
  venueOwner: 401,
  owner: 401,
  admin: status,
});

const venueOwner = () => fx.owner.as;
/** A different slot for each role's booking of the same room, so no call is refused for the slot. */
const slotOf: Record<Role, string> = {
  anonymous: '18:00',
  member: '19:00',
  venueOwner: '20:00',
  admin: '21:00',
  owner: '22:00',
};
const dayOf: Record<Role, number> = { anonymous: 20, member: 21, venueOwner: 22, admin: 23, owner: 24 };

const rows: Record<string, Row> = {
  // Accounts.
  'auth.register': {
    path: () => '/api/auth/register',
    body: () => validRegistration({ email: uniqueEmail('perm-reg') }),
    expect: all(201),
  },
  'auth.login': {
    path: () => '/api/auth/login',
    body: () => ({ email: fx.other.email, password: fx.other.password }),
    expect: all(200),
  },
  'auth.logout': {
    setup: async () => ({
      member: await member('host'),
      venueOwner: await member('venue'),
      owner: await member('host'),
    }),
    callers: (s) => ({ member: s.member.as, venueOwner: s.venueOwner.as, owner: s.owner.as }),
    path: () => '/api/auth/logout',
    expect: all(204),
  },
  'auth.me': { path: () => '/api/auth/me', expect: signedIn(200) },
  // Public: the same answer for everyone (and for an address with no account).
  'auth.requestPasswordReset': {
    path: () => '/api/auth/password-reset',
    body: () => ({ email: uniqueEmail('perm-reset') }),
    expect: all(202),
  },
  // A token nobody was sent: refused alike, whoever asks (a session changes nothing).
  'auth.resetPassword': {
    path: () => '/api/auth/password-reset/confirm',
    body: () => ({ token: 'x'.repeat(43), password: 'a-new-password' }),
    expect: all(400),
  },
  'auth.verifyEmail': {
    path: () => '/api/auth/verify-email',
    body: () => ({ token: 'y'.repeat(43) }),
    expect: all(400),
  },
  'auth.resendVerification': { path: () => '/api/auth/verify-email/resend', expect: signedIn(202) },
  'users.updateProfile': {
    path: () => '/api/profile',
    body: () => ({ age: 30, bio: 'Matrix row, one of many' }),
    expect: signedIn(200),
  },
  'users.savePhotos': {
    path: () => `/api/users/${fx.host.id}/profile`,
    body: () => ({ profileImages: [] }),
    expect: ownerOnly(200, 403),
  },
  'users.uploadUrl': { path: () => `/api/users/${fx.host.id}/upload-url`, expect: ownerOnly(200, 403) },
  'users.addImage': {
    setup: async () => {
      const u = await fx.host.as.call('POST', `/api/users/${fx.host.id}/upload-url`);
      return { imageURL: await upload(u.json) };
    },
    path: () => `/api/users/${fx.host.id}/images`,
    body: (s) => ({ imageURL: s.imageURL }),
    expect: ownerOnly(200, 403),
  },
  'users.image': { path: () => fx.userImage, expect: all(302) },
  'users.deleteAccount': {
    setup: async () => ({ doomed: await member('host', 'Doomed') }),
    owner: (s) => s.doomed.as,
    path: (s) => `/api/users/${s.doomed.id}`,
    expect: ownerOnly(204, 403),
  },

  // Venues.
  'venues.create': {
    path: () => '/api/venues',
    body: () => clubBody(),
    expect: venueOwnerOnly(201, 201),
    owner: venueOwner,
  },
  'venues.update': {
    setup: async () => ({ venue: await venueOf(fx.owner, {}, false) }),
    owner: venueOwner,
    path: (s) => `/api/venues/${s.venue}`,
    body: () => clubBody({ name: 'Renamed' }),
    expect: venueOwnerOnly(200, 403),
  },
  'venues.remove': {
    setup: async () => ({ venue: await venueOf(fx.owner, {}, false) }),
    owner: venueOwner,
    path: (s) => `/api/venues/${s.venue}`,
    expect: venueOwnerOnly(204, 403),
  },
  'venues.get': { path: () => `/api/venues/${fx.club}`, expect: all(200) },
  'venues.list': { path: () => '/api/venues', expect: all(200) },
  'venues.byLocation': { path: () => '/api/venues/Permtown/Florida/club', expect: all(200) },
  'venues.mine': { owner: venueOwner, path: () => '/api/my-venues', expect: venueOwnerOnly(200, 200) },
  'venues.sections': { path: () => `/api/venues/${fx.club}/sections`, expect: all(200) },
  'venues.createSection': {
    owner: venueOwner,
    path: () => `/api/venues/${fx.club}/sections`,
    body: () => ({ name: 'Floor', type: 'Table', capacity: 6, pricePerHour: 200 }),
    expect: venueOwnerOnly(201, 403),
  },
  'venues.updateSection': {
    setup: async () => ({ section: await sectionOf(fx.owner, fx.club, { isVipRoom: false, type: 'Table' }) }),
    owner: venueOwner,
    path: (s) => `/api/sections/${s.section}`,
    body: () => ({ name: 'Floor 2', type: 'Table', capacity: 8, pricePerHour: 250 }),
    expect: venueOwnerOnly(200, 403),
  },
  'venues.removeSection': {
    setup: async () => ({ section: await sectionOf(fx.owner, fx.club, { isVipRoom: false, type: 'Table' }) }),
    owner: venueOwner,
    path: (s) => `/api/sections/${s.section}`,
    expect: venueOwnerOnly(204, 403),
  },
  'staff.dancers': { owner: venueOwner, path: () => `/api/venues/${fx.club}/dancers`, expect: signedIn(200) },
  'staff.createDancer': {
    owner: venueOwner,
    path: () => `/api/venues/${fx.club}/dancers`,
    body: () => ({ name: 'Nova' }),
    expect: venueOwnerOnly(201, 403),
  },
  'staff.updateDancer': {
    owner: venueOwner,
    path: () => `/api/dancers/${fx.dancer}`,
    body: () => ({ name: 'Roxy', priceModifier: 1.5 }),
    expect: venueOwnerOnly(200, 403),
  },
  'staff.removeDancer': {
    setup: async () => ({
      dancer: (await fx.owner.as.call('POST', `/api/venues/${fx.club}/dancers`, { name: 'Temp' })).json.id,
    }),
    owner: venueOwner,
    path: (s) => `/api/dancers/${s.dancer}`,
    expect: venueOwnerOnly(204, 403),
  },
  'staff.bartenders': {
    owner: venueOwner,
    path: () => `/api/venues/${fx.club}/bartenders`,
    expect: venueOwnerOnly(200, 403),
  },
  'staff.createBartender': {
    owner: venueOwner,
    path: () => `/api/venues/${fx.club}/bartenders`,
    body: () => ({ name: 'Milo' }),
    expect: venueOwnerOnly(201, 403),
  },
  'staff.updateBartender': {
    owner: venueOwner,
    path: () => `/api/bartenders/${fx.bartender}`,
    body: () => ({ name: 'Sam' }),
    expect: venueOwnerOnly(200, 403),
  },
  'staff.removeBartender': {
    setup: async () => ({
      bartender: (await fx.owner.as.call('POST', `/api/venues/${fx.club}/bartenders`, { name: 'Temp' })).json.id,
    }),
    owner: venueOwner,
    path: (s) => `/api/bartenders/${s.bartender}`,
    expect: venueOwnerOnly(204, 403),
  },
  'venueImages.uploadUrl': {
    owner: venueOwner,
    path: () => '/api/venue-images/upload-url',
    expect: venueOwnerOnly(200, 200),
  },
  // Another owner's call names an upload of someone else: refused as not his upload (400, the upload message), nothing kept.
  'venueImages.add': {
    setup: async () => {
      const u = await fx.owner.as.call('POST', '/api/venue-images/upload-url');
      return { imageURL: await upload(u.json) };
    },
    owner: venueOwner,
    path: () => '/api/venue-images',
    body: (s) => ({ imageURL: s.imageURL }),
    expect: venueOwnerOnly(200, 400),
  },
  'venueImages.image': { path: () => fx.venueImage, expect: all(302) },
  'venueImages.placeholderYacht': { path: () => '/api/placeholder-yacht', expect: all(302) },
  'venueImages.placeholderVenue': { path: () => '/api/placeholder-venue', expect: all(302) },
  'venueImages.placeholderSection': { path: () => '/api/placeholder-section', expect: all(302) },

  // Bookings and payments.
  'bookings.create': {
    path: () => '/api/bookings',
    body: (_s, role) => ({
      venueId: fx.club,
      sectionId: fx.room,
      bookingDate: nyDate(dayOf[role]),
      startTime: slotOf[role],
      duration: 1,
    }),
    expect: signedIn(201),
  },
  'bookings.mine': { path: () => '/api/bookings/user', expect: signedIn(200) },
  'bookings.hosted': { path: () => '/api/bookings/host', expect: signedIn(200) },
  'bookings.atMyVenues': {
    owner: venueOwner,
    path: () => '/api/venue-owner-bookings',
    expect: venueOwnerOnly(200, 200),
  },
  'bookings.availability': {
    path: () => `/api/venues/${fx.club}/availability?date=${nyDate(3)}&sectionId=${fx.room}`,
    expect: all(200),
  },
  'bookings.setGuestVisibility': {
    path: () => `/api/bookings/${fx.booking}/guest-visibility`,
    body: () => ({ guestVisibility: 'both' }),
    expect: ownerOnly(200, 404),
  },
  'bookings.calendar': { path: () => `/api/bookings/${fx.booking}/calendar.ics`, expect: ownerOnly(200, 404) },
  // The host cancels his own booking (a fresh one: the owner's call cancels it); others: not shown.
  'bookings.cancel': {
    setup: async () => {
      const b = await fx.host.as.call('POST', '/api/bookings', {
        venueId: fx.club,
        sectionId: fx.room,
        bookingDate: nyDate(30),
        startTime: '20:00',
        duration: 1,
      });
      expect(b.status).toBe(201);
      return { id: b.json.id };
    },
    path: (s) => `/api/bookings/${s.id}/cancel`,
    expect: ownerOnly(200, 404),
  },
  'bookings.hold': {
    path: () => '/api/bookings/holds',
    body: (_s, role) => ({ venueId: fx.yacht, bookingDate: nyDate(dayOf[role]), startTime: slotOf[role], duration: 2 }),
    expect: signedIn(201),
  },
  // A friend for one's own booking only (another's booking is not shown: 404); venue owners book too.
  'friends.create': {
    path: () => '/api/friends',
    body: () => ({ name: 'Marta', bookingId: fx.booking }),
    expect: ownerOnly(201, 404),
  },
  'friends.uploadUrl': { path: () => `/api/friends/${fx.friend}/images`, expect: ownerOnly(200, 404) },
  'friends.setPicture': {
    setup: async () => {
      const u = await fx.host.as.call('POST', `/api/friends/${fx.friend}/images`);
      return { imageURL: await upload(u.json) };
    },
    path: () => `/api/friends/${fx.friend}/picture`,
    body: (s) => ({ imageURL: s.imageURL }),
    expect: ownerOnly(200, 404),
  },
  // The host's own friend only (another's is not shown: 404); a refused call leaves him for the host's.
  'friends.remove': {
    setup: async () => ({
      friend: (await fx.host.as.call('POST', '/api/friends', { name: 'Gone', bookingId: fx.booking })).json.id,
    }),
    path: (s) => `/api/friends/${s.friend}`,
    expect: ownerOnly(204, 404),
  },
  'friends.invite': { path: () => `/api/friends/invite/${fx.friendToken}`, expect: all(200) },
  'friends.claim': {
    path: () => `/api/friends/claim/${fx.friendToken}`,
    body: () => ({ profilePicture: PIXEL }),
    expect: all(200),
  },
  'friends.image': { path: () => fx.friendImage, expect: all(302) },
  'payments.config': { path: () => '/api/payments/config', expect: all(200) },
  'payments.createIntent': {
    path: () => '/api/create-payment-intent',
    body: (_s, role) => ({
      venueId: fx.yacht,
      bookingDate: nyDate(dayOf[role] + 10),
      startTime: slotOf[role],
      duration: 2,
    }),
    expect: signedIn(200),
  },
  // The test provider's card form (issue 31): members only; this stack's provider is Stripe, so a signed-in member is answered 404.
  'payments.testConfirm': {
    path: () => '/api/test-payments/pi_test_NotThisStack1/confirm',
    body: () => ({
      clientSecret: 'pi_test_NotThisStack1_secret_x',
      cardNumber: '4242 4242 4242 4242',
      expiry: '12/40',
      cvc: '123',
    }),
    expect: signedIn(404),
  },
  // Public, and authenticated by Stripe's signature instead: an unsigned call is refused for everyone.
  'payments.stripeWebhook': {
    path: () => '/api/webhooks/stripe',
    body: () => JSON.stringify({ id: 'evt_x', type: 'payment_intent.succeeded' }),
    headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=forged' },
    expect: all(400),
  },
  // Split payment (issue 12): the host's own held yacht booking, split (a fresh one per row).
  'split.create': {
    setup: async () => ({ id: await heldYacht() }),
    path: (s) => `/api/bookings/${s.id}/split`,
    body: () => ({ shares: 2, fallback: 'release' }),
    expect: ownerOnly(201, 404),
  },
  'split.get': { setup: splitYacht, path: (s) => `/api/bookings/${s.id}/split`, expect: ownerOnly(200, 404) },
  // The link is the credential: anyone may read the share; any signed-in member may pay it.
  'split.share': { setup: splitYacht, path: (s) => `/api/split-shares/${s.token}`, expect: all(200) },
  'split.shareIntent': {
    setup: splitYacht,
    path: (s) => `/api/split-shares/${s.token}/payment-intent`,
    expect: signedIn(200),
  },

  // Join requests, invites, swipes, discovery, safety.
  'joinRequests.create': {
    setup: async () => ({ asker: await known('guest', 'Asker') }),
    owner: (s) => s.asker.as,
    path: () => '/api/event-join-requests',
    body: () => ({ bookingId: fx.booking }),
    expect: signedIn(201),
  },
  'joinRequests.mine': { path: () => '/api/event-join-requests/guest', expect: signedIn(200) },
  'joinRequests.pendingCounts': { path: () => '/api/event-join-requests/pending-counts', expect: signedIn(200) },
  'joinRequests.ofBooking': {
    path: () => `/api/event-join-requests?bookingId=${fx.booking}`,
    expect: ownerOnly(200, 404),
  },
  'joinRequests.approve': {
    setup: pendingRequest,
    path: (s) => `/api/event-join-requests/${s.id}/approve`,
    expect: ownerOnly(200, 404),
  },
  'joinRequests.decline': {
    setup: pendingRequest,
    path: (s) => `/api/event-join-requests/${s.id}/decline`,
    expect: ownerOnly(200, 404),
  },
  // Hosts invite (a venue owner is refused as such, 403); to another host's booking: not shown (404).
  'invites.create': {
    setup: async () => ({ invitee: await known('guest', 'Ina') }),
    path: () => '/api/invites',
    body: (s) => ({ guestId: s.invitee.id, eventTitle: 'Matrix night', eventDate: nyDate(10), bookingId: fx.booking }),
    expect: ownerOnly(201, 404, { venueOwner: 403 }),
  },
  'invites.received': { path: () => '/api/invites/received', expect: signedIn(200) },
  'invites.sent': { path: () => '/api/invites/sent', expect: signedIn(200) },
  'invites.respond': {
    setup: invitedGuest,
    owner: (s) => s.guest.as,
    path: (s) => `/api/invites/${s.id}/respond`,
    body: () => ({ response: 'accept' }),
    expect: ownerOnly(200, 404),
  },
  'swipes.swipe': {
    path: () => '/api/swipe',
    body: () => ({ userId: fx.guest.id, action: 'pass' }),
    expect: signedIn(200),
  },
  'swipes.potentialMatches': { path: () => '/api/users/potential-matches', expect: signedIn(200) },
  'discovery.availableEvents': {
    path: () => '/api/available-events?city=Permtown&state=Florida',
    expect: signedIn(200),
  },
  'safety.block': {
    setup: async () => ({ target: await known('guest', 'Target') }),
    path: () => '/api/blocks',
    body: (s) => ({ userId: s.target.id }),
    expect: signedIn(201),
  },
  'safety.blocks': { path: () => '/api/blocks', expect: signedIn(200) },
  'safety.unblock': {
    setup: async () => ({ target: await known('guest', 'Target') }),
    path: (s) => `/api/blocks/${s.target.id}`,
    expect: signedIn(204),
  },
  'safety.reportUser': {
    setup: async () => ({ target: await known('guest', 'Target') }),
    path: (s) => `/api/users/${s.target.id}/report`,
    body: () => ({ reason: 'spam', details: 'Matrix' }),
    expect: signedIn(201),
  },

  // Guest list and waitlist (the host's; a guest leaves his own place).
  'guestList.get': { path: () => `/api/bookings/${fx.booking}/guest-list`, expect: ownerOnly(200, 404) },
  'guestList.setLimit': {
    path: () => `/api/bookings/${fx.booking}/guest-limit`,
    body: () => ({ guestLimit: null }),
    expect: ownerOnly(200, 404),
  },
  'guestList.leave': {
    setup: async () => {
      const r = await pendingRequest();
      expect((await fx.host.as.call('POST', `/api/event-join-requests/${r.id}/approve`)).status).toBe(200);
      return r;
    },
    owner: (s) => s.guest.as,
    path: (s) => `/api/event-join-requests/${s.id}/leave`,
    expect: ownerOnly(200, 404),
  },
  'guestList.remove': {
    setup: async () => {
      const r = await pendingRequest();
      expect((await fx.host.as.call('POST', `/api/event-join-requests/${r.id}/approve`)).status).toBe(200);
      return r;
    },
    path: (s) => `/api/event-join-requests/${s.id}/remove`,
    expect: ownerOnly(200, 404),
  },

  // Door passes: each attendee his own; the page of a pass is public (its token is the secret);
  // only the venue's owner checks one in.
  'passes.mine': { path: () => `/api/bookings/${fx.booking}/pass`, expect: ownerOnly(200, 404) },
  'passes.friend': { path: () => `/api/friends/invite/${fx.friendToken}/pass`, expect: all(200) },
  'passes.view': {
    setup: async () => ({ token: (await fx.host.as.call('GET', `/api/bookings/${fx.booking}/pass`)).json.token }),
    path: (s) => `/api/passes/${s.token}`,
    expect: all(200),
  },
  'passes.checkIn': {
    setup: async () => {
      // A booking tonight (the door's night: before 06:00 it is still yesterday's).
      const b = await fx.other.as.call('POST', '/api/bookings', {
        venueId: fx.club,
        sectionId: fx.room,
        bookingDate: todayInNewYork(),
        startTime: '18:00',
        duration: 1,
      });
      expect(b.status).toBe(201);
      if (nightOf() !== todayInNewYork())
        await world.dbs.bookings.query(`UPDATE bookings SET booking_date = $2 WHERE id = $1`, [b.json.id, nightOf()]);
      return { code: (await fx.other.as.call('GET', `/api/bookings/${b.json.id}/pass`)).json.code };
    },
    owner: venueOwner,
    path: () => '/api/door/check-in',
    body: (s) => ({ venueId: fx.club, code: s.code }),
    expect: venueOwnerOnly(200, 403),
  },
  // Door staff (issue 31.2.18): the venue's owner keeps the list; each member reads his own door venues.
  'passes.doorVenues': { path: () => '/api/door/venues', expect: signedIn(200) },
  'passes.doorStaff': {
    owner: venueOwner,
    path: () => `/api/door/venues/${fx.club}/staff`,
    expect: venueOwnerOnly(200, 403),
  },
  'passes.addDoorStaff': {
    setup: async () => {
      const staff = await member('guest', 'Dora');
      await world.has('bookings', 'member_cards', 'user_id', staff.id);
      return { staff };
    },
    owner: venueOwner,
    path: () => `/api/door/venues/${fx.club}/staff`,
    body: (s) => ({ email: s.staff.email }),
    expect: venueOwnerOnly(201, 403),
  },
  'passes.removeDoorStaff': {
    setup: async () => {
      const staff = await member('guest', 'Dora');
      await world.has('bookings', 'member_cards', 'user_id', staff.id);
      expect((await fx.owner.as.call('POST', `/api/door/venues/${fx.club}/staff`, { email: staff.email })).status).toBe(
        201,
      );
      return { staff };
    },
    owner: venueOwner,
    path: (s) => `/api/door/venues/${fx.club}/staff/${s.staff.id}`,
    expect: venueOwnerOnly(204, 403),
  },

  // Messages.
  'conversations.list': { path: () => `/api/conversations/${fx.host.id}`, expect: ownerOnly(200, 403) },
  'conversations.messages': {
    path: () => `/api/conversations/${fx.conversation}/messages`,
    expect: ownerOnly(200, 404),
  },
  'conversations.send': {
    path: () => `/api/conversations/${fx.conversation}/messages`,
    body: () => ({ content: 'Matrix says hi' }),
    expect: ownerOnly(201, 404),
  },
  'conversations.reportMessage': {
    path: () => `/api/conversations/${fx.conversation}/messages/${fx.message}/report`,
    body: () => ({ reason: 'harassment' }),
    expect: ownerOnly(201, 404),
  },
  'conversations.read': { path: () => `/api/conversations/${fx.conversation}/read`, expect: ownerOnly(200, 404) },
  // A plain GET (no upgrade) from a member: 426; the socket itself is tested in social.api.spec.
  'realtime.connect': { path: () => '/api/realtime', expect: signedIn(426) },

  // The admin console.
  'admin.login': {
    path: () => '/api/admin/login',
    body: () => ({ email: adminCreds.email, password: adminCreds.password }),
    expect: all(200),
  },
  'admin.session': { path: () => '/api/admin/session', expect: adminOnly(200) },
  'admin.users': { path: () => '/api/admin/users', expect: adminOnly(200) },
  'admin.venues': { path: () => '/api/admin/venues', expect: adminOnly(200) },
  'admin.vipRooms': { path: () => '/api/admin/vip-rooms', expect: adminOnly(200) },
  'admin.dancers': { path: () => '/api/admin/dancers', expect: adminOnly(200) },
  'admin.venueApproval': {
    setup: async () => {
      const venue = await venueOf(fx.owner, {}, false);
      await world.has('admin', 'admin_venues', 'venue_id', venue);
      return { venue };
    },
    path: (s) => `/api/admin/venues/${s.venue}/approval`,
    body: () => ({ status: 'approved' }),
    expect: adminOnly(200),
  },
  'admin.assignDancer': {
    setup: linkedDancer,
    path: () => '/api/admin/vip-assignments',
    body: (s) => ({ sectionId: fx.room, dancerId: s.dancer }),
    expect: adminOnly(201),
  },
  'admin.revokeAssignment': {
    setup: proposal,
    path: (s) => `/api/admin/vip-assignments/${s.id}`,
    expect: adminOnly(200),
  },
  'admin.suspend': {
    setup: async () => ({ target: await known('guest', 'Sus') }),
    path: (s) => `/api/admin/users/${s.target.id}/suspension`,
    body: () => ({ reason: 'Matrix' }),
    expect: adminOnly(200),
  },
  'admin.reinstate': {
    setup: async () => {
      const target = await known('guest', 'Sus');
      await waitFor(
        'the admin can suspend',
        async () =>
          (await fx.admin.call('POST', `/api/admin/users/${target.id}/suspension`, { reason: 'Matrix' })).status ===
          200,
      );
      return { target };
    },
    path: (s) => `/api/admin/users/${s.target.id}/suspension`,
    expect: adminOnly(200),
  },
  'admin.reports': { path: () => '/api/admin/reports', expect: adminOnly(200) },
  'admin.decideReport': {
    setup: async () => {
      const target = await known('guest', 'Rep');
      const filed = await fx.other.as.call('POST', `/api/users/${target.id}/report`, { reason: 'spam' });
      expect(filed.status).toBe(201);
      await world.has('admin', 'admin_reports', 'report_id', filed.json.id);
      return { id: filed.json.id };
    },
    path: (s) => `/api/admin/reports/${s.id}`,
    body: () => ({ status: 'resolved', note: 'Matrix' }),
    expect: adminOnly(200),
  },
  'admin.auditLog': { path: () => '/api/admin/audit-log', expect: adminOnly(200) },

  // Entertainers and their venues.
  'entertainers.requestVenue': {
    setup: async () => ({ ent: await member('entertainer', 'Elle') }),
    owner: (s) => s.ent.as,
    path: () => '/api/entertainer/venue-requests',
    body: () => ({ venueId: fx.club }),
    expect: ownerOnly(201, 403),
  },
  // Each member's own lists (empty for those who are not entertainers).
  'entertainers.myRequests': {
    owner: () => fx.entertainer.as,
    path: () => '/api/entertainer/venue-requests',
    expect: signedIn(200),
  },
  'entertainers.myAssignments': {
    owner: () => fx.entertainer.as,
    path: () => '/api/entertainer/vip-assignments',
    expect: signedIn(200),
  },
  'entertainers.acceptAssignment': {
    setup: proposal,
    owner: (s) => s.entertainer.as,
    path: (s) => `/api/entertainer/vip-assignments/${s.id}/accept`,
    expect: ownerOnly(200, 404),
  },
  'entertainers.declineAssignment': {
    setup: proposal,
    owner: (s) => s.entertainer.as,
    path: (s) => `/api/entertainer/vip-assignments/${s.id}/decline`,
    expect: ownerOnly(200, 404),
  },
  'entertainers.ownerRequests': {
    owner: venueOwner,
    path: () => '/api/venue-owner/entertainer-requests',
    expect: venueOwnerOnly(200, 200),
  },
  'entertainers.approveRequest': {
    setup: async () => {
      const ent = await member('entertainer', 'Eve');
      const asked = await ent.as.call('POST', '/api/entertainer/venue-requests', { venueId: fx.club });
      return { id: asked.json.id };
    },
    owner: venueOwner,
    path: (s) => `/api/venue-owner/entertainer-requests/${s.id}/approve`,
    body: () => ({ dancerId: fx.dancer }),
    expect: venueOwnerOnly(200, 404),
  },
  'entertainers.declineRequest': {
    setup: async () => {
      const ent = await member('entertainer', 'Eve');
      const asked = await ent.as.call('POST', '/api/entertainer/venue-requests', { venueId: fx.club });
      return { id: asked.json.id };
    },
    owner: venueOwner,
    path: (s) => `/api/venue-owner/entertainer-requests/${s.id}/decline`,
    expect: venueOwnerOnly(200, 404),
  },
  // Notifications (issue 32): each member's own; an email's unsubscribe link needs no sign-in (its token is the key); the demo mailbox exists only in the embedded demo.
  'notifications.list': { path: () => '/api/notifications', expect: signedIn(200) },
  'notifications.unreadCount': { path: () => '/api/notifications/unread-count', expect: signedIn(200) },
  'notifications.read': {
    setup: async () => ({
      id: (
        await waitFor(
          "the host's booking notification",
          async () => (await fx.host.as.call('GET', '/api/notifications')).json.notifications?.[0],
        )
      ).id,
    }),
    path: (s) => `/api/notifications/${s.id}/read`,
    expect: ownerOnly(200, 404),
  },
  'notifications.readAll': { path: () => '/api/notifications/read-all', expect: signedIn(200) },
  'notifications.preferences': { path: () => '/api/notifications/preferences', expect: signedIn(200) },
  'notifications.setPreferences': {
    path: () => '/api/notifications/preferences',
    body: () => ({ 'invite-received': true }),
    expect: signedIn(200),
  },
  'notifications.unsubscribe': {
    setup: async () => {
      await world.has('notifications', 'member_cards', 'user_id', fx.other.id);
      return {
        token: (
          await world.dbs.notifications.query('SELECT unsubscribe_token FROM member_cards WHERE user_id = $1', [
            fx.other.id,
          ])
        ).rows[0].unsubscribe_token,
      };
    },
    path: () => '/api/notifications/unsubscribe',
    body: (s) => ({ token: s.token, kind: 'refund-issued' }),
    expect: all(200),
  },
  'notifications.demoMailbox': { path: () => '/api/demo/mailbox', expect: all(404) },
  'entertainers.ownerAssignments': {
    owner: venueOwner,
    path: () => '/api/venue-owner/vip-assignments',
    expect: venueOwnerOnly(200, 200),
  },
  'entertainers.revokeAssignment': {
    setup: async () => {
      const p = await proposal();
      expect((await p.entertainer.as.call('POST', `/api/entertainer/vip-assignments/${p.id}/accept`)).status).toBe(200);
      return p;
    },
    owner: venueOwner,
    path: (s) => `/api/venue-owner/vip-assignments/${s.id}/revoke`,
    expect: venueOwnerOnly(200, 404),
  },
};

beforeAll(async () => {
  await world.open('social', 'messaging', 'admin', 'notifications');
  const login = await new ApiClient(world.base).call('POST', '/api/admin/login', {
    email: adminCreds.email,
    password: adminCreds.password,
  });
  expect(login.status).toBe(200);
  const [host, other, guest, owner, otherOwner, entertainer] = await Promise.all([
    member('host', 'Hugo'),
    member('host', 'Olaf'),
    member('guest', 'Gina'),
    member('venue', 'Vera'),
    member('venue', 'Otto'),
    member('entertainer', 'Ella'),
  ]);
  const partial = { host, other, guest, owner, otherOwner, entertainer, admin: bearer(login.json.token) } as Fixtures;
  fx = partial;
  fx.club = await venueOf(owner);
  fx.room = await sectionOf(owner, fx.club);
  fx.dancer = (await owner.as.call('POST', `/api/venues/${fx.club}/dancers`, { name: 'Roxy' })).json.id;
  fx.bartender = (await owner.as.call('POST', `/api/venues/${fx.club}/bartenders`, { name: 'Milo' })).json.id;
  fx.yacht = await venueOf(owner, { type: 'yacht', subtype: undefined, yachtLength: 80, hasCaptain: true });
  await world.has('bookings', 'section_cards', 'section_id', fx.room);
  await world.has('bookings', 'dancer_cards', 'dancer_id', fx.dancer);
  await world.has('admin', 'admin_sections', 'section_id', fx.room);
  for (const m of [host, other, owner, otherOwner]) await world.has('bookings', 'member_cards', 'user_id', m.id);
  const booking = await host.as.call('POST', '/api/bookings', {
    venueId: fx.club,
    sectionId: fx.room,
    bookingDate: nyDate(10),
    startTime: '23:00',
    duration: 2,
  });
  expect(booking.status).toBe(201);
  fx.booking = booking.json.id;
  await world.has('social', 'event_cards', 'booking_id', fx.booking);
  await world.has('bookings', 'venue_cards', 'venue_id', fx.yacht);
  const friend = await host.as.call('POST', '/api/friends', { name: 'Flo', bookingId: fx.booking });
  expect(friend.status).toBe(201);
  fx.friend = friend.json.id;
  fx.friendToken = (friend.json.inviteUrl as string).split('/').pop()!;
  const claimed = await new ApiClient(world.base).call('PATCH', `/api/friends/claim/${fx.friendToken}`, {
    profilePicture: PIXEL,
  });
  expect(claimed.status).toBe(200);
  fx.friendImage = (
    await new ApiClient(world.base).call('GET', `/api/friends/invite/${fx.friendToken}`)
  ).json.profilePicture;
  const u = await host.as.call('POST', `/api/users/${host.id}/upload-url`);
  fx.userImage = (
    await host.as.call('PUT', `/api/users/${host.id}/images`, { imageURL: await upload(u.json) })
  ).json.objectPath;
  const v = await owner.as.call('POST', '/api/venue-images/upload-url');
  fx.venueImage = (await owner.as.call('PUT', '/api/venue-images', { imageURL: await upload(v.json) })).json.objectPath;
  expect([fx.friendImage, fx.userImage, fx.venueImage]).toEqual([
    expect.stringMatching(/^\/api\/images\/friends\//),
    expect.stringMatching(/^\/api\/images\/users\//),
    expect.stringMatching(/^\/api\/images\/venues\//),
  ]);
  await world.has('social', 'member_cards', 'user_id', guest.id);
  const request = await guest.as.call('POST', '/api/event-join-requests', { bookingId: fx.booking });
  expect((await host.as.call('POST', `/api/event-join-requests/${request.json.id}/approve`)).status).toBe(200);
  fx.conversation = (
    await waitFor(
      'the conversation opens',
      async () => (await host.as.call('GET', `/api/conversations/${host.id}`)).json[0],
    )
  ).id;
  fx.message = (
    await guest.as.call('POST', `/api/conversations/${fx.conversation}/messages`, { content: 'Hi host' })
  ).json.id;
}, 180_000);
afterAll(() => world.close());

describe('the permission matrix', () => {
  it('has exactly one row per documented route', () => {
    const documented = allRoutes.map((r) => r.id).sort();
    expect(Object.keys(rows).sort()).toEqual(documented);
  });

  const callers = (row: Row, s: Record<string, any>): Record<Role, Caller> => ({
    anonymous: anonymous(),
    member: fx.other.as,
    venueOwner: fx.otherOwner.as,
    admin: fx.admin,
    owner: row.owner ? row.owner(s) : fx.host.as,
    ...row.callers?.(s),
  });

  it.each(allRoutes.map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s',
    async (_name, route: RouteDef) => {
      const row = rows[route.id];
      expect(row).toBeDefined();
      const s = row.setup ? await row.setup() : {};
      const who = callers(row, s);
      const got: Partial<Record<Role, number>> = {};
      for (const role of ORDER) {
        const r = await who[role].call(
          route.method,
          row.path(s),
          row.body ? row.body(s, role) : route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
          row.headers,
        );
        got[role] = r.status;
      }
      expect(got).toEqual(row.expect);
    },
    120_000,
  );
});
