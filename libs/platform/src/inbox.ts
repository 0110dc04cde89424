import { DataSource, EntityManager } from 'typeorm';
import type { EventEnvelope } from '@luxe/contracts';

/**
 * Idempotent consumption: the event id is recorded in the same transaction as the effect,
 * so a redelivered event has no second effect. Returns false for a duplicate.
 */
export class Inbox {
  constructor(private readonly ds: DataSource) {}

  async process(group: string, envelope: EventEnvelope, effect: (manager: EntityManager) => Promise<void>): Promise<boolean> {
    return this.ds.transaction(async (manager) => {
      const inserted: unknown[] = await manager.query(
        `INSERT INTO inbox_events (event_id, consumer_group, event_type) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING event_id`,
        [envelope.id, group, envelope.type],
      );
      if (inserted.length === 0) return false;
      await effect(manager);
      return true;
    });
  }
}
