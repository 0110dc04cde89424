import { MigrationInterface, QueryRunner } from 'typeorm';

/** Bookings (docs/product.md#booking) with their window as instants, so overlaps across midnight are range overlaps. */
export class CreateBookings1700000011000 implements MigrationInterface {
  name = 'CreateBookings1700000011000';
  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE bookings (
      id uuid PRIMARY KEY,
      host_id uuid NOT NULL,
      venue_id uuid NOT NULL,
      venue_name text NOT NULL,
      venue_type text NOT NULL,
      venue_city text NOT NULL,
      venue_state text NOT NULL,
      venue_image text NOT NULL,
      section_id uuid,
      section_name text NOT NULL,
      section_type text NOT NULL,
      dancer_id uuid,
      booking_date date NOT NULL,
      start_time text NOT NULL,
      end_time text NOT NULL,
      duration integer NOT NULL,
      starts_at timestamptz NOT NULL,
      ends_at timestamptz NOT NULL,
      total_cost numeric(10,2) NOT NULL,
      friends jsonb NOT NULL DEFAULT '[]',
      guest_visibility text NOT NULL DEFAULT 'both',
      status text NOT NULL,
      event_description text,
      hold_expires_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT bookings_status_check CHECK (status IN ('held', 'confirmed', 'cancelled', 'completed', 'expired')),
      CONSTRAINT bookings_duration_check CHECK (duration BETWEEN 1 AND 6)
    )`);
    await q.query(`CREATE INDEX bookings_host_id ON bookings (host_id)`);
    await q.query(`CREATE INDEX bookings_unit_window ON bookings (venue_id, section_id, starts_at)`);
    await q.query(`CREATE INDEX bookings_hold_expires_at ON bookings (hold_expires_at)`);
  }
  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE bookings`);
  }
}
