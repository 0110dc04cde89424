import { MigrationInterface, QueryRunner } from 'typeorm';

/** Entertainers' venue requests, VIP room assignments, and entertainers' cards (docs/product.md#entertainers). */
export class CreateEntertainers1700000021000 implements MigrationInterface {
  name = 'CreateEntertainers1700000021000';
  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE entertainer_venue_requests (
      id uuid PRIMARY KEY,
      entertainer_user_id uuid NOT NULL,
      venue_id uuid NOT NULL CONSTRAINT entertainer_venue_requests_venue_id_fkey REFERENCES venues (id) ON DELETE CASCADE,
      status text NOT NULL,
      dancer_id uuid,
      created_at timestamptz NOT NULL DEFAULT now(),
      responded_at timestamptz,
      CONSTRAINT entertainer_venue_requests_status_check CHECK (status IN ('pending', 'approved', 'declined'))
    )`);
    await q.query(`CREATE INDEX entertainer_venue_requests_user ON entertainer_venue_requests (entertainer_user_id)`);
    await q.query(`CREATE INDEX entertainer_venue_requests_venue ON entertainer_venue_requests (venue_id)`);
    await q.query(
      `CREATE UNIQUE INDEX entertainer_venue_requests_open ON entertainer_venue_requests (entertainer_user_id, venue_id) WHERE status = 'pending'`,
    );
    await q.query(`CREATE TABLE vip_room_assignments (
      id uuid PRIMARY KEY,
      section_id uuid NOT NULL CONSTRAINT vip_room_assignments_section_id_fkey REFERENCES sections (id) ON DELETE CASCADE,
      dancer_id uuid NOT NULL CONSTRAINT vip_room_assignments_dancer_id_fkey REFERENCES dancers (id) ON DELETE CASCADE,
      venue_id uuid NOT NULL,
      entertainer_user_id uuid,
      status text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      responded_at timestamptz,
      CONSTRAINT vip_room_assignments_status_check CHECK (status IN ('proposed', 'accepted', 'declined', 'revoked'))
    )`);
    await q.query(`CREATE INDEX vip_room_assignments_section ON vip_room_assignments (section_id)`);
    await q.query(`CREATE INDEX vip_room_assignments_dancer ON vip_room_assignments (dancer_id)`);
    await q.query(
      `CREATE UNIQUE INDEX vip_room_assignments_current ON vip_room_assignments (section_id) WHERE status IN ('proposed', 'accepted')`,
    );
    await q.query(`CREATE TABLE entertainer_cards (
      user_id uuid PRIMARY KEY,
      first_name text NOT NULL,
      last_name text NOT NULL,
      profile_images text[] NOT NULL DEFAULT '{}'
    )`);
  }
  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE entertainer_cards`);
    await q.query(`DROP TABLE vip_room_assignments`);
    await q.query(`DROP TABLE entertainer_venue_requests`);
  }
}
