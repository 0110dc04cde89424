import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The section and dancer each booking of venues' read model takes, and whether it is confirmed or
 * a hold (issue case 5): a section or dancer with upcoming bookings is not deleted. Rows from
 * before carry neither (their events did not), so they hold back only their venue.
 */
export class VenueBookingUnits1700000036000 implements MigrationInterface {
  name = 'VenueBookingUnits1700000036000';
  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE venue_bookings ADD COLUMN section_id uuid, ADD COLUMN dancer_id uuid, ADD COLUMN status text NOT NULL DEFAULT 'confirmed'`,
    );
    await q.query(
      `CREATE INDEX venue_bookings_section_starts ON venue_bookings (section_id, starts_at) WHERE section_id IS NOT NULL`,
    );
    await q.query(
      `CREATE INDEX venue_bookings_dancer_starts ON venue_bookings (dancer_id, starts_at) WHERE dancer_id IS NOT NULL`,
    );
  }
  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX venue_bookings_dancer_starts`);
    await q.query(`DROP INDEX venue_bookings_section_starts`);
    await q.query(`ALTER TABLE venue_bookings DROP COLUMN status, DROP COLUMN dancer_id, DROP COLUMN section_id`);
  }
}
