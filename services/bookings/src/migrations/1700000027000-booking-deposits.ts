import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Minimum spend and deposits (docs/product.md#booking-deposits): the catalog keeps each section's,
 * and a booking keeps what applied when it was made. Bookings made before were section bookings
 * paid at the venue (no deposit) or yachts paid in full (the deposit is their total).
 */
export class BookingDeposits1700000027000 implements MigrationInterface {
  name = 'BookingDeposits1700000027000';
  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE section_cards ADD COLUMN minimum_spend numeric(10,2), ADD COLUMN deposit_percent integer NOT NULL DEFAULT 0`,
    );
    await q.query(
      `ALTER TABLE bookings ADD COLUMN minimum_spend numeric(10,2), ADD COLUMN deposit_percent integer NOT NULL DEFAULT 0, ADD COLUMN deposit_amount numeric(10,2) NOT NULL DEFAULT 0`,
    );
    await q.query(`UPDATE bookings SET deposit_percent = 100, deposit_amount = total_cost WHERE section_id IS NULL`);
    await q.query(
      `ALTER TABLE bookings ADD CONSTRAINT bookings_deposit_check CHECK (deposit_percent BETWEEN 0 AND 100 AND deposit_amount >= 0 AND deposit_amount <= total_cost)`,
    );
  }
  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE bookings DROP CONSTRAINT bookings_deposit_check, DROP COLUMN deposit_amount, DROP COLUMN deposit_percent, DROP COLUMN minimum_spend`,
    );
    await q.query(`ALTER TABLE section_cards DROP COLUMN deposit_percent, DROP COLUMN minimum_spend`);
  }
}
