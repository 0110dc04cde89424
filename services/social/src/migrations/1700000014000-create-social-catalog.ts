import { MigrationInterface, QueryRunner } from 'typeorm';

/** Social's read models: confirmed events (bookings' events) and member cards (identity's). */
export class CreateSocialCatalog1700000014000 implements MigrationInterface {
  name = 'CreateSocialCatalog1700000014000';
  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE event_cards (
      booking_id uuid PRIMARY KEY,
      host_id uuid NOT NULL,
      host_first_name text NOT NULL,
      venue_id uuid NOT NULL,
      venue_name text NOT NULL,
      venue_type text NOT NULL,
      venue_city text NOT NULL,
      venue_state text NOT NULL,
      venue_image text NOT NULL,
      section_type text NOT NULL,
      booking_date text NOT NULL,
      start_time text NOT NULL,
      end_time text NOT NULL,
      duration integer NOT NULL,
      starts_at timestamptz NOT NULL,
      guest_visibility text NOT NULL,
      friends_count integer NOT NULL
    )`);
    await q.query(`CREATE INDEX event_cards_host_id ON event_cards (host_id)`);
    await q.query(`CREATE INDEX event_cards_place_starts ON event_cards (venue_city, venue_state, starts_at)`);
    await q.query(`CREATE TABLE member_cards (
      user_id uuid PRIMARY KEY,
      first_name text NOT NULL,
      last_name text NOT NULL,
      user_type text NOT NULL,
      city text NOT NULL,
      state text NOT NULL,
      profile_images text[] NOT NULL DEFAULT '{}',
      age integer,
      bio text
    )`);
  }
  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE member_cards`);
    await q.query(`DROP TABLE event_cards`);
  }
}
