import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createLogger, KafkaTransport } from '@luxe/platform';
import { ACCOUNT_EMAIL_MESSAGES, AUTH_ERRORS, AUTH_MESSAGES, topicFor, type EventType } from '@luxe/contracts';
import { ApiClient, uniqueEmail, validRegistration, waitFor } from './support/client';
import { nyDate, World } from './support/world';

// Notifications on the distributed stack (issue 32): the facts of the other services become one
// in-app notification per recipient and, for the kinds with an email, one email in Mailpit
// (infra/local, read through its HTTP API: MAILPIT_API); a duplicate event writes and sends
// nothing more; an opted-out kind is not emailed; the inbox routes are the member's own; a deleted
// member's notifications are erased.
const world = new World();
const MAILPIT = process.env.MAILPIT_API;
const TOPIC_PREFIX = `test${(process.env.LUXE_TEST_ID ?? '').replace(/[^a-z0-9]/g, '')}.`;
let kafka: KafkaTransport;

beforeAll(async () => {
  if (!MAILPIT || !process.env.SMTP_URL)
    throw new Error('MAILPIT_API and SMTP_URL are not set: run infra/local/up.sh and source the env file it prints');
  await world.open('identity', 'social', 'messaging', 'notifications');
  kafka = new KafkaTransport({
    brokers: process.env.KAFKA_BROKERS!.split(','),
    clientId: 'notifications-api-test',
    logger: createLogger('test', 'warn'),
  });
  await kafka.connect();
});
afterAll(async () => {
  await kafka?.disconnect();
  await world.close();
});

interface Member {
  api: ApiClient;
  id: string;
  email: string;
}
/** A member with a known address, whom notifications (and social) have heard of. */
async function member(userType: 'host' | 'guest', firstName: string): Promise<Member> {
  const api = new ApiClient(world.base);
  const email = uniqueEmail(`notify-${firstName.toLowerCase()}`);
  const r = await api.call('POST', '/api/auth/register', validRegistration({ userType, firstName, email }));
  expect(r.status).toBe(201);
  await world.has('notifications', 'member_cards', 'user_id', r.json.id);
  await world.has('social', 'member_cards', 'user_id', r.json.id);
  return { api, id: r.json.id, email };
}

/** A confirmed booking of a new host at a new approved club. */
async function hostedEvent(host?: Member) {
  const { club, section } = await world.bookableClub(`Notify ${randomUUID().slice(0, 8)}`);
  const h = host ?? (await member('host', 'Hugo'));
  await world.has('bookings', 'member_cards', 'user_id', h.id);
  const booking = await h.api.call('POST', '/api/bookings', {
    venueId: club,
    sectionId: section,
    bookingDate: nyDate(4),
    startTime: '22:00',
    duration: 3,
    guestVisibility: 'both',
  });
  expect(booking.status).toBe(201);
  await world.has('social', 'event_cards', 'booking_id', booking.json.id);
  return { host: h, bookingId: booking.json.id as string };
}

interface Mail {
  ID: string;
  Subject: string;
  To: { Address: string }[];
}
/** Mailpit's messages to one address (every stack of the machine sends there: addresses are unique per test). */
async function mailsTo(address: string): Promise<Mail[]> {
  const r = await fetch(`${MAILPIT}/api/v1/search?query=${encodeURIComponent(`to:"${address}"`)}&limit=50`);
  expect(r.status).toBe(200);
  return ((await r.json()) as { messages: Mail[] }).messages;
}
async function mailBody(id: string): Promise<{ Text: string; HTML: string }> {
  return (await fetch(`${MAILPIT}/api/v1/message/${id}`)).json() as Promise<{ Text: string; HTML: string }>;
}
async function mailHeaders(id: string): Promise<Record<string, string[]>> {
  return (await fetch(`${MAILPIT}/api/v1/message/${id}/headers`)).json() as Promise<Record<string, string[]>>;
}
/** Waits for the address's one email whose subject matches, then gives the queue time to send a second one if it were going to. */
async function theOneMail(address: string, subject: RegExp): Promise<Mail> {
  await waitFor(
    `an email "${subject}" to ${address}`,
    async () => (await mailsTo(address)).some((m) => subject.test(m.Subject)),
    30_000,
  );
  await new Promise((r) => setTimeout(r, 1500));
  const all = (await mailsTo(address)).filter((m) => subject.test(m.Subject));
  expect(all).toHaveLength(1);
  expect(all[0].To.map((t) => t.Address)).toEqual([address]);
  return all[0];
}

