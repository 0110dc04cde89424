import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each conversation names its event (docs/product.md#messaging-conversations):
 * a pair may talk about two events, and the list
 * showed two identical rows. Added columns only (expand): conversations opened before stay unnamed.
 */
export class ConversationEventNames1700000042600 implements MigrationInterface {
  name = 'ConversationEventNames1700000042600';
  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE conversations ADD COLUMN event_title text, ADD COLUMN event_date text`);
  }
  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE conversations DROP COLUMN event_title, DROP COLUMN event_date`);
  }
}
