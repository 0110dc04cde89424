import { MigrationInterface, QueryRunner } from 'typeorm';

/** An accepted invite without an event opens a conversation about none (one per pair); blocks close conversations. */
export class ConversationsFromInvitesAndBlocks1700000019000 implements MigrationInterface {
  name = 'ConversationsFromInvitesAndBlocks1700000019000';
  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE conversations ALTER COLUMN booking_id DROP NOT NULL`);
    await q.query(`DROP INDEX conversations_pair_booking`);
    await q.query(
      `CREATE UNIQUE INDEX conversations_pair_booking ON conversations (host_id, guest_id, booking_id) WHERE booking_id IS NOT NULL`,
    );
    await q.query(
      `CREATE UNIQUE INDEX conversations_pair_only ON conversations (host_id, guest_id) WHERE booking_id IS NULL`,
    );
    await q.query(`CREATE TABLE conversation_blocks (
      blocker_id uuid NOT NULL,
      blocked_id uuid NOT NULL,
      PRIMARY KEY (blocker_id, blocked_id)
    )`);
    await q.query(`CREATE INDEX conversation_blocks_blocked_id ON conversation_blocks (blocked_id)`);
  }
  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE conversation_blocks`);
    await q.query(`DROP INDEX conversations_pair_only`);
    await q.query(`DROP INDEX conversations_pair_booking`);
    await q.query(`DELETE FROM conversations WHERE booking_id IS NULL`);
    await q.query(`ALTER TABLE conversations ALTER COLUMN booking_id SET NOT NULL`);
    await q.query(`CREATE UNIQUE INDEX conversations_pair_booking ON conversations (host_id, guest_id, booking_id)`);
  }
}
