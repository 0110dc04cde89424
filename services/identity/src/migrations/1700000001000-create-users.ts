import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateUsers1700000001000 implements MigrationInterface {
  name = 'CreateUsers1700000001000';
  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE users (
      id uuid PRIMARY KEY,
      email text NOT NULL,
      password_hash text NOT NULL,
      phone_number text,
      first_name text NOT NULL,
      last_name text NOT NULL,
      user_type text NOT NULL CHECK (user_type IN ('host', 'guest', 'venue', 'entertainer')),
      city text NOT NULL,
      state text NOT NULL,
      age int CHECK (age IS NULL OR age BETWEEN 18 AND 100),
      bio text,
      profile_images text[] NOT NULL DEFAULT '{}',
      profile_completed text NOT NULL DEFAULT 'false',
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE UNIQUE INDEX users_email_unique ON users (lower(email))`);
  }
  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE users`);
  }
}
