import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Notifications read by reading what they are about (`subject_id`), and account emails (the password-reset link) wait in the same queue as the notifications'
 * emails, with its retries, but belong to no notification and cannot be unsubscribed from: a
 * member always gets the link he asked for. `dedupe_key` makes a redelivered event queue nothing
 * more (a notification's email is kept once by its notification_id).
 */
export class AccountEmails1700000045000 implements MigrationInterface {
  name = 'AccountEmails1700000045000';
  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE email_outbox ALTER COLUMN notification_id DROP NOT NULL`);
    await q.query(`ALTER TABLE email_outbox ALTER COLUMN unsubscribe_url DROP NOT NULL`);
    await q.query(`ALTER TABLE email_outbox ADD COLUMN dedupe_key text UNIQUE`);
    // What a notification is about when something other than a click makes it read (a message's
    // conversation: reading the thread reads its notifications).
    await q.query(`ALTER TABLE notifications ADD COLUMN subject_id text`);
    await q.query(
      `CREATE INDEX notifications_user_subject_unread ON notifications (user_id, subject_id) WHERE NOT read AND subject_id IS NOT NULL`,
    );
    // Message notifications waiting for the batched email: 'emailed', or 'skipped' (he was online).
    await q.query(`ALTER TABLE notifications ADD COLUMN email_state text`);
    await q.query(
      `CREATE INDEX notifications_message_digest ON notifications (created_at) WHERE kind = 'message-received' AND NOT read AND email_state IS NULL`,
    );
  }
  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE notifications DROP COLUMN email_state`);
    await q.query(`ALTER TABLE notifications DROP COLUMN subject_id`);
    await q.query(`DELETE FROM email_outbox WHERE notification_id IS NULL`);
    await q.query(`ALTER TABLE email_outbox DROP COLUMN dedupe_key`);
    await q.query(`ALTER TABLE email_outbox ALTER COLUMN unsubscribe_url SET NOT NULL`);
    await q.query(`ALTER TABLE email_outbox ALTER COLUMN notification_id SET NOT NULL`);
  }
}
