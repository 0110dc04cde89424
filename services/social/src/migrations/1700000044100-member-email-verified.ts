import { MigrationInterface, QueryRunner } from 'typeorm';

/** Whether the member verified his email (docs/product.md#accounts-verification), from identity's events. */
export class MemberEmailVerified1700000044100 implements MigrationInterface {
  name = 'MemberEmailVerified1700000044100';
  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE member_cards ADD COLUMN email_verified boolean NOT NULL DEFAULT false`);
  }
  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE member_cards DROP COLUMN email_verified`);
  }
}