async function notificationsOf(m: Member) {
  const r = await m.api.call('GET', '/api/notifications?pageSize=50');
  expect(r.status).toBe(200);
  return r.json as {
    notifications: { id: string; kind: string; title: string; body: string; link: string; read: boolean }[];
    total: number;
    unreadCount: number;
  };
}
async function waitForKind(m: Member, kind: string) {
  return waitFor(
    `${kind} notification of ${m.email}`,
    async () => (await notificationsOf(m)).notifications.find((n) => n.kind === kind),
    30_000,
  );
}

/** The producer's own envelope of an event (its outbox row), to tell the same fact again. */
async function envelopeOf(service: string, type: EventType, key: string): Promise<Record<string, any>> {
  const row = await waitFor(
    `${service}'s ${type} of ${key}`,
    async () =>
      (await world.dbs[service].query(`SELECT envelope FROM outbox_events WHERE type = $1 AND key = $2`, [type, key]))
        .rows[0],
  );
  return typeof row.envelope === 'string' ? JSON.parse(row.envelope) : row.envelope;
}
async function publish(type: EventType, envelope: Record<string, any>): Promise<void> {
  await kafka.publish([{ topic: topicFor(type, TOPIC_PREFIX), key: envelope.key, value: JSON.stringify(envelope) }]);
}

/** A new invite's `invite-sent`, as social publishes it. */
function inviteSent(hostId: string, guestId: string, eventTitle: string) {
  const inviteId = randomUUID();
  return {
    id: randomUUID(),
    type: 'social.invite-sent',
    version: 1,
    stream: 'social.invite',
    sequence: 1,
    occurredAt: new Date().toISOString(),
    producer: 'social',
    key: inviteId,
    data: { inviteId, hostId, guestId, bookingId: null, eventTitle, eventDate: nyDate(4) },
  };
}

