import { Injectable, Type } from '@nestjs/common';
import type { EntityManager, MigrationInterface, QueryRunner } from 'typeorm';
import type { EventConsumer } from './service-runtime';
import type { ConsumerSpec } from './transport/consumer';

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

/** The checkpoint every service writes when it has erased a deleted user's data. */
export class UserErasureService {
  async record(m: EntityManager, userId: string): Promise<void> {
    await m.query(`INSERT INTO user_erasures (user_id) VALUES ($1) ON CONFLICT DO NOTHING`, [userId]);
  }
}

/**
 * A consumer of `identity.user-deleted` for a service that holds no user data yet: it records
 * the erasure, so the deletion saga can be verified service by service. A service with user
 * data erases it in the same handler before recording.
 */
export function createErasureConsumer(service: string): Type<EventConsumer> {
  @Injectable()
  class ErasureConsumer implements EventConsumer {
    private readonly erasure = new UserErasureService();
    consumer(): ConsumerSpec {
      return { group: `${service}.user-erasure`, handlers: { 'identity.user-deleted': (e, m) => this.erasure.record(m, e.data.userId) } };
    }
  }
  return ErasureConsumer;
}
