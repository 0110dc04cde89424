import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { Notification, NotificationKind } from '@luxe/contracts';
import { erasureKey, type LiteralStatement, preparedStatement, type PreparedSql } from '@luxe/platform/db';
import { returned } from '../email/email.repository';
import type { NotificationDraft } from './notification.texts';

interface Row {
  id: string;
  kind: NotificationKind;
  title: string;
  body: string;
  link: string;
  read: boolean;
  created_at: Date;
}
const toNotification = (r: Row): Notification => ({
  id: r.id,
  kind: r.kind,
  title: r.title,
  body: r.body,
  link: r.link,
  read: r.read,
  createdAt: new Date(r.created_at).toISOString(),
});
const COLUMNS = 'id, kind, title, body, link, read, created_at';

/**
 * A notification's insert, prepared once per connection (`executeSql`): it goes with every
 * notification, and sent as text it was planned every time, at about what running it cost.
 */
const ADD: PreparedSql = {
  name: 'luxe_notification_add',
  types: ['uuid', 'uuid', 'text', 'text', 'text', 'text', 'text', 'timestamptz', 'text', 'text'],
  sql: `INSERT INTO notifications (id, user_id, kind, fact_key, title, body, link, read, created_at, subject_id)
   SELECT $1, $2, $3, $4, $5, $6, $7, false, $8, $10 WHERE NOT EXISTS (SELECT 1 FROM user_erasures WHERE user_key = $9)
   ON CONFLICT ON CONSTRAINT notifications_one_per_fact DO NOTHING RETURNING ${COLUMNS}`,
};

/** A message notification waiting for the batched email. */
export interface WaitingMessage {
  id: string;
  title: string;
  body: string;
  created_at: Date;
}

/** Every query on notifications. */
@Injectable()
export class NotificationRepository {
  constructor(private readonly ds: DataSource) {}

  /**
   * Writes the notification unless the member already has one of this fact or was erased: its
   * statement, to send with others (`queryAtOnce`); `NotificationRepository.added` reads its rows
   * (the written one, or null when nothing was written).
   */
  addStatement(id: string, d: NotificationDraft, at: Date): LiteralStatement {
    return preparedStatement(ADD, [
      id,
      d.userId,
      d.kind,
      d.factKey,
      d.title,
      d.body,
      d.link,
      at,
      erasureKey(d.userId),
      d.subjectId ?? null,
    ]);
  }
  static added(rows: readonly unknown[]): Notification | null {
    return rows[0] ? toNotification(rows[0] as Row) : null;
  }

  async page(
    userId: string,
    page: number,
    pageSize: number,
  ): Promise<{ notifications: Notification[]; total: number; unreadCount: number }> {
    const [rows, counts]: [Row[], { total: number; unread: number }[]] = await Promise.all([
      this.ds.query(
        `SELECT ${COLUMNS} FROM notifications WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
        [userId, pageSize, (page - 1) * pageSize],
      ),
      this.ds.query(
        `SELECT count(*)::int AS total, count(*) FILTER (WHERE NOT read)::int AS unread FROM notifications WHERE user_id = $1`,
        [userId],
      ),
    ]);
    return { notifications: rows.map(toNotification), total: counts[0].total, unreadCount: counts[0].unread };
  }

  async unreadCount(userId: string): Promise<number> {
    const rows: { n: number }[] = await this.ds.query(
      `SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND NOT read`,
      [userId],
    );
    return rows[0].n;
  }

  /** Marks the member's notification read: the notification, or null when he has none of this id. */
  async markRead(userId: string, id: string): Promise<Notification | null> {
    const rows = returned<Row>(
      await this.ds.query(`UPDATE notifications SET read = true WHERE id = $1 AND user_id = $2 RETURNING ${COLUMNS}`, [
        id,
        userId,
      ]),
    );
    return rows[0] ? toNotification(rows[0]) : null;
  }

  /** Marks read, in the caller's transaction, his unread notifications of a kind about `subjectId` written up to `upTo`; how many. */
  async markSubjectRead(
    m: EntityManager,
    userId: string,
    kind: NotificationKind,
    subjectId: string,
    upTo: Date,
  ): Promise<number> {
    const [, count] = (await m.query(
      `UPDATE notifications SET read = true WHERE user_id = $1 AND subject_id = $2 AND kind = $3 AND NOT read AND created_at <= $4`,
      [userId, subjectId, kind, upTo],
    )) as [unknown, number];
    return count;
  }

  async unreadCountIn(m: EntityManager, userId: string): Promise<number> {
    const rows: { n: number }[] = await m.query(
      `SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND NOT read`,
      [userId],
    );
    return rows[0]!.n;
  }

  async markAllRead(userId: string): Promise<void> {
    await this.ds.query(`UPDATE notifications SET read = true WHERE user_id = $1 AND NOT read`, [userId]);
  }

  /** Members with unread message notifications not yet emailed or skipped, the oldest older than `afterMs` (at most 200 a round). */
  async membersWithWaitingMessages(afterMs: number): Promise<string[]> {
    const members: { user_id: string }[] = await this.ds.query(
      `SELECT DISTINCT user_id FROM notifications WHERE kind = 'message-received' AND NOT read AND email_state IS NULL AND created_at <= now() - ($1 || ' milliseconds')::interval LIMIT 200`,
      [String(afterMs)],
    );
    return members.map((r) => r.user_id);
  }

  /** The member's waiting message notifications, oldest first, locked (rows another replica holds are skipped). */
  async lockWaitingMessages(m: EntityManager, userId: string): Promise<WaitingMessage[]> {
    return m.query(
      `SELECT id, title, body, created_at FROM notifications WHERE user_id = $1 AND kind = 'message-received' AND NOT read AND email_state IS NULL
       ORDER BY created_at, id FOR UPDATE SKIP LOCKED`,
      [userId],
    );
  }

  /** Each of these notifications was emailed or skipped, once. */
  async markEmailState(m: EntityManager, ids: string[], state: 'emailed' | 'skipped'): Promise<void> {
    await m.query(`UPDATE notifications SET email_state = $2 WHERE id = ANY($1::uuid[])`, [ids, state]);
  }
}