describe('notifications from facts, in-app and by email (Mailpit)', () => {
  it('an invite: the guest gets one notification and one email linking to his invites; the same event again, or the same fact in a new event, adds nothing', async () => {
    const { host, bookingId } = await hostedEvent();
    const guest = await member('guest', 'Gina');
    const sent = await host.api.call('POST', '/api/invites', {
      guestId: guest.id,
      eventTitle: 'Velvet night',
      eventDate: nyDate(4),
      bookingId,
    });
    expect(sent.status).toBe(201);

    const n = await waitForKind(guest, 'invite-received');
    expect(n).toMatchObject({
      title: 'Hugo invited you',
      body: `Velvet night on ${nyDate(4)}.`,
      link: '/dashboard?tab=invites',
      read: false,
    });
    const mail = await theOneMail(guest.email, /^Hugo invited you$/);
    const body = await mailBody(mail.ID);
    expect(body.Text).toContain(`${world.base}/dashboard?tab=invites`);
    expect(body.HTML).toContain(`href="${world.base}/dashboard?tab=invites"`);
    const headers = await mailHeaders(mail.ID);
    expect(headers['List-Unsubscribe']?.[0]).toMatch(
      new RegExp(`^<${world.base}/unsubscribe\\?token=[A-Za-z0-9_-]+&kind=invite-received>$`),
    );
    // The host is not told of his own invite.
    expect((await notificationsOf(host)).notifications.filter((x) => x.kind === 'invite-received')).toEqual([]);

    // Redelivered as it was, and told again in an event of its own: nothing more.
    const original = await envelopeOf('social', 'social.invite-sent', sent.json.id);
    await publish('social.invite-sent', original);
    const again = {
      ...original,
      id: randomUUID(),
      sequence: original.sequence + 100,
      occurredAt: new Date().toISOString(),
    };
    await publish('social.invite-sent', again);
    await waitFor(
      'notifications consumed the copy',
      async () =>
        (await world.dbs.notifications.query(`SELECT 1 FROM inbox_events WHERE event_id = $1`, [again.id])).rows
          .length === 1,
      30_000,
    );
    await theOneMail(guest.email, /^Hugo invited you$/);
    expect((await notificationsOf(guest)).notifications.filter((x) => x.kind === 'invite-received')).toHaveLength(1);
  });

  it('a booking confirmed, then cancelled: the host gets one email of each with the venue and a link to his bookings', async () => {
    const { host, bookingId } = await hostedEvent();
    const confirmed = await theOneMail(host.email, /^Booking confirmed: Velvet on /);
    expect((await mailBody(confirmed.ID)).Text).toContain(`${world.base}/dashboard?tab=book`);
    const cancel = await host.api.call('POST', `/api/bookings/${bookingId}/cancel`);
    expect(cancel.status).toBe(200);
    const cancelled = await theOneMail(host.email, /^Booking cancelled: Velvet on .* is cancelled\.$/);
    expect((await mailBody(cancelled.ID)).Text).toContain('You cancelled it.');
    const kinds = (await notificationsOf(host)).notifications.map((x) => x.kind);
    expect(kinds.filter((k) => k === 'booking-confirmed' || k === 'booking-cancelled').sort()).toEqual([
      'booking-cancelled',
      'booking-confirmed',
    ]);
  });

  it('a join request: the host is told in-app; the approved guest gets one email linking to his events', async () => {
    const { host, bookingId } = await hostedEvent();
    const guest = await member('guest', 'Jo');
    const asked = await guest.api.call('POST', '/api/event-join-requests', { bookingId });
    expect(asked.status).toBe(201);
    expect(await waitForKind(host, 'join-request-received')).toMatchObject({
      title: 'Jo asks to join',
      link: '/dashboard?tab=book',
    });
    expect((await host.api.call('POST', `/api/event-join-requests/${asked.json.id}/approve`)).status).toBe(200);
    const mail = await theOneMail(guest.email, /^You're in: Velvet on /);
    expect((await mailBody(mail.ID)).Text).toContain(`${world.base}/dashboard?tab=events`);
    expect(await waitForKind(guest, 'join-request-approved')).toMatchObject({
      title: 'Your join request was approved',
      link: '/dashboard?tab=events',
    });
  });

  it('a kind the member turned off is not emailed (still in-app); the unsubscribe link turns a kind off without signing in', async () => {
    const { host, bookingId } = await hostedEvent();
    const guest = await member('guest', 'Olga');
    const off = await guest.api.call('PUT', '/api/notifications/preferences', { 'invite-received': false });
    expect(off.status).toBe(200);
    expect(off.json).toMatchObject({ 'invite-received': false, 'booking-confirmed': true });
    expect(
      (
        await host.api.call('POST', '/api/invites', {
          guestId: guest.id,
          eventTitle: 'Quiet night',
          eventDate: nyDate(4),
          bookingId,
        })
      ).status,
    ).toBe(201);
    await waitForKind(guest, 'invite-received');
    await new Promise((r) => setTimeout(r, 2000));
    // Only the verification link every new account gets (an account email: preferences do not apply).
    expect((await mailsTo(guest.email)).map((x) => x.Subject)).toEqual(['Verify your LuxeSwipe email']);

    // The host's confirmation email carries his unsubscribe link: it works once, a bad token is a clear 400.
    const confirmed = await theOneMail(host.email, /^Booking confirmed:/);
    const link = (await mailHeaders(confirmed.ID))['List-Unsubscribe'][0].slice(1, -1);
    const token = new URL(link).searchParams.get('token')!;
    const anonymous = new ApiClient(world.base);
    const bad = await anonymous.call('POST', '/api/notifications/unsubscribe', {
      token: 'x'.repeat(30),
      kind: 'booking-confirmed',
    });
    expect([bad.status, bad.json.message]).toEqual([400, 'This unsubscribe link is not valid']);
    const badKind = await anonymous.call('POST', '/api/notifications/unsubscribe', { token, kind: 'invite-accepted' });
    expect([badKind.status, badKind.json.errors?.[0]?.message]).toEqual([400, 'Unknown email kind']);
    const done = await anonymous.call('POST', '/api/notifications/unsubscribe', { token, kind: 'booking-confirmed' });
    expect([done.status, done.json]).toEqual([200, { kind: 'booking-confirmed' }]);
    expect((await host.api.call('GET', '/api/notifications/preferences')).json['booking-confirmed']).toBe(false);
  });
});

describe('the inbox routes', () => {
  it("are the member's own: paged newest first, unread count, one and all read; another member's is not found; a visitor is refused", async () => {
    const host = await member('host', 'Hal');
    const guest = await member('guest', 'Pia');
    // Three invites of the host told by social's topic (one host invites a guest once per event).
    for (const title of ['One', 'Two', 'Three'])
      await publish('social.invite-sent', inviteSent(host.id, guest.id, title));
    await waitFor(
      'three invites notified',
      async () => (await notificationsOf(guest)).notifications.length === 3,
      30_000,
    );

    const first = await guest.api.call('GET', '/api/notifications?page=1&pageSize=2');
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ page: 1, pageSize: 2, total: 3, unreadCount: 3 });
    expect(first.json.notifications).toHaveLength(2);
    const second = await guest.api.call('GET', '/api/notifications?page=2&pageSize=2');
    expect(second.json.notifications).toHaveLength(1);
    const all = [...first.json.notifications, ...second.json.notifications];
    expect(new Set(all.map((n: { id: string }) => n.id)).size).toBe(3);
    const times = all.map((n: { createdAt: string }) => Date.parse(n.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect((await guest.api.call('GET', '/api/notifications/unread-count')).json).toEqual({ unreadCount: 3 });

    // Bad paging: a clear 400 with the field's message.
    for (const [q, message] of [
      ['page=0', 'Page must be a whole number from 1'],
      ['page=abc', 'Page must be a whole number from 1'],
      ['pageSize=51', 'Page size must be a whole number from 1 to 50'],
      ['pageSize=1.5', 'Page size must be a whole number from 1 to 50'],
    ]) {
      const r = await guest.api.call('GET', `/api/notifications?${q}`);
      expect([q, r.status, r.json.errors?.[0]?.message]).toEqual([q, 400, message]);
    }
    const badId = await guest.api.call('POST', '/api/notifications/not-an-id/read');
    expect([badId.status, badId.json.errors?.[0]?.message]).toEqual([400, 'Notification not found']);
    const badPrefs = await guest.api.call('PUT', '/api/notifications/preferences', {
      'invite-received': 'no',
      'made-up': false,
    });
    expect(badPrefs.status).toBe(400);
    expect(badPrefs.json.errors.map((e: { message: string }) => e.message).sort()).toEqual([
      'Each preference must be true or false',
      'Unknown email kind',
    ]);

    // Another member cannot read or mark the guest's; a visitor gets 401.
    const target = all[0].id as string;
    expect(
      (await host.api.call('GET', '/api/notifications')).json.notifications.some(
        (n: { id: string }) => n.id === target,
      ),
    ).toBe(false);
    const other = await host.api.call('POST', `/api/notifications/${target}/read`);
    expect([other.status, other.json.message]).toEqual([404, 'Notification not found']);
    const anonymous = new ApiClient(world.base);
    for (const [method, path] of [
      ['GET', '/api/notifications'],
      ['GET', '/api/notifications/unread-count'],
      ['POST', `/api/notifications/${target}/read`],
      ['POST', '/api/notifications/read-all'],
      ['GET', '/api/notifications/preferences'],
    ])
      expect([path, (await anonymous.call(method, path)).status]).toEqual([path, 401]);
    expect((await guest.api.call('GET', '/api/notifications/unread-count')).json).toEqual({ unreadCount: 3 });

    // The guest marks one, then all.
    const read = await guest.api.call('POST', `/api/notifications/${target}/read`);
    expect([read.status, read.json.id, read.json.read]).toEqual([200, target, true]);
    expect((await guest.api.call('GET', '/api/notifications/unread-count')).json).toEqual({ unreadCount: 2 });
    expect((await guest.api.call('POST', '/api/notifications/read-all')).json).toEqual({ unreadCount: 0 });
    expect((await notificationsOf(guest)).notifications.every((n) => n.read)).toBe(true);
  });

  it('the demo mailbox is not there outside the embedded demo', async () => {
    const r = await new ApiClient(world.base).call('GET', '/api/demo/mailbox');
    expect([r.status, r.json.message]).toEqual([404, 'The demo mailbox exists only in the embedded demo']);
  });

  it("a deleted member's notifications, preferences and emails queued are erased, and nothing new is written for him", async () => {
    const { host, bookingId } = await hostedEvent();
    const guest = await member('guest', 'Del');
    expect(
      (
        await host.api.call('POST', '/api/invites', {
          guestId: guest.id,
          eventTitle: 'Bye',
          eventDate: nyDate(4),
          bookingId,
        })
      ).status,
    ).toBe(201);
    await waitForKind(guest, 'invite-received');
    expect((await guest.api.call('PUT', '/api/notifications/preferences', { 'booking-confirmed': false })).status).toBe(
      200,
    );
    expect((await guest.api.call('DELETE', `/api/users/${guest.id}`)).status).toBe(204);
    const db = world.dbs.notifications;
    await waitFor(
      'the erasure is recorded',
      async () => (await db.query(`SELECT 1 FROM member_cards WHERE user_id = $1`, [guest.id])).rows.length === 0,
      30_000,
    );
    for (const table of ['notifications', 'email_preferences', 'email_outbox'])
      expect([
        table,
        (await db.query(`SELECT count(*)::int AS n FROM ${table} WHERE user_id = $1`, [guest.id])).rows[0].n,
      ]).toEqual([table, 0]);
    // Nor the pushes of his notifications kept in the outbox after publishing.
    expect(
      (
        await db.query(`SELECT count(*)::int AS n FROM outbox_events WHERE envelope->'data'->>'userId' = $1`, [
          guest.id,
        ])
      ).rows[0].n,
    ).toBe(0);
    // An invite told after the deletion (a late event) writes nothing for him.
    const late = inviteSent(host.id, guest.id, 'Late');
    await publish('social.invite-sent', late);
    await waitFor(
      'notifications consumed the late invite',
      async () => (await db.query(`SELECT 1 FROM inbox_events WHERE event_id = $1`, [late.id])).rows.length === 1,
      30_000,
    );
    expect(
      (await db.query(`SELECT count(*)::int AS n FROM notifications WHERE user_id = $1`, [guest.id])).rows[0].n,
    ).toBe(0);
  });
});

describe('forgot password (issue 32)', () => {
  const tokenIn = (text: string) => /\/reset-password\?token=([A-Za-z0-9_-]{43})/.exec(text)?.[1];
  async function resetMail(m: Member): Promise<{ token: string; mail: Mail }> {
    const mail = await theOneMail(m.email, /^Reset your LuxeSwipe password$/);
    const body = await mailBody(mail.ID);
    const token = tokenIn(body.Text);
    expect(token).toBeDefined();
    expect(tokenIn(body.HTML.replace(/&amp;/g, '&'))).toBe(token);
    return { token: token!, mail };
  }
  const resetMails = async (address: string) =>
    (await mailsTo(address)).filter((x) => x.Subject === 'Reset your LuxeSwipe password');
  const ask = (email: string) => new ApiClient(world.base).call('POST', '/api/auth/password-reset', { email });
  const confirm = (token: string, password: string) =>
    new ApiClient(world.base).call('POST', '/api/auth/password-reset/confirm', { token, password });

  it('emails a single-use link to the account (no inbox entry, no unsubscribe); the new password ends every session and the link works once', async () => {
    const m = await member('guest', 'Rita');
    const asked = await ask(m.email.toUpperCase());
    expect([asked.status, asked.json.message]).toEqual([202, ACCOUNT_EMAIL_MESSAGES.resetRequested]);
    const { token, mail } = await resetMail(m);
    expect((await mailHeaders(mail.ID))['List-Unsubscribe']).toBeUndefined();
    // Identity keeps only the token's hash.
    const stored = (
      await world.dbs.identity.query(
        `SELECT token_hash FROM account_tokens WHERE user_id = $1 AND purpose = 'password-reset'`,
        [m.id],
      )
    ).rows;
    expect(stored).toHaveLength(1);
    expect(stored[0].token_hash).not.toContain(token);
    expect((await notificationsOf(m)).total).toBe(0);
    // A bad new password changes nothing: the link still works afterwards.
    const short = await confirm(token, 'short');
    expect([short.status, short.json.message]).toEqual([400, AUTH_MESSAGES.password]);
    expect((await m.api.call('GET', '/api/auth/me')).status).toBe(200);
    expect((await confirm(token, 'a-brand-new-password')).status).toBe(204);
    // The session opened with the old password is over; the old password no longer signs in.
    expect((await m.api.call('GET', '/api/auth/me')).status).toBe(401);
    expect(
      (
        await new ApiClient(world.base).call('POST', '/api/auth/login', {
          email: m.email,
          password: validRegistration().password,
        })
      ).status,
    ).toBe(401);
    expect(
      (
        await new ApiClient(world.base).call('POST', '/api/auth/login', {
          email: m.email,
          password: 'a-brand-new-password',
        })
      ).status,
    ).toBe(200);
    // Once only.
    const again = await confirm(token, 'yet-another-password');
    expect([again.status, again.json.code, again.json.message]).toEqual([
      400,
      AUTH_ERRORS.RESET_TOKEN_INVALID.code,
      ACCOUNT_EMAIL_MESSAGES.resetToken,
    ]);
  });

  it('answers an address with no account exactly as one with an account, and sends it nothing', async () => {
    const nobody = uniqueEmail('reset-nobody');
    const asked = await ask(nobody);
    expect([asked.status, asked.json]).toEqual([202, { message: ACCOUNT_EMAIL_MESSAGES.resetRequested }]);
    await new Promise((r) => setTimeout(r, 3000));
    expect(await mailsTo(nobody)).toEqual([]);
    const bad = await ask('not-an-email');
    expect([bad.status, bad.json.message]).toEqual([400, AUTH_MESSAGES.loginEmail]);
  });

  it('refuses an expired link, a link made pointless by a newer reset, and a token nobody was sent, with one message', async () => {
    const m = await member('host', 'Exp');
    expect((await ask(m.email)).status).toBe(202);
    const { token: first } = await resetMail(m);
    // It expires (moved back in the database: 30 minutes are not waited for).
    await world.dbs.identity.query(
      `UPDATE account_tokens SET expires_at = now() - interval '1 second' WHERE user_id = $1`,
      [m.id],
    );
    const expired = await confirm(first, 'a-brand-new-password');
    expect([expired.status, expired.json.message]).toEqual([400, ACCOUNT_EMAIL_MESSAGES.resetToken]);
    // Two fresh links: using one makes the other pointless.
    await world.dbs.identity.query(`DELETE FROM account_tokens WHERE user_id = $1`, [m.id]);
    expect((await ask(m.email)).status).toBe(202);
    expect((await ask(m.email)).status).toBe(202);
    await waitFor('two more reset emails', async () => (await resetMails(m.email)).length === 3, 30_000);
    const tokens = await Promise.all(
      (await resetMails(m.email)).map(async (x) => tokenIn((await mailBody(x.ID)).Text)!),
    );
    const open = (
      await world.dbs.identity.query(
        `SELECT token_hash FROM account_tokens WHERE user_id = $1 AND purpose = 'password-reset' AND used_at IS NULL`,
        [m.id],
      )
    ).rows.map((r) => r.token_hash);
    expect(open).toHaveLength(2);
    const fresh = tokens.filter((t) => t !== first);
    expect(fresh).toHaveLength(2);
    expect((await confirm(fresh[0], 'a-brand-new-password')).status).toBe(204);
    expect((await confirm(fresh[1], 'another-new-password')).status).toBe(400);
    // A token of the right shape that nobody was sent; a malformed one.
    expect((await confirm('A'.repeat(43), 'a-brand-new-password')).json.message).toBe(
      ACCOUNT_EMAIL_MESSAGES.resetToken,
    );
    expect((await confirm('short', 'a-brand-new-password')).json.message).toBe(ACCOUNT_EMAIL_MESSAGES.resetToken);
  });

  it('limits requests per address (3 a window, whoever asks): the fourth is refused with 429 and sends nothing', async () => {
    const m = await member('guest', 'Lim');
    for (let i = 0; i < 3; i++) expect((await ask(m.email)).status).toBe(202);
    const fourth = await ask(m.email);
    expect([fourth.status, fourth.json.code]).toEqual([429, AUTH_ERRORS.RATE_LIMITED.code]);
    expect(fourth.headers.get('retry-after')).toMatch(/^\d+$/);
    await waitFor('three reset emails', async () => (await resetMails(m.email)).length === 3, 30_000);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await resetMails(m.email)).toHaveLength(3);
    // An address with no account is limited alike.
    const nobody = uniqueEmail('reset-limit');
    for (let i = 0; i < 3; i++) expect((await ask(nobody)).status).toBe(202);
    expect((await ask(nobody)).status).toBe(429);
  });
});

