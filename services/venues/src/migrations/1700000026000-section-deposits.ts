import { MigrationInterface, QueryRunner } from 'typeorm';

/** A section's minimum spend (none by default) and the deposit percentage taken when booking (docs/product.md#booking-deposits). */
export class SectionDeposits1700000026000 implements MigrationInterface {
  name = 'SectionDeposits1700000026000';
  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE sections ADD COLUMN minimum_spend numeric(10,2), ADD COLUMN deposit_percent integer NOT NULL DEFAULT 0`,
    );
    await q.query(
      `ALTER TABLE sections ADD CONSTRAINT sections_minimum_spend_check CHECK (minimum_spend IS NULL OR minimum_spend > 0)`,
    );
    await q.query(
      `ALTER TABLE sections ADD CONSTRAINT sections_deposit_percent_check CHECK (deposit_percent BETWEEN 0 AND 100)`,
    );
  }
  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE sections DROP CONSTRAINT sections_deposit_percent_check, DROP CONSTRAINT sections_minimum_spend_check, DROP COLUMN deposit_percent, DROP COLUMN minimum_spend`,
    );
  }
}
