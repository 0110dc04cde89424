import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A conversation's messages are paged newest first with the id as tie-break: the index
 * covers the whole order, so a page is read backwards from its cursor and stops at its size (it
 * replaces messages_conversation_created, its prefix). Unread messages are counted and marked read
 * on an index of the unread only: a thread of 10,000 read messages costs those calls nothing.
 */
export class MessagePages1700000043430 implements MigrationInterface {
  name = 'MessagePages1700000043430';
  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX messages_conversation_page ON messages (conversation_id, created_at, id)`);
    await q.query(`DROP INDEX messages_conversation_created`);
    await q.query(`CREATE INDEX messages_unread ON messages (conversation_id) WHERE NOT read`);
  }
  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX messages_unread`);
    await q.query(`CREATE INDEX messages_conversation_created ON messages (conversation_id, created_at)`);
    await q.query(`DROP INDEX messages_conversation_page`);
  }
}
