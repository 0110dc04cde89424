import { MigrationInterface, QueryRunner } from 'typeorm';

/** Venues (docs/product.md#venues-form). Pricing tiers are kept as JSON text, one per element. */
export class CreateVenues1700000006000 implements MigrationInterface {
  name = 'CreateVenues1700000006000';
  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE venues (
      id uuid PRIMARY KEY,
      owner_id uuid NOT NULL,
      name text NOT NULL,
      type text NOT NULL,
      subtype text,
      city text NOT NULL,
      state text NOT NULL,
      address text NOT NULL,
      description text NOT NULL DEFAULT '',
      images text[] NOT NULL DEFAULT '{}',
      amenities text[] NOT NULL DEFAULT '{}',
      capacity integer NOT NULL,
      price_per_hour numeric(10,2) NOT NULL,
      rating numeric(3,2) NOT NULL DEFAULT '0',
      hours text,
      yacht_length double precision,
      has_captain boolean NOT NULL DEFAULT false,
      response_rate integer,
      cancellation_policy text,
      rules text[] NOT NULL DEFAULT '{}',
      pricing_tiers text[] NOT NULL DEFAULT '{}',
      approval_status text NOT NULL DEFAULT 'pending',
      is_active boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT venues_type_check CHECK (type IN ('club', 'yacht')),
      CONSTRAINT venues_approval_check CHECK (approval_status IN ('pending', 'approved', 'rejected')),
      CONSTRAINT venues_capacity_check CHECK (capacity >= 1)
    )`);
    await q.query(`CREATE INDEX venues_owner_id ON venues (owner_id)`);
  }
  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE venues`);
  }
}
