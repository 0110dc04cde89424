import { MigrationInterface, QueryRunner } from 'typeorm';

/** Split payments: a held booking's amount due now shared among its payers, one PaymentIntent per share. */
export class CreateSplitPayments1700000035000 implements MigrationInterface {
  name = 'CreateSplitPayments1700000035000';
  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE split_payments (
      id uuid PRIMARY KEY,
      booking_id uuid NOT NULL,
      host_id uuid NOT NULL,
      venue_name text NOT NULL,
      booking_date text NOT NULL,
      start_time text NOT NULL,
      fallback text NOT NULL,
      status text NOT NULL DEFAULT 'open',
      deadline timestamptz NOT NULL,
      total integer NOT NULL,
      currency text NOT NULL,
      stripe_customer_id text,
      host_payment_method_id text,
      fallback_intent_id text,
      fallback_status text,
      fallback_amount integer,
      fallback_refund_id text,
      fallback_refund_amount integer,
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT split_payments_fallback_check CHECK (fallback IN ('host-card', 'release')),
      CONSTRAINT split_payments_status_check CHECK (status IN ('open', 'completed', 'released')),
      CONSTRAINT split_payments_total_check CHECK (total > 0)
    )`);
    await q.query(`CREATE UNIQUE INDEX split_payments_booking_id ON split_payments (booking_id)`);
    await q.query(`CREATE INDEX split_payments_host_id ON split_payments (host_id)`);
    await q.query(`CREATE INDEX split_payments_open_deadline ON split_payments (deadline) WHERE status = 'open'`);
    await q.query(
      `CREATE UNIQUE INDEX split_payments_fallback_intent ON split_payments (fallback_intent_id) WHERE fallback_intent_id IS NOT NULL`,
    );
    await q.query(`CREATE TABLE split_shares (
      id uuid PRIMARY KEY,
      split_id uuid NOT NULL REFERENCES split_payments (id) ON DELETE CASCADE,
      position integer NOT NULL,
      is_host boolean NOT NULL,
      token text,
      amount integer NOT NULL,
      status text NOT NULL DEFAULT 'pending',
      payer_id uuid,
      payer_first_name text,
      payment_intent_id text,
      client_secret text,
      paid_at timestamptz,
      refund_id text,
      refund_amount integer,
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT split_shares_status_check CHECK (status IN ('pending', 'paid', 'covered-by-host', 'refunded')),
      CONSTRAINT split_shares_amount_check CHECK (amount >= 0)
    )`);
    await q.query(`CREATE UNIQUE INDEX split_shares_position ON split_shares (split_id, position)`);
    await q.query(`CREATE UNIQUE INDEX split_shares_token ON split_shares (token) WHERE token IS NOT NULL`);
    await q.query(
      `CREATE UNIQUE INDEX split_shares_intent ON split_shares (payment_intent_id) WHERE payment_intent_id IS NOT NULL`,
    );
    await q.query(`CREATE INDEX split_shares_payer ON split_shares (payer_id) WHERE payer_id IS NOT NULL`);
  }
  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE split_shares`);
    await q.query(`DROP TABLE split_payments`);
  }
}
