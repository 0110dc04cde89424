import { MigrationInterface, QueryRunner } from 'typeorm';

/** Invites, swipes, blocks and reports (docs/product.md#social-invites, docs/product.md#social-swipes, docs/product.md#messaging-blocks-reports); the member card's gender for discovery. */
export class CreateInvitesSwipesSafety1700000018000 implements MigrationInterface {
  name = 'CreateInvitesSwipesSafety1700000018000';
  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE member_cards ADD COLUMN gender text`);
    await q.query(`CREATE TABLE invites (
      id uuid PRIMARY KEY,
      host_id uuid NOT NULL,
      guest_id uuid NOT NULL,
      booking_id uuid,
      status text NOT NULL,
      event_title text NOT NULL,
      event_description text NOT NULL DEFAULT '',
      event_date text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      responded_at timestamptz,
      CONSTRAINT invites_status_check CHECK (status IN ('pending', 'accepted', 'declined'))
    )`);
    await q.query(`CREATE INDEX invites_host_id ON invites (host_id)`);
    await q.query(`CREATE INDEX invites_guest_id ON invites (guest_id)`);
    await q.query(
      `CREATE UNIQUE INDEX invites_pending_event ON invites (host_id, guest_id, booking_id) WHERE status = 'pending' AND booking_id IS NOT NULL`,
    );
    await q.query(
      `CREATE UNIQUE INDEX invites_pending_pair ON invites (host_id, guest_id) WHERE status = 'pending' AND booking_id IS NULL`,
    );
    await q.query(`CREATE TABLE swipe_actions (
      id uuid PRIMARY KEY,
      swiper_id uuid NOT NULL,
      swiped_user_id uuid NOT NULL,
      action text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT swipe_actions_action_check CHECK (action IN ('like', 'pass'))
    )`);
    await q.query(`CREATE UNIQUE INDEX swipe_actions_pair ON swipe_actions (swiper_id, swiped_user_id)`);
    await q.query(`CREATE INDEX swipe_actions_swiped_user_id ON swipe_actions (swiped_user_id)`);
    await q.query(`CREATE TABLE blocks (
      blocker_id uuid NOT NULL,
      blocked_id uuid NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (blocker_id, blocked_id)
    )`);
    await q.query(`CREATE INDEX blocks_blocked_id ON blocks (blocked_id)`);
    await q.query(`CREATE TABLE reports (
      id uuid PRIMARY KEY,
      kind text NOT NULL,
      reporter_id uuid NOT NULL,
      reported_user_id uuid NOT NULL,
      reason text NOT NULL,
      details text,
      message_id uuid,
      conversation_id uuid,
      content text,
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT reports_kind_check CHECK (kind IN ('user', 'message'))
    )`);
    await q.query(`CREATE INDEX reports_reporter_id ON reports (reporter_id)`);
    await q.query(`CREATE INDEX reports_reported_user_id ON reports (reported_user_id)`);
  }
  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE reports`);
    await q.query(`DROP TABLE blocks`);
    await q.query(`DROP TABLE swipe_actions`);
    await q.query(`DROP TABLE invites`);
    await q.query(`ALTER TABLE member_cards DROP COLUMN gender`);
  }
}
