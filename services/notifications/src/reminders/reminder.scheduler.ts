import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import PgBoss from 'pg-boss';
import { v5 as uuidv5 } from 'uuid';
import { DataSource } from 'typeorm';
import type { LiteralStatement, PreparedSql } from '@luxe/platform/db';
import type { PostgresConnectionOptions } from 'typeorm/driver/postgres/PostgresConnectionOptions';
import { LOGGER, SERVICE_SETTINGS, type Logger } from '@luxe/platform/runtime';
import { CardRepository } from '../cards/card.repository';
import { NotificationService } from '../inbox/notification.service';
import { LINKS, where } from '../inbox/notification.texts';
import type { NotificationsSettings } from '../notifications.settings';
import { reminderTimes, type ReminderWhich } from './reminder-times';

export const REMINDER_QUEUE = 'booking-reminder';
/** The namespace of reminders' job ids (UUID v5): any fixed UUID, never to change while jobs are queued. */
const REMINDER_IDS = 'a3c1f0de-5b7e-4c1a-9a55-2f7d1c0b6e41';
interface ReminderJob {
  bookingId: string;
  which: ReminderWhich;
}

/**
 * The types of pg-boss's insert's parameters (pg-boss 10, `insertJobs`: the jobs as JSON, the
 * queue defaults expire_in and keep_until as text, retry limit and delay, backoff), which it sends
 * untyped and `PREPARE` needs written. A pg-boss whose insert takes others fails
 * services/notifications/test/booking-confirmed.int.spec.ts.
 */
const INSERT_TYPES = ['json', 'text', 'text', 'int', 'int', 'boolean'];

/**
 * Booking reminders (docs/product.md#messaging-notifications) on a PostgreSQL job queue (pg-boss, in this service's own
 * database): a confirmed booking's reminders are queued in the same transaction as the event that
 * confirmed it, wait there (through restarts and deploys) until they are due, and are taken by one
 * replica only (pg-boss takes jobs with SKIP LOCKED). A reminder runs once per member besides:
 * its notification's fact key is unique per member, so a retried job tells nobody twice.
 */
@Injectable()
export class ReminderScheduler implements OnModuleInit, OnModuleDestroy {
  private boss: PgBoss | null = null;
  /** pg-boss's insert as a statement prepared per connection (`executeSql`), by its text. */
  private readonly inserts = new Map<string, PreparedSql>();

  constructor(
    private readonly ds: DataSource,
    private readonly cards: CardRepository,
    private readonly notifications: NotificationService,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(SERVICE_SETTINGS) private readonly settings: Partial<NotificationsSettings>,
  ) {}

  async onModuleInit(): Promise<void> {
    const url = (this.ds.options as PostgresConnectionOptions).url;
    if (!url) throw new Error('reminders: the database has no URL for pg-boss');
    // A pool of its own, small: a poll every REMINDER_POLL_SECONDS and the jobs' own writes.
    const boss = new PgBoss({ connectionString: url, max: 2, schema: 'pgboss', schedule: false });
    boss.on('error', (err) => this.logger.warn({ err }, 'reminders: the job queue reported an error'));
    await boss.start();
    // Several replicas start together: the second creation of the queue is refused, which is fine.
    if (!(await boss.getQueue(REMINDER_QUEUE)))
      await boss
        .createQueue(REMINDER_QUEUE, { name: REMINDER_QUEUE, retryLimit: 5, retryDelay: 30, retryBackoff: true })
        .catch(() => undefined);
    await boss.work<ReminderJob>(
      REMINDER_QUEUE,
      { pollingIntervalSeconds: this.settings.REMINDER_POLL_SECONDS ?? 30, batchSize: 10 },
      async (jobs) => {
        for (const job of jobs) await this.remind(job.data);
      },
    );
    this.boss = boss;
  }

  async onModuleDestroy(): Promise<void> {
    await this.boss?.stop({ graceful: true, timeout: 10_000, wait: true });
  }

  /**
   * Queues the booking's reminders still ahead in the caller's transaction (rolled back with it):
   * pg-boss's insert statement (both reminders in one; the queue's retry settings apply as to a
   * send), taken from its `db` hook unsent so the caller sends it with its other writes
   * (`NotificationService.notify`'s `before`). Nothing when both times are past.
   */
  async statements(bookingId: string, startsAt: Date, now = new Date()): Promise<LiteralStatement[]> {
    if (!this.boss) throw new Error('reminders: the job queue is not started');
    const jobs = reminderTimes(startsAt, now).map(({ which, at }) => ({
      // Its id made of the booking and the reminder: told twice (a later event of a confirmation, a
      // replay), the booking queues its reminders once (pg-boss inserts with ON CONFLICT DO NOTHING).
      id: uuidv5(`${bookingId}:${which}`, REMINDER_IDS),
      name: REMINDER_QUEUE,
      data: { bookingId, which } satisfies ReminderJob,
      startAfter: at,
      singletonKey: `${bookingId}:${which}`,
    }));
    if (!jobs.length) return [];
    const taken: LiteralStatement[] = [];
    // pg-boss reads nothing back from its insert but the new ids, which nobody here needs.
    const db = {
      executeSql: async (sql: string, values: unknown[]) => {
        taken.push({ sql, values });
        return { rows: [] };
      },
    };
    await this.boss.insert(jobs, { db } as PgBoss.InsertOptions);
    if (taken.length !== 1) throw new Error(`reminders: pg-boss sent ${taken.length} statements for one insert`);
    // Prepared on the connection: planning it (a dozen expressions, a JSON record set, the queue's
    // row) costs more than running it, and it runs for every confirmed booking.
    const [insert] = taken;
    let prepared = this.inserts.get(insert.sql);
    if (!prepared)
      this.inserts.set(
        insert.sql,
        (prepared = { name: 'luxe_reminders_insert', types: INSERT_TYPES, sql: insert.sql }),
      );
    return [{ ...insert, prepared }];
  }

  /** A due reminder: the host and the guests going, unless the booking was cancelled meanwhile. */
  async remind(job: ReminderJob): Promise<void> {
    await this.ds.transaction(async (m) => {
      const b = await this.cards.booking(m, job.bookingId);
      if (!b || b.cancelled || !b.startsAt) return;
      const title = job.which === '24h' ? `Tomorrow: ${where(b)}` : `In 2 hours: ${where(b)}`;
      const members = [b.hostId, ...(await this.cards.guests(m, b.bookingId))];
      for (const userId of members) {
        await this.notifications.notify(m, {
          userId,
          kind: 'booking-reminder',
          factKey: `booking-reminder:${job.which}:${b.bookingId}`,
          title,
          body:
            userId === b.hostId
              ? 'Your booking is coming up. Your guests get this reminder too.'
              : 'The event you are going to is coming up.',
          detail: 'Your pass is on the booking: show it at the door.',
          link: userId === b.hostId ? LINKS.hostBookings : LINKS.guestEvents,
        });
      }
    });
  }
}