describe('email verification (issue 32)', () => {
  const tokenIn = (text: string) => /\/verify-email\?token=([A-Za-z0-9_-]{43})/.exec(text)?.[1];
  const verify = (token: string) => new ApiClient(world.base).call('POST', '/api/auth/verify-email', { token });

  it('a new account gets one verification email; its link verifies the email (again: the same answer), and the other services hear of it', async () => {
    const m = await member('guest', 'Vera');
    expect((await m.api.call('GET', '/api/auth/me')).json.emailVerified).toBe(false);
    const mail = await theOneMail(m.email, /^Verify your LuxeSwipe email$/);
    expect((await mailHeaders(mail.ID))['List-Unsubscribe']).toBeUndefined();
    const token = tokenIn((await mailBody(mail.ID)).Text)!;
    expect(token).toBeDefined();
    const ok = await verify(token);
    expect([ok.status, ok.json.message]).toEqual([200, ACCOUNT_EMAIL_MESSAGES.verified]);
    expect((await m.api.call('GET', '/api/auth/me')).json.emailVerified).toBe(true);
    // Opened again (a second tab, a mail client's preview): still fine.
    expect((await verify(token)).status).toBe(200);
    // Social keeps the badge on the member's card.
    await waitFor(
      'social knows the member is verified',
      async () =>
        (await world.dbs.social.query(`SELECT email_verified FROM member_cards WHERE user_id = $1`, [m.id])).rows[0]
          ?.email_verified === true,
      30_000,
    );
    // A verified member asking for a new link gets none.
    const again = await m.api.call('POST', '/api/auth/verify-email/resend');
    expect([again.status, again.json.message]).toEqual([202, ACCOUNT_EMAIL_MESSAGES.alreadyVerified]);
  });

  it('refuses an unknown, malformed or expired link with one message; a member asks for a new one and a visitor cannot', async () => {
    const m = await member('host', 'Nova');
    await theOneMail(m.email, /^Verify your LuxeSwipe email$/);
    for (const bad of ['B'.repeat(43), 'short']) {
      const r = await verify(bad);
      expect([r.status, r.json.message]).toEqual([400, ACCOUNT_EMAIL_MESSAGES.verifyToken]);
    }
    const [first] = await Promise.all((await mailsTo(m.email)).map(async (x) => tokenIn((await mailBody(x.ID)).Text)!));
    await world.dbs.identity.query(
      `UPDATE account_tokens SET expires_at = now() - interval '1 second' WHERE user_id = $1`,
      [m.id],
    );
    expect((await verify(first)).status).toBe(400);
    expect((await m.api.call('GET', '/api/auth/me')).json.emailVerified).toBe(false);
    expect((await new ApiClient(world.base).call('POST', '/api/auth/verify-email/resend')).status).toBe(401);
    const sent = await m.api.call('POST', '/api/auth/verify-email/resend');
    expect([sent.status, sent.json.message]).toEqual([202, ACCOUNT_EMAIL_MESSAGES.verificationSent]);
    await waitFor('the new link', async () => (await mailsTo(m.email)).length === 2, 30_000);
    const fresh = (
      await Promise.all((await mailsTo(m.email)).map(async (x) => tokenIn((await mailBody(x.ID)).Text)!))
    ).find((t) => t !== first)!;
    expect((await verify(fresh)).status).toBe(200);
    expect((await m.api.call('GET', '/api/auth/me')).json.emailVerified).toBe(true);
  });
});

