import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An entertainer's bookings in every room, by start (docs/booking-lifecycle.md: the overlap check per entertainer
 * is an index range scan, not a scan of the venue's bookings).
 */
export class DancerOverlap1700000041000 implements MigrationInterface {
  name = 'DancerOverlap1700000041000';
  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX IF NOT EXISTS bookings_dancer_window ON bookings (dancer_id, starts_at) WHERE dancer_id IS NOT NULL`,
    );
    await q.query(`CREATE INDEX IF NOT EXISTS bookings_live_holds ON bookings (host_id) WHERE status = 'held'`);
    // A booking's friends (its lists and friendsCount read them by booking).
    await q.query(`CREATE INDEX IF NOT EXISTS friends_booking_id ON friends (booking_id) WHERE booking_id IS NOT NULL`);
  }
  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS friends_booking_id`);
    await q.query(`DROP INDEX IF EXISTS bookings_live_holds`);
    await q.query(`DROP INDEX IF EXISTS bookings_dancer_window`);
  }
}
