import { MigrationInterface, QueryRunner } from 'typeorm';

/** Dancers (entertainers) and bartenders of a venue (docs/product.md#venues-staff); they go with their venue. */
export class CreateStaff1700000008000 implements MigrationInterface {
  name = 'CreateStaff1700000008000';
  async up(q: QueryRunner): Promise<void> {
    const common = `
      id uuid PRIMARY KEY,
      name text NOT NULL,
      description text NOT NULL DEFAULT '',
      images text[] NOT NULL DEFAULT '{}',
      specialties text[] NOT NULL DEFAULT '{}',
      is_available boolean NOT NULL DEFAULT true,
      is_active boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now()`;
    await q.query(`CREATE TABLE dancers (${common},
      venue_id uuid NOT NULL CONSTRAINT dancers_venue_id_fkey REFERENCES venues (id) ON DELETE CASCADE,
      entertainer_user_id uuid,
      price_modifier numeric(3,2) NOT NULL DEFAULT 1,
      CONSTRAINT dancers_price_modifier_check CHECK (price_modifier BETWEEN 0.5 AND 3.0)
    )`);
    await q.query(`CREATE INDEX dancers_venue_id ON dancers (venue_id)`);
    await q.query(`CREATE INDEX dancers_entertainer_user_id ON dancers (entertainer_user_id)`);
    await q.query(`CREATE TABLE bartenders (${common},
      venue_id uuid NOT NULL CONSTRAINT bartenders_venue_id_fkey REFERENCES venues (id) ON DELETE CASCADE
    )`);
    await q.query(`CREATE INDEX bartenders_venue_id ON bartenders (venue_id)`);
  }
  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE bartenders`);
    await q.query(`DROP TABLE dancers`);
  }
}
