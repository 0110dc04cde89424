import { MigrationInterface, QueryRunner } from 'typeorm';

/** Read model of users (names and photos) kept from identity's events. */
export class CreateUserCards1700000002000 implements MigrationInterface {
  name = 'CreateUserCards1700000002000';
  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE user_cards (
      user_id uuid PRIMARY KEY,
      first_name text NOT NULL,
      last_name text NOT NULL,
      user_type text NOT NULL,
      profile_images text[] NOT NULL DEFAULT '{}',
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
  }
  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE user_cards`);
  }
}
