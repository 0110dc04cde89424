import { MigrationInterface, QueryRunner } from 'typeorm';

/** Card payments of held bookings, and the Stripe events handled (once each). */
export class CreatePayments1700000013000 implements MigrationInterface {
  name = 'CreatePayments1700000013000';
  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE payments (
      id uuid PRIMARY KEY,
      booking_id uuid NOT NULL,
      host_id uuid NOT NULL,
      payment_intent_id text NOT NULL,
      client_secret text NOT NULL,
      amount integer NOT NULL,
      currency text NOT NULL,
      status text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT payments_status_check CHECK (status IN ('pending', 'succeeded', 'failed'))
    )`);
    await q.query(`CREATE UNIQUE INDEX payments_booking_id ON payments (booking_id)`);
    await q.query(`CREATE INDEX payments_host_id ON payments (host_id)`);
    await q.query(`CREATE UNIQUE INDEX payments_intent_id ON payments (payment_intent_id)`);
    await q.query(
      `CREATE TABLE stripe_events (event_id text PRIMARY KEY, type text NOT NULL, received_at timestamptz NOT NULL DEFAULT now())`,
    );
  }
  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE stripe_events`);
    await q.query(`DROP TABLE payments`);
  }
}
