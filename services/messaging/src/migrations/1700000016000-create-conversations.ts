import { MigrationInterface, QueryRunner } from 'typeorm';

/** Conversations (one per host, guest and event) and their messages (docs/product.md#messaging-conversations). */
export class CreateConversations1700000016000 implements MigrationInterface {
  name = 'CreateConversations1700000016000';
  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE conversations (
      id uuid PRIMARY KEY,
      host_id uuid NOT NULL,
      guest_id uuid NOT NULL,
      booking_id uuid NOT NULL,
      last_message_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE UNIQUE INDEX conversations_pair_booking ON conversations (host_id, guest_id, booking_id)`);
    await q.query(`CREATE INDEX conversations_host_id ON conversations (host_id)`);
    await q.query(`CREATE INDEX conversations_guest_id ON conversations (guest_id)`);
    await q.query(`CREATE TABLE messages (
      id uuid PRIMARY KEY,
      conversation_id uuid NOT NULL,
      sender_id uuid NOT NULL,
      content text NOT NULL,
      read boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE INDEX messages_conversation_created ON messages (conversation_id, created_at)`);
    await q.query(`CREATE INDEX messages_sender_id ON messages (sender_id)`);
  }
  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE messages`);
    await q.query(`DROP TABLE conversations`);
  }
}
