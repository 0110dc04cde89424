import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The test provider's records (docs/product.md#payment-test-mode; PAYMENT_PROVIDER=test, the embedded mode's default):
 * what Stripe keeps for a real account (PaymentIntents, refunds, customers), kept here with
 * Stripe-shaped ids. Each row remembers the idempotency key it was made with, so a retried call
 * answers the same row as at Stripe. Empty (and unused) with Stripe.
 */
export class TestPayments1700000042000 implements MigrationInterface {
  name = 'TestPayments1700000042000';
  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE test_payment_intents (
      id text PRIMARY KEY,
      idempotency_key text NOT NULL,
      amount integer NOT NULL,
      currency text NOT NULL,
      status text NOT NULL,
      client_secret text NOT NULL,
      customer_id text,
      payment_method_id text,
      setup_future_usage text,
      metadata jsonb NOT NULL DEFAULT '{}',
      description text,
      last_error text,
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT test_payment_intents_status_check CHECK (status IN ('requires_payment_method', 'processing', 'succeeded', 'canceled')),
      CONSTRAINT test_payment_intents_amount_check CHECK (amount > 0)
    )`);
    await q.query(`CREATE UNIQUE INDEX test_payment_intents_key ON test_payment_intents (idempotency_key)`);
    await q.query(`CREATE TABLE test_payment_refunds (
      id text PRIMARY KEY,
      idempotency_key text NOT NULL,
      payment_intent_id text NOT NULL,
      amount integer NOT NULL,
      status text NOT NULL,
      metadata jsonb NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT test_payment_refunds_amount_check CHECK (amount > 0)
    )`);
    await q.query(`CREATE UNIQUE INDEX test_payment_refunds_key ON test_payment_refunds (idempotency_key)`);
    await q.query(`CREATE INDEX test_payment_refunds_intent ON test_payment_refunds (payment_intent_id)`);
    await q.query(`CREATE TABLE test_payment_customers (
      id text PRIMARY KEY,
      idempotency_key text NOT NULL,
      metadata jsonb NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE UNIQUE INDEX test_payment_customers_key ON test_payment_customers (idempotency_key)`);
  }
  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE test_payment_customers`);
    await q.query(`DROP TABLE test_payment_refunds`);
    await q.query(`DROP TABLE test_payment_intents`);
  }
}
