import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Door staff (docs/product.md#passes): members the venue's owner lets check guests in there. The owner
 * names them by email, so the member cards keep it (from `user-registered`; members registered
 * before this release have none here and cannot be found by it).
 */
export class DoorStaff1700000042700 implements MigrationInterface {
  name = 'DoorStaff1700000042700';
  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE member_cards ADD COLUMN email text`);
    await q.query(`CREATE INDEX member_cards_email ON member_cards (email)`);
    await q.query(`CREATE TABLE door_staff (
      venue_id uuid NOT NULL,
      user_id uuid NOT NULL,
      added_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (venue_id, user_id)
    )`);
    await q.query(`CREATE INDEX door_staff_user_id ON door_staff (user_id)`);
  }
  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE door_staff`);
    await q.query(`DROP INDEX member_cards_email`);
    await q.query(`ALTER TABLE member_cards DROP COLUMN email`);
  }
}
