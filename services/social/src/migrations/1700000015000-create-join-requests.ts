import { MigrationInterface, QueryRunner } from 'typeorm';

/** Requests to join events; one open (pending) request per guest and event, kept by the database. */
export class CreateJoinRequests1700000015000 implements MigrationInterface {
  name = 'CreateJoinRequests1700000015000';
  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE event_join_requests (
      id uuid PRIMARY KEY,
      guest_id uuid NOT NULL,
      host_id uuid NOT NULL,
      booking_id uuid NOT NULL,
      status text NOT NULL,
      message text,
      created_at timestamptz NOT NULL DEFAULT now(),
      decided_at timestamptz,
      CONSTRAINT event_join_requests_status_check CHECK (status IN ('pending', 'approved', 'declined'))
    )`);
    await q.query(`CREATE INDEX event_join_requests_guest_id ON event_join_requests (guest_id)`);
    await q.query(`CREATE INDEX event_join_requests_host_id ON event_join_requests (host_id)`);
    await q.query(`CREATE INDEX event_join_requests_booking_id ON event_join_requests (booking_id)`);
    await q.query(
      `CREATE UNIQUE INDEX event_join_requests_open ON event_join_requests (guest_id, booking_id) WHERE status = 'pending'`,
    );
  }
  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE event_join_requests`);
  }
}