describe('messages by email, batched, only to members away (issue 32)', () => {
  /** A host's event, a guest approved to it: their conversation. */
  async function pair() {
    const { host, bookingId } = await hostedEvent();
    const guest = await member('guest', 'Mia');
    const r = await guest.api.call('POST', '/api/event-join-requests', { bookingId });
    expect((await host.api.call('POST', `/api/event-join-requests/${r.json.id}/approve`)).status).toBe(200);
    const c = await waitFor(
      'the conversation opens',
      async () => (await host.api.call('GET', `/api/conversations/${host.id}`)).json[0],
      30_000,
    );
    return { host, guest, conversationId: c.id as string };
  }
  const messageMails = async (address: string) =>
    (await mailsTo(address)).filter((x) => /new messages? on LuxeSwipe$/.test(x.Subject));

  it('a member with no live socket gets one email for the messages waiting (not one per message); a member online gets none', async () => {
    const { host, guest, conversationId } = await pair();
    // The guest is online: his live socket is open while the host writes to him.
    const ws = new WebSocket(`${world.base.replace(/^http/, 'ws')}/api/realtime`, {
      headers: { cookie: `luxe_session=${guest.api.cookie('luxe_session')}`, origin: world.base },
    });
    await new Promise((res, rej) => ws.once('open', res).once('error', rej));
    try {
      for (const content of ['Welcome aboard', 'Dress code: white'])
        expect(
          (await guest.api.call('POST', `/api/conversations/${conversationId}/messages`, { content })).status,
        ).toBe(201);
      expect(
        (await host.api.call('POST', `/api/conversations/${conversationId}/messages`, { content: 'See you at ten' }))
          .status,
      ).toBe(201);
      const mail = await theOneMail(host.email, /^You have 2 new messages on LuxeSwipe$/);
      const body = await mailBody(mail.ID);
      expect(body.Text).toContain('Welcome aboard');
      expect(body.Text).toContain('Dress code: white');
      expect((await mailHeaders(mail.ID))['List-Unsubscribe']?.[0]).toMatch(/kind=message-received/);
      // The guest's message was looked at and skipped: he was online.
      await waitFor(
        "the guest's message notification is settled",
        async () =>
          (
            await world.dbs.notifications.query(
              `SELECT email_state FROM notifications WHERE user_id = $1 AND kind = 'message-received'`,
              [guest.id],
            )
          ).rows[0]?.email_state === 'skipped',
        30_000,
      );
      expect(await messageMails(guest.email)).toEqual([]);
      expect(await messageMails(host.email)).toHaveLength(1);
    } finally {
      ws.close();
    }
  });

  it('a member who turned message emails off, or read the thread in time, gets none', async () => {
    const { host, guest, conversationId } = await pair();
    expect((await host.api.call('PUT', '/api/notifications/preferences', { 'message-received': false })).status).toBe(
      200,
    );
    expect(
      (await guest.api.call('POST', `/api/conversations/${conversationId}/messages`, { content: 'Off?' })).status,
    ).toBe(201);
    await waitFor(
      "the host's message notification is settled",
      async () =>
        (
          await world.dbs.notifications.query(
            `SELECT email_state FROM notifications WHERE user_id = $1 AND kind = 'message-received'`,
            [host.id],
          )
        ).rows[0]?.email_state === 'skipped',
      30_000,
    );
    expect(await messageMails(host.email)).toEqual([]);
    // The guest reads the host's message at once: it is never emailed.
    expect(
      (await host.api.call('POST', `/api/conversations/${conversationId}/messages`, { content: 'Read me' })).status,
    ).toBe(201);
    await waitFor(
      'the guest has the notification',
      async () => (await notificationsOf(guest)).notifications.some((n) => n.kind === 'message-received'),
      30_000,
    );
    expect((await guest.api.call('POST', `/api/conversations/${conversationId}/read`)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 3500));
    expect(await messageMails(guest.email)).toEqual([]);
  });
});

