import { createHash } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { endsAggregate, EventEnvelope, isEventType } from '@luxe/contracts';
import { beginWith } from './database';

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
 * The transaction commits as the server is configured. Where commits are asynchronous
 * (`synchronous_commit = off`, as infra/local runs) the inbox row may not be on disk when
 * `process` resolves, so the Kafka transport commits a message's offset only after
 * `flushCommitted` (its `beforeCommit`, once for every offset of an interval): a server crash
 * before that loses the rows and the offsets alike, and the events come again.
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
    const ends = isEventType(envelope.type) && endsAggregate(envelope.type);
    const qr = this.ds.createQueryRunner();
    try {
      // The transaction and one statement before the effect, in one round trip (`beginWith`):
      // - the inbox row (none when this event id was applied before: a duplicate);
      // - the consumer's position in the aggregate, advanced to this event only when it is newer
      //   and the aggregate has not ended. ON CONFLICT DO UPDATE locks the position row whether or
      //   not its WHERE holds, so two deliveries of one aggregate wait for each other, and a failed
      //   effect rolls the advance back with everything else.
      // The values go in as literals (the simple protocol carries no parameters), quoted by the
      // driver; the envelope was checked against its contract before it came here.
      const [row] = await beginWith<{ inserted: boolean; advanced: boolean }>(
        qr,
        `WITH inbox AS (
           INSERT INTO inbox_events (event_id, consumer_group, event_type) VALUES ($1::uuid, $2::text, $3::text)
           ON CONFLICT DO NOTHING RETURNING event_id
         ),
         position AS (
           INSERT INTO consumer_positions (consumer_group, stream, key, sequence, ended)
           SELECT $2::text, $4::text, $5::text, $6::bigint, $7::boolean FROM inbox
           ON CONFLICT (consumer_group, stream, key) DO UPDATE
             SET sequence = EXCLUDED.sequence, ended = EXCLUDED.ended, updated_at = now()
             WHERE consumer_positions.sequence < EXCLUDED.sequence AND NOT consumer_positions.ended
           RETURNING 1
         )
         SELECT EXISTS (SELECT 1 FROM inbox) AS inserted, EXISTS (SELECT 1 FROM position) AS advanced`,
        [envelope.id, group, envelope.type, envelope.stream, key, envelope.sequence, ends],
      );
      let outcome: InboxOutcome = 'applied';
      if (!row.inserted) outcome = 'duplicate';
      else if (!row.advanced) {
        // Rare: tell a stale event from one after the end (the row is locked by the upsert above).
        const [position]: { ended: boolean }[] = await qr.query(`SELECT ended FROM consumer_positions WHERE consumer_group = $1 AND stream = $2 AND key = $3`, [group, envelope.stream, key]);
        outcome = position?.ended ? 'ended' : 'stale';
      } else await effect(qr.manager);
      await qr.commitTransaction();
      return outcome;
    } catch (err) {
      if (qr.isTransactionActive) await qr.rollbackTransaction().catch(() => undefined);
      throw err;
    } finally {
      await qr.release();
    }
  }
}
