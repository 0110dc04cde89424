import { MigrationInterface, QueryRunner } from 'typeorm';

/** Bookings whose hold or booking ended (booking-fence.ts): no new payment or split for them. */
export class EndedBookings1700000041500 implements MigrationInterface {
  name = 'EndedBookings1700000041500';
  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE ended_bookings (booking_id uuid PRIMARY KEY, reason text NOT NULL, ended_at timestamptz NOT NULL DEFAULT now())`,
    );
  }
  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE ended_bookings`);
  }
}
