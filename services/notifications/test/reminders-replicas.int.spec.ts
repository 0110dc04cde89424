import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { DataSource } from 'typeorm';
import { createDataSource, createLogger, databaseUrl, ensureDatabase, initDatabase } from '@luxe/platform';
import { queryAtOnce } from '@luxe/platform/db';
import { waitFor } from '@luxe/platform/testing';
import type { CardRepository } from '../src/cards/card.repository';
import type { NotificationService } from '../src/inbox/notification.service';
import { migrations } from '../src/migrations';
import { ReminderScheduler } from '../src/reminders/reminder.scheduler';

// Two replicas of the notifications service's reminder queue (pg-boss) on one real database: a
// due reminder is run by one of them, once; a reminder queued in a transaction that rolls back
// does not exist. What a reminder tells is tested on the stack (notifications.api.spec.ts).
class Replica extends ReminderScheduler {
  readonly ran: string[] = [];
  override async remind(job: { bookingId: string; which: string }): Promise<void> {
    this.ran.push(`${job.bookingId}:${job.which}`);
  }
}

let ds: DataSource;
let replicas: Replica[] = [];

beforeAll(async () => {
  const adminUrl = process.env.LUXE_PG_ADMIN_URL!;
  const db = `luxe_test${(process.env.LUXE_TEST_ID ?? '').replace(/[^a-z0-9]/g, '')}_notifications_reminders`;
  await ensureDatabase(adminUrl, db);
  ds = createDataSource({ url: databaseUrl(adminUrl, db), migrations, poolSize: 2 });
  await initDatabase(ds);
  const logger = createLogger('reminders-test', 'error');
  replicas = [0, 1].map(
    () => new Replica(ds, {} as CardRepository, {} as NotificationService, logger, { REMINDER_POLL_SECONDS: 0.5 }),
  );
  // Started together, as a deployment's replicas are: both create the queue.
  await Promise.all(replicas.map((r) => r.onModuleInit()));
}, 60_000);
afterAll(async () => {
  await Promise.all(replicas.map((r) => r.onModuleDestroy()));
  await ds?.destroy();
});

describe('booking reminders with two replicas', () => {
  it('a due reminder runs once, on one replica; the later one keeps waiting', async () => {
    const bookingId = randomUUID();
    // Starts in a day and 1.5 s: its day-before reminder is due in 1.5 s, its 2-hour one in 22 h.
    const startsAt = new Date(Date.now() + 24 * 3_600_000 + 1500);
    await ds.transaction(async (m) => queryAtOnce(m, await replicas[0]!.statements(bookingId, startsAt)));
    const ran = () => replicas.flatMap((r) => r.ran).filter((x) => x.startsWith(bookingId));
    await waitFor('the reminder runs', async () => ran().length > 0, 20_000);
    await new Promise((r) => setTimeout(r, 2500)); // several more polls of both replicas
    expect(ran()).toEqual([`${bookingId}:24h`]);
    const states = (await ds.query(
      `SELECT data->>'which' AS which, state FROM pgboss.job WHERE name = 'booking-reminder' AND data->>'bookingId' = $1 ORDER BY start_after`,
      [bookingId],
    )) as { which: string; state: string }[];
    expect(states).toEqual([
      { which: '24h', state: 'completed' },
      { which: '2h', state: 'created' },
    ]);
  });

  it('a reminder queued in a transaction that rolls back is not queued', async () => {
    const bookingId = randomUUID();
    await expect(
      ds.transaction(async (m) => {
        await queryAtOnce(m, await replicas[1]!.statements(bookingId, new Date(Date.now() + 3 * 24 * 3_600_000)));
        throw new Error('the event failed after scheduling');
      }),
    ).rejects.toThrow('the event failed');
    expect(await ds.query(`SELECT 1 FROM pgboss.job WHERE data->>'bookingId' = $1`, [bookingId])).toEqual([]);
  });
});
