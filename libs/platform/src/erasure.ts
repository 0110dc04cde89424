import type { EntityManager, MigrationInterface, QueryRunner } from 'typeorm';
import { Inbox } from './inbox';
import type { EventOf } from './transport/consumer';
import { EventConsumer, OnEvent } from './transport/on-event';

/** The table where a service records that it has erased a deleted user's data (the deletion saga's checkpoint). */
export class CreateUserErasures1700000003000 implements MigrationInterface {
  name = 'CreateUserErasures1700000003000';
  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE IF NOT EXISTS user_erasures (user_id uuid PRIMARY KEY, erased_at timestamptz NOT NULL DEFAULT now())`);
  }
  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS user_erasures`);
  }
}

/**
 * The checkpoint no longer holds the erased user's id: a SHA-256 of it (the same key as the
 * consumers' aggregate positions), so "no row refers to the user" holds after the erasure.
 */
export class HashUserErasures1700000005000 implements MigrationInterface {
  name = 'HashUserErasures1700000005000';
  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE user_erasures ALTER COLUMN user_id TYPE text USING encode(sha256(convert_to('identity.user:' || user_id::text, 'UTF8')), 'hex')`);
    await q.query(`ALTER TABLE user_erasures RENAME COLUMN user_id TO user_key`);
  }
  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE user_erasures RENAME COLUMN user_key TO user_id`);
  }
}

/** The migrations of the erasure checkpoint, in order (every service that joins the deletion saga). */
export const ERASURE_MIGRATIONS = [CreateUserErasures1700000003000, HashUserErasures1700000005000];

/** How a user appears in the checkpoint (and in consumers' positions): a hash, never the id. */
export function erasureKey(userId: string): string {
  return Inbox.positionKey('identity.user', userId);
}

/** The checkpoint every service writes when it has erased a deleted user's data. */
export class UserErasureService {
  async record(m: EntityManager, userId: string): Promise<void> {
    await m.query(`INSERT INTO user_erasures (user_key) VALUES ($1) ON CONFLICT DO NOTHING`, [erasureKey(userId)]);
  }
}

/**
 * The handler of `identity.user-deleted` for a service that holds no user data yet: it records
 * the erasure, so the deletion saga can be verified service by service (inbox key
 * `<service>.user-erasure`). List it in the service module's `controllers`. A service with user
 * data erases it in its own handler before recording.
 */
@EventConsumer('user-erasure')
export class UserErasureHandler {
  private readonly erasure = new UserErasureService();

  @OnEvent('identity.user-deleted')
  async erase(event: EventOf<'identity.user-deleted'>, tx: EntityManager): Promise<void> {
    await this.erasure.record(tx, event.data.userId);
  }
}
