import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Booking reminders (docs/product.md#messaging-notifications):
 * when a booking starts and whether it was cancelled, and who is
 * going as a guest (approved join requests, accepted invites), so a reminder reaches the host and
 * his guests. The reminders themselves wait in pg-boss's own schema (`pgboss`), which pg-boss
 * creates and migrates when the service starts.
 */
export class BookingReminders1700000046000 implements MigrationInterface {
  name = 'BookingReminders1700000046000';
  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE booking_cards ADD COLUMN starts_at timestamptz`);
    await q.query(`ALTER TABLE booking_cards ADD COLUMN cancelled boolean NOT NULL DEFAULT false`);
    await q.query(
      `CREATE TABLE booking_guests (booking_id uuid NOT NULL, user_id uuid NOT NULL, PRIMARY KEY (booking_id, user_id))`,
    );
    await q.query(`CREATE INDEX booking_guests_user_id ON booking_guests (user_id)`);
  }
  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE booking_guests`);
    await q.query(`ALTER TABLE booking_cards DROP COLUMN cancelled`);
    await q.query(`ALTER TABLE booking_cards DROP COLUMN starts_at`);
  }
}
