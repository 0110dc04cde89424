import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Guest list with a waitlist (docs/product.md#social-guest-list): events keep the booked unit's capacity and the host's
 * guest limit; requests may be waitlisted (in order of `waitlisted_at`), left or removed.
 */
export class GuestListWaitlist1700000030000 implements MigrationInterface {
  name = 'GuestListWaitlist1700000030000';
  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE event_cards ADD COLUMN capacity integer, ADD COLUMN guest_limit integer`);
    await q.query(`ALTER TABLE event_join_requests DROP CONSTRAINT event_join_requests_status_check`);
    await q.query(
      `ALTER TABLE event_join_requests ADD CONSTRAINT event_join_requests_status_check CHECK (status IN ('pending', 'approved', 'declined', 'waitlisted', 'left', 'removed'))`,
    );
    await q.query(
      `ALTER TABLE event_join_requests ADD COLUMN waitlisted_at timestamptz, ADD COLUMN ended_at timestamptz`,
    );
    await q.query(`CREATE INDEX event_join_requests_booking_status ON event_join_requests (booking_id, status)`);
  }
  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX event_join_requests_booking_status`);
    await q.query(`DELETE FROM event_join_requests WHERE status IN ('waitlisted', 'left', 'removed')`);
    await q.query(`ALTER TABLE event_join_requests DROP COLUMN waitlisted_at, DROP COLUMN ended_at`);
    await q.query(`ALTER TABLE event_join_requests DROP CONSTRAINT event_join_requests_status_check`);
    await q.query(
      `ALTER TABLE event_join_requests ADD CONSTRAINT event_join_requests_status_check CHECK (status IN ('pending', 'approved', 'declined'))`,
    );
    await q.query(`ALTER TABLE event_cards DROP COLUMN capacity, DROP COLUMN guest_limit`);
  }
}
