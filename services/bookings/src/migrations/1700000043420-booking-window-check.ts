import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A booking's window is its start plus its duration (bookingWindow computes both that way): held by
 * the table, because the overlap checks bound their index range below by the longest duration
 * (booking.repository.ts). Added NOT VALID, then validated: the check of existing rows
 * then takes no lock that stops bookings being made meanwhile.
 */
export class BookingWindowCheck1700000043420 implements MigrationInterface {
  name = 'BookingWindowCheck1700000043420';
  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE bookings ADD CONSTRAINT bookings_window_check CHECK (ends_at - starts_at = duration * interval '1 hour') NOT VALID`,
    );
    await q.query(`ALTER TABLE bookings VALIDATE CONSTRAINT bookings_window_check`);
  }
  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE bookings DROP CONSTRAINT bookings_window_check`);
  }
}
