import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { DataSource } from 'typeorm';
import type { EventData } from '@luxe/contracts';
import {
  createDataSource,
  createLogger,
  databaseUrl,
  ensureDatabase,
  Inbox,
  initDatabase,
  Outbox,
} from '@luxe/platform';
// The platform's query watch (libs/platform/test/support): what each round trip sent.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { unprepared, watchQueries } from '../../../libs/platform/test/support/watch-queries';
import { CardRepository } from '../src/cards/card.repository';
import { EmailRepository } from '../src/email/email.repository';
import { EmailSender } from '../src/email/email.sender';
import { FactService } from '../src/inbox/fact.service';
import { NotificationRepository } from '../src/inbox/notification.repository';
import { NotificationService } from '../src/inbox/notification.service';
import { migrations } from '../src/migrations';
import { ReminderScheduler } from '../src/reminders/reminder.scheduler';

// A booking's confirmation in the notifications service, on its real database and job queue
// (pg-boss): everything it writes (the booking's card, its two reminders, the host's notification,
// its event, its email) goes in three round trips with the inbox's (BEGIN with the inbox
// statement; the card, the reminders, the notification and the email's recipient; the event, the
// email and COMMIT), each one a wake-up fewer of this service and its server on every booking
// (docs/benchmarks.md). A second telling of the fact writes nothing new.
const GROUP = 'notifications.facts';
let ds: DataSource;
let reminders: ReminderScheduler;
let facts: FactService;
let inbox: Inbox;

beforeAll(async () => {
  const adminUrl = process.env.LUXE_PG_ADMIN_URL!;
  const db = `luxe_test${(process.env.LUXE_TEST_ID ?? '').replace(/[^a-z0-9]/g, '')}_notifications_confirmed`;
  await ensureDatabase(adminUrl, db);
  ds = createDataSource({ url: databaseUrl(adminUrl, db), migrations, poolSize: 2 });
  await initDatabase(ds);
  const logger = createLogger('notifications-confirmed-test', 'error');
  const settings = { REMINDER_POLL_SECONDS: 3600, PUBLIC_WEB_URL: 'https://luxe.test' };
  const cards = new CardRepository(ds);
  const emails = new EmailRepository(ds);
  // Emails on (an SMTP URL), never sent here: the sender's timer is not started; only the queue is read.
  const sender = new EmailSender(emails, logger, { SMTP_URL: 'smtp://127.0.0.1:9' });
  const notifications = new NotificationService(
    new NotificationRepository(ds),
    cards,
    emails,
    sender,
    new Outbox('notifications'),
    settings,
  );
  reminders = new ReminderScheduler(ds, cards, notifications, logger, settings);
  await reminders.onModuleInit();
  facts = new FactService(cards, notifications, reminders);
  inbox = new Inbox(ds);
}, 60_000);
afterAll(async () => {
  await reminders?.onModuleDestroy();
  await ds?.destroy();
});

const envelope = (type: string, key: string, sequence: number, data: object) =>
  ({
    id: randomUUID(),
    type,
    version: 1,
    stream: type.slice(0, type.lastIndexOf('.') + 1) + (type.startsWith('identity') ? 'user' : 'booking'),
    sequence,
    occurredAt: new Date().toISOString(),
    producer: 'test',
    key,
    data,
  }) as never;

async function member(email: string | null) {
  const userId = randomUUID();
  const data = { userId, firstName: 'Ava', userType: 'host', email };
  await inbox.process('notifications.members', envelope('identity.user-registered', userId, 1, data), (m) =>
    facts.memberRegistered(m, data as never),
  );
  return userId;
}

function confirmed(hostId: string): EventData<'bookings.booking-confirmed'> {
  return {
    bookingId: randomUUID(),
    hostId,
    hostFirstName: 'Ava',
    venueId: randomUUID(),
    venueName: "Club 'Nova' \\ Miami",
    venueType: 'club',
    venueCity: 'Miami',
    venueState: 'FL',
    venueImage: 'https://img.test/n.jpg',
    sectionType: 'VIP',
    bookingDate: '2026-12-24',
    startTime: '22:00',
    endTime: '02:00',
    duration: 4,
    startsAt: new Date(Date.now() + 10 * 24 * 3_600_000).toISOString(),
    guestVisibility: 'both',
    friendsCount: 0,
    totalCost: '400.00',
  };
}

const tell = (d: EventData<'bookings.booking-confirmed'>, sequence = 2) =>
  inbox.process(GROUP, envelope('bookings.booking-confirmed', d.bookingId, sequence, d), (m) =>
    facts.bookingConfirmed(m, d),
  );

