import { MigrationInterface, QueryRunner } from 'typeorm';

/** Bookings' read models of venues, sections, entertainers and members (from their services' events). */
export class CreateCatalog1700000010000 implements MigrationInterface {
  name = 'CreateCatalog1700000010000';
  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE venue_cards (
      venue_id uuid PRIMARY KEY,
      owner_id uuid NOT NULL,
      name text NOT NULL,
      type text NOT NULL,
      subtype text,
      city text NOT NULL,
      state text NOT NULL,
      price_per_hour numeric(10,2) NOT NULL,
      pricing_tiers jsonb NOT NULL DEFAULT '[]',
      image_url text NOT NULL,
      approval_status text NOT NULL,
      is_active boolean NOT NULL
    )`);
    await q.query(`CREATE INDEX venue_cards_owner_id ON venue_cards (owner_id)`);
    await q.query(`CREATE TABLE section_cards (
      section_id uuid PRIMARY KEY,
      venue_id uuid NOT NULL,
      name text NOT NULL,
      type text NOT NULL,
      price_per_hour numeric(10,2) NOT NULL,
      is_vip_room boolean NOT NULL,
      max_simultaneous_bookings integer NOT NULL,
      is_active boolean NOT NULL
    )`);
    await q.query(`CREATE INDEX section_cards_venue_id ON section_cards (venue_id)`);
    await q.query(`CREATE TABLE dancer_cards (
      dancer_id uuid PRIMARY KEY,
      venue_id uuid NOT NULL,
      name text NOT NULL,
      price_modifier numeric(3,2) NOT NULL,
      is_available boolean NOT NULL,
      is_active boolean NOT NULL
    )`);
    await q.query(`CREATE INDEX dancer_cards_venue_id ON dancer_cards (venue_id)`);
    await q.query(`CREATE TABLE member_cards (user_id uuid PRIMARY KEY, first_name text NOT NULL)`);
  }
  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE member_cards`);
    await q.query(`DROP TABLE dancer_cards`);
    await q.query(`DROP TABLE section_cards`);
    await q.query(`DROP TABLE venue_cards`);
  }
}
