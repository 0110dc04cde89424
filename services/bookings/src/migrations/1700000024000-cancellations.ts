import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Cancellation policies and refunds (docs/product.md#cancellation): the venue card keeps the venue's policy; a booking
 * keeps the policy it was booked under, what was paid for it, and when it was cancelled with what refund.
 */
export class Cancellations1700000024000 implements MigrationInterface {
  name = 'Cancellations1700000024000';
  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE venue_cards ADD COLUMN cancellation_policy text NOT NULL DEFAULT 'moderate'`);
    await q.query(`ALTER TABLE bookings
      ADD COLUMN cancellation_policy text NOT NULL DEFAULT 'moderate',
      ADD COLUMN amount_paid numeric(10,2) NOT NULL DEFAULT 0,
      ADD COLUMN refund_amount numeric(10,2),
      ADD COLUMN cancelled_at timestamptz`);
    await q.query(
      `ALTER TABLE bookings ADD CONSTRAINT bookings_cancellation_policy_check CHECK (cancellation_policy IN ('flexible', 'moderate', 'strict'))`,
    );
  }
  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE bookings DROP CONSTRAINT bookings_cancellation_policy_check`);
    await q.query(
      `ALTER TABLE bookings DROP COLUMN cancelled_at, DROP COLUMN refund_amount, DROP COLUMN amount_paid, DROP COLUMN cancellation_policy`,
    );
    await q.query(`ALTER TABLE venue_cards DROP COLUMN cancellation_policy`);
  }
}