async function written(bookingId: string, hostId: string) {
  const [card] = await ds.query(`SELECT venue_name, starts_at FROM booking_cards WHERE booking_id = $1`, [bookingId]);
  const jobs = await ds.query(
    `SELECT data->>'which' AS which FROM pgboss.job WHERE name = 'booking-reminder' AND data->>'bookingId' = $1 ORDER BY start_after`,
    [bookingId],
  );
  const notes = await ds.query(`SELECT id, title, body FROM notifications WHERE user_id = $1`, [hostId]);
  const events = await ds.query(
    `SELECT envelope->'data'->>'notificationId' AS id FROM outbox_events WHERE type = 'notifications.notification-created' AND envelope->'data'->>'userId' = $1`,
    [hostId],
  );
  const mails = await ds.query(`SELECT notification_id, to_address, subject FROM email_outbox WHERE user_id = $1`, [
    hostId,
  ]);
  return { card, jobs: jobs.map((j: { which: string }) => j.which), notes, events, mails };
}

describe('booking-confirmed in the notifications service', () => {
  it('writes the card, the reminders, the notification, its event and its email in three round trips', async () => {
    const hostId = await member('ava@luxe.test');
    const d = confirmed(hostId);
    const watch = watchQueries(ds);
    try {
      expect(await tell(d)).toBe('applied');
      // Every statement prepared on the connection (a PREPARE goes with each the first time on a
      // connection).
      expect(watch.sent.map((q) => unprepared(q).slice(0, 40))).toEqual([
        expect.stringMatching(/^BEGIN; EXECUTE luxe_inbox_begin\(/),
        expect.stringMatching(/^EXECUTE luxe_booking_card\(/),
        expect.stringMatching(/^EXECUTE luxe_outbox_add\(/),
      ]);
      // pg-boss's insert of the reminders too (pgboss.job in its PREPARE, the first time).
      expect(unprepared(watch.sent[1])).toMatch(
        /^EXECUTE luxe_booking_card\(.*\); EXECUTE luxe_reminders_insert\('\[.*\]', .*\); EXECUTE luxe_notification_add\(.*\); EXECUTE luxe_email_recipient\('[0-9a-f-]{36}', 'booking-confirmed'\)$/,
      );
      expect(unprepared(watch.sent[2])).toMatch(/; EXECUTE luxe_email_enqueue\(.*\); COMMIT$/);
    } finally {
      watch.restore();
    }
    const w = await written(d.bookingId, hostId);
    expect(w.card).toEqual({ venue_name: d.venueName, starts_at: new Date(d.startsAt) });
    expect(w.jobs).toEqual(['24h', '2h']);
    expect(w.notes).toEqual([
      { id: expect.any(String), title: 'Booking confirmed', body: expect.stringContaining(d.venueName) },
    ]);
    expect(w.events).toEqual([{ id: w.notes[0].id }]);
    expect(w.mails).toEqual([
      { notification_id: w.notes[0].id, to_address: 'ava@luxe.test', subject: expect.stringContaining(d.venueName) },
    ]);
  });

  it('told again (another event of the same fact), writes no second notification, event, email or reminder', async () => {
    const hostId = await member('ben@luxe.test');
    const d = confirmed(hostId);
    expect(await tell(d, 2)).toBe('applied');
    const first = await written(d.bookingId, hostId);
    const watch = watchQueries(ds);
    try {
      expect(await tell(d, 3)).toBe('applied');
      // Nothing new to send with the COMMIT: it goes alone.
      expect(watch.sent.at(-1)).toBe('COMMIT');
    } finally {
      watch.restore();
    }
    expect(await written(d.bookingId, hostId)).toEqual(first);
  });

  it('queues no email for a member who turned the kind off, and none without an address; the rest is written', async () => {
    const off = await member('cy@luxe.test');
    await new EmailRepository(ds).setPreferences(off, { 'booking-confirmed': false });
    const none = await member(null);
    for (const hostId of [off, none]) {
      const d = confirmed(hostId);
      expect(await tell(d)).toBe('applied');
      const w = await written(d.bookingId, hostId);
      expect([w.jobs, w.notes.length, w.events.length, w.mails]).toEqual([['24h', '2h'], 1, 1, []]);
    }
  });

  it('a write that fails with the COMMIT rolls back everything of the event: no card, no reminder, no notification', async () => {
    const hostId = await member('dee@luxe.test');
    // Only the email's text holds the section type: its insert, the last statement, is refused (a NUL).
    const d = { ...confirmed(hostId), sectionType: 'VIP\u0000' };
    const watch = watchQueries(ds);
    try {
      await expect(tell(d)).rejects.toThrow();
      expect(watch.sent[2]).toMatch(/EXECUTE luxe_email_enqueue_\d+\(/);
    } finally {
      watch.restore();
    }
    const w = await written(d.bookingId, hostId);
    expect([w.card, w.jobs, w.notes, w.events, w.mails]).toEqual([undefined, [], [], [], []]);
  });
});
