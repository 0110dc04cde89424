import { MigrationInterface, QueryRunner } from 'typeorm';

/** An admin's suspension: sign-in refused while it lasts. */
export class AddUserSuspension1700000022000 implements MigrationInterface {
  name = 'AddUserSuspension1700000022000';
  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users ADD COLUMN suspended_at timestamptz`);
  }
  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users DROP COLUMN suspended_at`);
  }
}
