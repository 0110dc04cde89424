import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The payment's lifecycle (payment-lifecycle.ts, docs/booking-lifecycle.md): a declined card keeps the payment
 * pending (its last error recorded), a cancelled PaymentIntent is 'canceled', one replaced by a
 * split 'replaced' (and 'replaced-refunded' when it succeeded anyway and went back in full).
 */
export class PaymentLifecycle1700000041000 implements MigrationInterface {
  name = 'PaymentLifecycle1700000041000';
  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE payments DROP CONSTRAINT "payments_status_check"`);
    await q.query(
      `ALTER TABLE payments ADD CONSTRAINT "payments_status_check" CHECK (status IN ('pending', 'succeeded', 'failed', 'canceled', 'replaced', 'replaced-refunded'))`,
    );
    await q.query(`ALTER TABLE payments ADD COLUMN last_error text`);
  }
  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE payments DROP COLUMN last_error`);
    await q.query(`ALTER TABLE payments DROP CONSTRAINT "payments_status_check"`);
    await q.query(
      `ALTER TABLE payments ADD CONSTRAINT "payments_status_check" CHECK (status IN ('pending', 'succeeded', 'failed'))`,
    );
  }
}
