import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Account emails (issue 32: the password-reset link) wait in the same queue as the notifications'
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
  }
  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM email_outbox WHERE notification_id IS NULL`);
    await q.query(`ALTER TABLE email_outbox DROP COLUMN dedupe_key`);
    await q.query(`ALTER TABLE email_outbox ALTER COLUMN unsubscribe_url SET NOT NULL`);
    await q.query(`ALTER TABLE email_outbox ALTER COLUMN notification_id SET NOT NULL`);
  }
}
