import { MigrationInterface, QueryRunner } from 'typeorm';

/** Friends of hosts and their invite tokens (docs/product.md#booking-friends). */
export class CreateFriends1700000012000 implements MigrationInterface {
  name = 'CreateFriends1700000012000';
  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE friends (
      id uuid PRIMARY KEY,
      user_id uuid NOT NULL,
      booking_id uuid,
      name text NOT NULL,
      phone_number text,
      instagram text,
      profile_picture text,
      invite_token text NOT NULL,
      claimed boolean NOT NULL DEFAULT false,
      claimed_by_user_id uuid,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE INDEX friends_user_id ON friends (user_id)`);
    await q.query(`CREATE UNIQUE INDEX friends_invite_token ON friends (invite_token)`);
    await q.query(`CREATE INDEX friends_claimed_by_user_id ON friends (claimed_by_user_id)`);
  }
  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE friends`);
  }
}
