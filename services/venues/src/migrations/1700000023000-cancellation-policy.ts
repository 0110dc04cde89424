import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A venue's cancellation policy becomes one of flexible, moderate,
 * strict (docs/product.md#cancellation-policies): the old
 * free text naming flexible or strict maps to it, anything else (or none) to moderate.
 */
export class CancellationPolicy1700000023000 implements MigrationInterface {
  name = 'CancellationPolicy1700000023000';
  async up(q: QueryRunner): Promise<void> {
    await q.query(`UPDATE venues SET cancellation_policy = CASE
      WHEN cancellation_policy IN ('flexible', 'moderate', 'strict') THEN cancellation_policy
      WHEN cancellation_policy ILIKE '%flexible%' THEN 'flexible'
      WHEN cancellation_policy ILIKE '%strict%' THEN 'strict'
      ELSE 'moderate' END`);
    await q.query(
      `ALTER TABLE venues ALTER COLUMN cancellation_policy SET DEFAULT 'moderate', ALTER COLUMN cancellation_policy SET NOT NULL`,
    );
    await q.query(
      `ALTER TABLE venues ADD CONSTRAINT venues_cancellation_policy_check CHECK (cancellation_policy IN ('flexible', 'moderate', 'strict'))`,
    );
  }
  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE venues DROP CONSTRAINT venues_cancellation_policy_check`);
    await q.query(
      `ALTER TABLE venues ALTER COLUMN cancellation_policy DROP NOT NULL, ALTER COLUMN cancellation_policy DROP DEFAULT`,
    );
  }
}
