import { createHash } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { endsAggregate, EventEnvelope, isEventType } from '@luxe/contracts';

/**
 * What became of a delivered event: applied; a duplicate (this event id was applied before);
 * stale (this consumer already applied a later version of the aggregate); or after the end of
 * its aggregate (a deletion was applied: the aggregate is never brought back).
 */
export type InboxOutcome = 'applied' | 'duplicate' | 'stale' | 'ended';

/**
 * Idempotent, ordered consumption: the event id is recorded in the same transaction as the
 * effect, so a redelivered event has no second effect; and the consumer's position in the
 * event's aggregate (`consumer_positions`, locked for the transaction) lets only a newer version
 * through, so events seen out of order never undo a later state, and nothing of an aggregate is
 * applied after the event that ended it.
 *
 * The transaction commits synchronously whatever the server's default: the transport commits the
 * message's offset after `process` resolves, so the inbox row must be on disk by then.
 */
export class Inbox {
  constructor(private readonly ds: DataSource) {}

  /**
   * The aggregate's key as positions store it: a SHA-256, so the tombstone of a deleted account
   * (which keeps it deleted) does not hold the account's id.
   */
  static positionKey(stream: string, key: string): string {
    return createHash('sha256').update(`${stream}:${key}`).digest('hex');
  }

  async process(group: string, envelope: EventEnvelope, effect: (manager: EntityManager) => Promise<void>): Promise<InboxOutcome> {
    const key = Inbox.positionKey(envelope.stream, envelope.key);
    return this.ds.transaction(async (manager) => {
      // Durable before the transport hears "done": the offset is committed once this resolves, so an
      // asynchronous commit (a server with synchronous_commit = off, as infra/local runs) that a
      // crash of the server then loses would lose the event for good (found by `npm run chaos`).
      await manager.query(`SET LOCAL synchronous_commit = on`);
      const inserted: unknown[] = await manager.query(
        `INSERT INTO inbox_events (event_id, consumer_group, event_type) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING event_id`,
        [envelope.id, group, envelope.type],
      );
      if (inserted.length === 0) return 'duplicate';
      // The row exists before it is locked, so two deliveries of one aggregate wait for each other.
      await manager.query(`INSERT INTO consumer_positions (consumer_group, stream, key, sequence) VALUES ($1, $2, $3, 0) ON CONFLICT DO NOTHING`, [group, envelope.stream, key]);
      const [position]: { sequence: string; ended: boolean }[] = await manager.query(
        `SELECT sequence, ended FROM consumer_positions WHERE consumer_group = $1 AND stream = $2 AND key = $3 FOR UPDATE`,
        [group, envelope.stream, key],
      );
      if (position?.ended) return 'ended';
      if (position && Number(position.sequence) >= envelope.sequence) return 'stale';
      await effect(manager);
      const ends = isEventType(envelope.type) && endsAggregate(envelope.type);
      await manager.query(`UPDATE consumer_positions SET sequence = $4, ended = $5, updated_at = now() WHERE consumer_group = $1 AND stream = $2 AND key = $3`, [
        group,
        envelope.stream,
        key,
        envelope.sequence,
        ends,
      ]);
      return 'applied';
    });
  }
}
