import { MigrationInterface, QueryRunner } from 'typeorm';

/** Sections and VIP rooms of a venue (docs/product.md#venues-sections); they go with their venue. */
export class CreateSections1700000007000 implements MigrationInterface {
  name = 'CreateSections1700000007000';
  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE sections (
      id uuid PRIMARY KEY,
      venue_id uuid NOT NULL CONSTRAINT sections_venue_id_fkey REFERENCES venues (id) ON DELETE CASCADE,
      name text NOT NULL,
      type text NOT NULL,
      description text NOT NULL DEFAULT '',
      images text[] NOT NULL DEFAULT '{}',
      capacity integer NOT NULL,
      price_per_hour numeric(10,2) NOT NULL,
      amenities text[] NOT NULL DEFAULT '{}',
      is_vip_room boolean NOT NULL DEFAULT false,
      is_exclusive boolean NOT NULL DEFAULT false,
      max_simultaneous_bookings integer NOT NULL DEFAULT 999,
      is_active boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT sections_max_bookings_check CHECK (max_simultaneous_bookings >= 1),
      CONSTRAINT sections_exclusive_check CHECK (NOT is_exclusive OR max_simultaneous_bookings = 1)
    )`);
    await q.query(`CREATE INDEX sections_venue_id ON sections (venue_id)`);
  }
  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE sections`);
  }
}
