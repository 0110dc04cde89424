import { MigrationInterface, QueryRunner } from 'typeorm';

/** Records that this service has erased a deleted user's data (the deletion saga's checkpoint). */
export class CreateErasures1700000003000 implements MigrationInterface {
  name = 'CreateErasures1700000003000';
  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE user_erasures (user_id uuid PRIMARY KEY, erased_at timestamptz NOT NULL DEFAULT now())`);
  }
  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE user_erasures`);
  }
}
