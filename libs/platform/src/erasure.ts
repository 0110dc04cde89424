import type { EntityManager, EntityTarget, MigrationInterface, ObjectLiteral, QueryRunner } from 'typeorm';
import { Inbox } from './inbox';
import type { EventOf } from './transport/consumer';
import { EventConsumer, OnEvent } from './transport/on-event';

/** The table where a service records that it has erased a deleted user's data (the deletion saga's checkpoint). */
export class CreateUserErasures1700000003000 implements MigrationInterface {
  name = 'CreateUserErasures1700000003000';
  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE IF NOT EXISTS user_erasures (user_id uuid PRIMARY KEY, erased_at timestamptz NOT NULL DEFAULT now())`,
    );
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
    await q.query(
      `ALTER TABLE user_erasures ALTER COLUMN user_id TYPE text USING encode(sha256(convert_to('identity.user:' || user_id::text, 'UTF8')), 'hex')`,
    );
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

  /** Whether this service erased the user (an event of another stream may arrive after his erasure). */
  async isErased(m: EntityManager, userId: string): Promise<boolean> {
    const rows: unknown[] = await m.query(`SELECT 1 FROM user_erasures WHERE user_key = $1`, [erasureKey(userId)]);
    return rows.length > 0;
  }
}

/**
 * Saves a member's card kept from identity's `user-registered` / `user-profile-updated` (an upsert
 * on `conflict`), unless this service recorded the member's erasure (`user_erasures`). A consumer
 * whose inbox group is not the one that applied `user-deleted` never sees the user's aggregate
 * end, so a late or replayed event would otherwise bring back the card the saga erased.
 *
 * One statement (INSERT … SELECT … WHERE NOT EXISTS … ON CONFLICT DO UPDATE), so it also fits a
 * `oneStatement` handler; the columns and their values come from the entity's metadata, as
 * TypeORM's own upsert takes them.
 */
export async function upsertUnlessErased<T extends ObjectLiteral>(
  m: EntityManager,
  entity: EntityTarget<T>,
  userId: string,
  card: Partial<T>,
  conflict: (keyof T & string)[],
): Promise<void> {
  const meta = m.connection.getMetadata(entity);
  const driver = m.connection.driver;
  const q = (name: string) => driver.escape(name);
  const columns = Object.keys(card)
    .filter((k) => card[k] !== undefined)
    .map((k) => {
      const c = meta.findColumnWithPropertyName(k);
      if (!c) throw new Error(`upsertUnlessErased: ${meta.name} has no column ${k}`);
      return c;
    });
  const conflictColumns = conflict.map((k) => meta.findColumnWithPropertyName(k)!.databaseName);
  const names = columns.map((c) => c.databaseName);
  const values = columns.map((c) => driver.preparePersistentValue(card[c.propertyName], c));
  const updates = names.filter((n) => !conflictColumns.includes(n)).map((n) => `${q(n)} = EXCLUDED.${q(n)}`);
  const table = meta.tablePath.split('.').map(q).join('.');
  await m.query(
    `INSERT INTO ${table} (${names.map(q).join(', ')}) SELECT ${names.map((_, i) => `$${i + 1}`).join(', ')}
     WHERE NOT EXISTS (SELECT 1 FROM user_erasures WHERE user_key = $${names.length + 1})
     ON CONFLICT (${conflictColumns.map(q).join(', ')}) DO ${updates.length ? `UPDATE SET ${updates.join(', ')}` : 'NOTHING'}`,
    [...values, erasureKey(userId)],
  );
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
