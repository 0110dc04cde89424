import { MigrationInterface, QueryRunner } from 'typeorm';

/** Gender (sign-up reading B): discovery shows a member the events whose guest visibility includes him. */
export class AddUserGender1700000017000 implements MigrationInterface {
  name = 'AddUserGender1700000017000';
  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users ADD COLUMN gender text`);
    await q.query(
      `ALTER TABLE users ADD CONSTRAINT users_gender_check CHECK (gender IS NULL OR gender IN ('male', 'female', 'other'))`,
    );
  }
  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users DROP CONSTRAINT users_gender_check`);
    await q.query(`ALTER TABLE users DROP COLUMN gender`);
  }
}
