import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A booking's attendee keeps the ids of what admits him (approved join requests, accepted invites):
 * leaving through one leaves him an attendee while another still admits him, whatever order the
 * events of different requests and invites arrive in. Rows from before know none ('{}'): the first
 * departure removes them, as it did.
 */
export class AttendeePaths1700000033200 implements MigrationInterface {
  name = 'AttendeePaths1700000033200';
  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE booking_attendees ADD COLUMN via text[] NOT NULL DEFAULT '{}'`);
  }
  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE booking_attendees DROP COLUMN via`);
  }
}
