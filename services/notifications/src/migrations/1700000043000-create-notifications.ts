import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The notifications service's tables (docs/product.md#messaging-notifications):
 * its read models of members, bookings and venues
 * (who to tell, and what to call things), the notifications (one per recipient per fact: the
 * fact key is unique per member, so a fact told twice writes nothing more), the members' email
 * preferences, and the emails waiting to be sent (sent by a poller, retried with backoff).
 */
export class CreateNotifications1700000043000 implements MigrationInterface {
  name = 'CreateNotifications1700000043000';
  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE member_cards (
      user_id uuid PRIMARY KEY,
      first_name text NOT NULL,
      email text,
      user_type text NOT NULL,
      unsubscribe_token text NOT NULL UNIQUE,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE TABLE booking_cards (
      booking_id uuid PRIMARY KEY,
      host_id uuid NOT NULL,
      venue_name text,
      booking_date text,
      start_time text
    )`);
    await q.query(`CREATE INDEX booking_cards_host_id ON booking_cards (host_id)`);
    await q.query(`CREATE TABLE venue_cards (
      venue_id uuid PRIMARY KEY,
      owner_id uuid NOT NULL,
      name text NOT NULL
    )`);
    await q.query(`CREATE INDEX venue_cards_owner_id ON venue_cards (owner_id)`);
    await q.query(`CREATE TABLE notifications (
      id uuid PRIMARY KEY,
      user_id uuid NOT NULL,
      kind text NOT NULL,
      fact_key text NOT NULL,
      title text NOT NULL,
      body text NOT NULL,
      link text NOT NULL,
      read boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT notifications_one_per_fact UNIQUE (user_id, fact_key)
    )`);
    await q.query(`CREATE INDEX notifications_user_created ON notifications (user_id, created_at DESC, id)`);
    await q.query(`CREATE INDEX notifications_user_unread ON notifications (user_id) WHERE NOT read`);
    await q.query(`CREATE TABLE email_preferences (
      user_id uuid NOT NULL,
      kind text NOT NULL,
      enabled boolean NOT NULL,
      PRIMARY KEY (user_id, kind)
    )`);
    await q.query(`CREATE TABLE email_outbox (
      id uuid PRIMARY KEY,
      notification_id uuid NOT NULL UNIQUE,
      user_id uuid NOT NULL,
      kind text NOT NULL,
      to_address text NOT NULL,
      subject text NOT NULL,
      text_body text NOT NULL,
      html_body text NOT NULL,
      unsubscribe_url text NOT NULL,
      attempts int NOT NULL DEFAULT 0,
      next_attempt_at timestamptz NOT NULL DEFAULT now(),
      sent_at timestamptz,
      last_error text,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE INDEX email_outbox_due ON email_outbox (next_attempt_at) WHERE sent_at IS NULL`);
    await q.query(`CREATE INDEX email_outbox_user_id ON email_outbox (user_id)`);
    await q.query(`CREATE TABLE demo_emails (
      id uuid PRIMARY KEY,
      user_id uuid NOT NULL,
      to_address text NOT NULL,
      subject text NOT NULL,
      text_body text NOT NULL,
      html_body text NOT NULL,
      sent_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE INDEX demo_emails_user_id ON demo_emails (user_id)`);
  }
  async down(q: QueryRunner): Promise<void> {
    for (const t of [
      'demo_emails',
      'email_outbox',
      'email_preferences',
      'notifications',
      'venue_cards',
      'booking_cards',
      'member_cards',
    ])
      await q.query(`DROP TABLE ${t}`);
  }
}
