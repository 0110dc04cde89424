import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { EMAIL_KINDS, type AccountEmailKind, type EmailKind, type EmailPreferences } from '@luxe/contracts';
import { type LiteralStatement, preparedStatement, type PreparedSql } from '@luxe/platform/db';
import type { RenderedEmail } from './email.templates';

/** A notification's email, prepared once per connection (`executeSql`): it goes with most notifications. */
const ENQUEUE: PreparedSql = {
  name: 'luxe_email_enqueue',
  types: ['uuid', 'uuid', 'uuid', 'text', 'text', 'text', 'text', 'text', 'text'],
  sql: `INSERT INTO email_outbox (id, notification_id, user_id, kind, to_address, subject, text_body, html_body, unsubscribe_url) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (notification_id) DO NOTHING`,
};

export interface QueuedEmail {
  id: string;
  userId: string;
  kind: EmailKind | AccountEmailKind;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Null for an account email (a link the member asked for: nothing to unsubscribe from). */
  unsubscribeUrl: string | null;
  attempts: number;
}

/** The rows of an UPDATE … RETURNING: TypeORM's PostgreSQL driver answers `[rows, count]` for an UPDATE, the rows for an INSERT. */
export function returned<T>(result: unknown): T[] {
  return (Array.isArray(result) && Array.isArray(result[0]) ? result[0] : result) as T[];
}

/** The members' email preferences, the emails waiting to be sent, and the demo mailbox. */
@Injectable()
export class EmailRepository {
  constructor(private readonly ds: DataSource) {}

  async preferences(userId: string, m: EntityManager = this.ds.manager): Promise<EmailPreferences> {
    const rows: { kind: string; enabled: boolean }[] = await m.query(
      `SELECT kind, enabled FROM email_preferences WHERE user_id = $1`,
      [userId],
    );
    const off = new Set(rows.filter((r) => !r.enabled).map((r) => r.kind));
    return Object.fromEntries(EMAIL_KINDS.map((k) => [k, !off.has(k)])) as EmailPreferences;
  }

  async setPreferences(userId: string, changes: Partial<Record<EmailKind, boolean>>): Promise<void> {
    await this.ds.transaction(async (m) => {
      for (const [kind, enabled] of Object.entries(changes))
        if (enabled !== undefined)
          await m.query(
            `INSERT INTO email_preferences (user_id, kind, enabled) VALUES ($1, $2, $3) ON CONFLICT (user_id, kind) DO UPDATE SET enabled = EXCLUDED.enabled`,
            [userId, kind, enabled],
          );
    });
  }

  /** Queues an email in the caller's transaction (once per notification). */
  async enqueue(
    m: EntityManager,
    notificationId: string,
    userId: string,
    kind: EmailKind,
    to: string,
    e: RenderedEmail,
  ): Promise<void> {
    const st = this.enqueueStatement(notificationId, userId, kind, to, e);
    await m.query(st.sql, [...st.values]);
  }
  /** `enqueue`'s statement, to send with others (a notification's email goes with its event). */
  enqueueStatement(
    notificationId: string,
    userId: string,
    kind: EmailKind,
    to: string,
    e: RenderedEmail,
  ): LiteralStatement {
    return preparedStatement(ENQUEUE, [
      randomUUID(),
      notificationId,
      userId,
      kind,
      to,
      e.subject,
      e.text,
      e.html,
      e.unsubscribeUrl,
    ]);
  }

  /** Queues an account email (no notification, no unsubscribe) once per `dedupeKey`. */
  async enqueueAccountEmail(
    m: EntityManager,
    dedupeKey: string,
    userId: string,
    kind: AccountEmailKind,
    to: string,
    e: Omit<RenderedEmail, 'unsubscribeUrl'>,
  ): Promise<void> {
    await m.query(
      `INSERT INTO email_outbox (id, dedupe_key, user_id, kind, to_address, subject, text_body, html_body) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (dedupe_key) DO NOTHING`,
      [randomUUID(), dedupeKey, userId, kind, to, e.subject, e.text, e.html],
    );
  }

  /**
   * Takes up to `limit` due emails for `leaseMs`: each is due again after the lease unless it is
   * marked sent, so an email whose sender died is sent later, and several replicas never take the
   * same one at once (SKIP LOCKED).
   */
  async claimDue(limit: number, leaseMs: number): Promise<QueuedEmail[]> {
    return returned<QueuedEmail>(
      await this.ds.query(
        `UPDATE email_outbox SET attempts = attempts + 1, next_attempt_at = now() + ($2 || ' milliseconds')::interval
       WHERE id IN (SELECT id FROM email_outbox WHERE sent_at IS NULL AND next_attempt_at <= now() ORDER BY next_attempt_at LIMIT $1 FOR UPDATE SKIP LOCKED)
       RETURNING id, user_id AS "userId", kind, to_address AS "to", subject, text_body AS "text", html_body AS "html", unsubscribe_url AS "unsubscribeUrl", attempts`,
        [limit, String(leaseMs)],
      ),
    );
  }

  async markSent(id: string): Promise<void> {
    await this.ds.query(`UPDATE email_outbox SET sent_at = now(), last_error = NULL WHERE id = $1`, [id]);
  }

  async retryLater(id: string, delayMs: number, error: string): Promise<void> {
    await this.ds.query(
      `UPDATE email_outbox SET next_attempt_at = now() + ($2 || ' milliseconds')::interval, last_error = $3 WHERE id = $1`,
      [id, String(delayMs), error.slice(0, 500)],
    );
  }

  async keepDemo(e: QueuedEmail): Promise<void> {
    await this.ds.query(
      `INSERT INTO demo_emails (id, user_id, to_address, subject, text_body, html_body) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (id) DO NOTHING`,
      [e.id, e.userId, e.to, e.subject, e.text, e.html],
    );
  }

  async demoEmails(
    limit = 50,
  ): Promise<{ id: string; to: string; subject: string; text: string; html: string; sentAt: string }[]> {
    const rows: { id: string; to: string; subject: string; text: string; html: string; sent_at: Date }[] =
      await this.ds.query(
        `SELECT id, to_address AS "to", subject, text_body AS "text", html_body AS "html", sent_at FROM demo_emails ORDER BY sent_at DESC, id LIMIT $1`,
        [limit],
      );
    return rows.map((r) => ({
      id: r.id,
      to: r.to,
      subject: r.subject,
      text: r.text,
      html: r.html,
      sentAt: new Date(r.sent_at).toISOString(),
    }));
  }
}
