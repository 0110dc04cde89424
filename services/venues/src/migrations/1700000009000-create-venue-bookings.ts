import { MigrationInterface, QueryRunner } from 'typeorm';

/** Venues' read model of confirmed bookings (from bookings' events): a venue with upcoming ones is not deleted. */
export class CreateVenueBookings1700000009000 implements MigrationInterface {
  name = 'CreateVenueBookings1700000009000';
  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE venue_bookings (booking_id uuid PRIMARY KEY, venue_id uuid NOT NULL, starts_at timestamptz NOT NULL)`,
    );
    await q.query(`CREATE INDEX venue_bookings_venue_starts ON venue_bookings (venue_id, starts_at)`);
  }
  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE venue_bookings`);
  }
}
