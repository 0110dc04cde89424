import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A member's received and sent invites are paged newest first, ties by id: each list's
 * index covers its whole order, so a page is read backwards from its cursor and stops at its size.
 * They replace invites_guest_id and invites_host_id, their prefixes.
 */
export class InvitePages1700000047300 implements MigrationInterface {
  name = 'InvitePages1700000047300';
  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX invites_guest_page ON invites (guest_id, created_at, id)`);
    await q.query(`CREATE INDEX invites_host_page ON invites (host_id, created_at, id)`);
    await q.query(`DROP INDEX invites_guest_id`);
    await q.query(`DROP INDEX invites_host_id`);
  }
  async down(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX invites_host_id ON invites (host_id)`);
    await q.query(`CREATE INDEX invites_guest_id ON invites (guest_id)`);
    await q.query(`DROP INDEX invites_host_page`);
    await q.query(`DROP INDEX invites_guest_page`);
  }
}
