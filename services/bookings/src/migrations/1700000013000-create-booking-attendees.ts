import { MigrationInterface, QueryRunner } from 'typeorm';

/** Guests approved to a booking, kept from social's events (who may download its calendar file). */
export class CreateBookingAttendees1700000013000 implements MigrationInterface {
  name = 'CreateBookingAttendees1700000013000';
  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE booking_attendees (
      booking_id uuid NOT NULL,
      user_id uuid NOT NULL,
      PRIMARY KEY (booking_id, user_id)
    )`);
    await q.query(`CREATE INDEX booking_attendees_user_id ON booking_attendees (user_id)`);
  }
  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE booking_attendees`);
  }
}
