import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Requests and invites end 'cancelled' with their booking (its event then leaves `event_cards`).
 * Those left open by bookings cancelled before (their event already gone) are cancelled now, so
 * their guests see the event is off and nobody answers them.
 */
export class CancelledStatus1700000033100 implements MigrationInterface {
  name = 'CancelledStatus1700000033100';
  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE event_join_requests DROP CONSTRAINT event_join_requests_status_check`);
    await q.query(
      `ALTER TABLE event_join_requests ADD CONSTRAINT event_join_requests_status_check CHECK (status IN ('pending', 'approved', 'declined', 'waitlisted', 'left', 'removed', 'cancelled'))`,
    );
    await q.query(`ALTER TABLE invites DROP CONSTRAINT invites_status_check`);
    await q.query(
      `ALTER TABLE invites ADD CONSTRAINT invites_status_check CHECK (status IN ('pending', 'accepted', 'declined', 'cancelled'))`,
    );
    await q.query(
      `UPDATE event_join_requests r SET status = 'cancelled', ended_at = now()
        WHERE r.status IN ('pending', 'waitlisted', 'approved') AND NOT EXISTS (SELECT 1 FROM event_cards e WHERE e.booking_id = r.booking_id)`,
    );
    await q.query(
      `UPDATE invites i SET status = 'cancelled'
        WHERE i.booking_id IS NOT NULL AND i.status IN ('pending', 'accepted') AND NOT EXISTS (SELECT 1 FROM event_cards e WHERE e.booking_id = i.booking_id)`,
    );
  }
  async down(q: QueryRunner): Promise<void> {
    // Without the status, an event that is off reads as declined.
    await q.query(`UPDATE event_join_requests SET status = 'declined' WHERE status = 'cancelled'`);
    await q.query(`UPDATE invites SET status = 'declined' WHERE status = 'cancelled'`);
    await q.query(`ALTER TABLE invites DROP CONSTRAINT invites_status_check`);
    await q.query(
      `ALTER TABLE invites ADD CONSTRAINT invites_status_check CHECK (status IN ('pending', 'accepted', 'declined'))`,
    );
    await q.query(`ALTER TABLE event_join_requests DROP CONSTRAINT event_join_requests_status_check`);
    await q.query(
      `ALTER TABLE event_join_requests ADD CONSTRAINT event_join_requests_status_check CHECK (status IN ('pending', 'approved', 'declined', 'waitlisted', 'left', 'removed'))`,
    );
  }
}