describe('booking reminders on a PostgreSQL job queue (issue 32)', () => {
  // pg-boss keeps the reminders in the notifications database (schema pgboss); the clock of a
  // reminder is its job's start_after, moved in the database as the tests move other deadlines.
  const jobs = async (bookingId: string) =>
    (
      await world.dbs.notifications.query(
        `SELECT data->>'which' AS which, start_after, state FROM pgboss.job WHERE name = 'booking-reminder' AND data->>'bookingId' = $1 ORDER BY start_after`,
        [bookingId],
      )
    ).rows as { which: string; start_after: Date; state: string }[];
  const due = (bookingId: string, which: string) =>
    world.dbs.notifications.query(
      `UPDATE pgboss.job SET start_after = now() WHERE name = 'booking-reminder' AND data->>'bookingId' = $1 AND data->>'which' = $2`,
      [bookingId, which],
    );
  const reminders = async (m: Member) =>
    (await notificationsOf(m)).notifications.filter((n) => n.kind === 'booking-reminder');

  it('a confirmed booking queues a reminder a day and 2 hours before it starts; when one is due the host and his approved guest are told once', async () => {
    const { host, bookingId } = await hostedEvent();
    const guest = await member('guest', 'Rae');
    const r = await guest.api.call('POST', '/api/event-join-requests', { bookingId });
    expect((await host.api.call('POST', `/api/event-join-requests/${r.json.id}/approve`)).status).toBe(200);
    const startsAt = new Date(
      (
        await world.dbs.notifications.query(`SELECT starts_at FROM booking_cards WHERE booking_id = $1`, [bookingId])
      ).rows[0].starts_at,
    );
    await waitFor('both reminders are queued', async () => (await jobs(bookingId)).length === 2, 30_000);
    expect((await jobs(bookingId)).map((j) => [j.which, new Date(j.start_after).getTime()])).toEqual([
      ['24h', startsAt.getTime() - 24 * 3_600_000],
      ['2h', startsAt.getTime() - 2 * 3_600_000],
    ]);
    await waitFor(
      'the guest is on the list',
      async () =>
        (
          await world.dbs.notifications.query(`SELECT 1 FROM booking_guests WHERE booking_id = $1 AND user_id = $2`, [
            bookingId,
            guest.id,
          ])
        ).rows.length === 1,
      30_000,
    );
    await due(bookingId, '24h');
    await waitFor('the host is reminded', async () => (await reminders(host)).length === 1, 30_000);
    await waitFor('the guest is reminded', async () => (await reminders(guest)).length === 1, 30_000);
    expect((await reminders(host))[0]).toMatchObject({
      title: expect.stringMatching(/^Tomorrow: /),
      link: '/dashboard?tab=book',
    });
    expect((await reminders(guest))[0]).toMatchObject({
      title: expect.stringMatching(/^Tomorrow: /),
      link: '/dashboard?tab=events',
    });
    await theOneMail(host.email, /^Tomorrow: /);
    // The 2-hour one still waits; the 24-hour job is done.
    expect((await jobs(bookingId)).map((j) => [j.which, j.state])).toEqual([
      ['24h', 'completed'],
      ['2h', 'created'],
    ]);
  });

  it('a booking cancelled before its reminder: nobody is told', async () => {
    const { host, bookingId } = await hostedEvent();
    await waitFor('its reminders are queued', async () => (await jobs(bookingId)).length === 2, 30_000);
    expect((await host.api.call('POST', `/api/bookings/${bookingId}/cancel`)).status).toBe(200);
    await waitFor(
      'notifications knows it is cancelled',
      async () =>
        (await world.dbs.notifications.query(`SELECT cancelled FROM booking_cards WHERE booking_id = $1`, [bookingId]))
          .rows[0]?.cancelled === true,
      30_000,
    );
    await due(bookingId, '24h');
    await waitFor('the reminder ran', async () => (await jobs(bookingId))[0]?.state === 'completed', 30_000);
    expect(await reminders(host)).toEqual([]);
  });
});
