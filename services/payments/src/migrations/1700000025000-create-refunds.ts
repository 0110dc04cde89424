import { MigrationInterface, QueryRunner } from 'typeorm';

/** Refunds of cancelled bookings' card payments (docs/product.md#cancellation): at most one per booking. */
export class CreateRefunds1700000025000 implements MigrationInterface {
  name = 'CreateRefunds1700000025000';
  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE refunds (
      id uuid PRIMARY KEY,
      booking_id uuid NOT NULL,
      payment_id uuid NOT NULL,
      host_id uuid NOT NULL,
      stripe_refund_id text NOT NULL,
      amount integer NOT NULL,
      currency text NOT NULL,
      status text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT refunds_amount_check CHECK (amount > 0)
    )`);
    await q.query(`CREATE UNIQUE INDEX refunds_booking_id ON refunds (booking_id)`);
    await q.query(`CREATE INDEX refunds_host_id ON refunds (host_id)`);
  }
  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE refunds`);
  }
}
