import { createHash } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { endsAggregate, EventEnvelope, isEventType } from '@luxe/contracts';
import {
  beginWith,
  executeSql,
  executeSqlAll,
  type NamedQuery,
  parameterLiteral,
  PREPARED_SQL,
  type PreparedSql,
  type SqlCall,
  SqlLiteral,
  sqlLiteral,
  withLiterals,
} from './database';

/**
 * What became of a delivered event: applied; a duplicate (this event id was applied before);
 * stale (this consumer already applied a later version of the aggregate); or after the end of
 * its aggregate (a deletion was applied: the aggregate is never brought back).
 */
export type InboxOutcome = 'applied' | 'duplicate' | 'stale' | 'ended';

/**
 * The inbox row and the consumer's position in the aggregate ($1 event id, $2 group, $3 type,
 * $4 stream, $5 position key, $6 sequence, $7 whether the event ends its aggregate):
 * - the inbox row (none when this event id was applied before: a duplicate);
 * - the position, advanced to this event only when it is newer and the aggregate has not ended.
 *   ON CONFLICT DO UPDATE locks the position row whether or not its WHERE holds, so two
 *   deliveries of one aggregate wait for each other, and a failed effect rolls the advance back
 *   with everything else.
 */
const INBOX_CTE = `WITH inbox AS (
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
  )`;

/** In the error INBOX_GATE_SQL raises. */
const NOT_APPLIED = 'luxe.inbox: not applied';

/**
 * The inbox statement that fails unless the event is applied (the position advanced): a cast of
 * a text that is no boolean, evaluated only then (it depends on a row, so the planner cannot fold
 * it in advance), aborts the query's transaction with everything sent with it.
 */
const INBOX_GATE_SQL = `${INBOX_CTE} SELECT CASE WHEN EXISTS (SELECT 1 FROM position) THEN true
  ELSE ('${NOT_APPLIED}, inserted: ' || EXISTS (SELECT 1 FROM inbox)::text)::boolean END AS applied`;

/** INBOX_CTE's parameters' types ($4, $5 go to text columns). */
const INBOX_TYPES = ['uuid', 'text', 'text', 'text', 'text', 'bigint', 'boolean'];

/** The gate, planned once per connection (`executeSql`). */
const INBOX_GATE: PreparedSql = { name: 'luxe_inbox_gate', types: INBOX_TYPES, sql: INBOX_GATE_SQL };

/** The inbox statement of the usual transaction: whether the event was recorded, and whether its position advanced. */
const INBOX_BEGIN: PreparedSql = {
  name: 'luxe_inbox_begin',
  types: INBOX_TYPES,
  sql: `${INBOX_CTE} SELECT EXISTS (SELECT 1 FROM inbox) AS inserted, EXISTS (SELECT 1 FROM position) AS advanced`,
};

/** What the inbox needs of node-postgres' client. */
interface PgConnection {
  query(text: unknown, params?: unknown[]): Promise<unknown>;
}

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

  /**
   * Applies `effect` once for this consumer group, in one transaction with the inbox row and the
   * aggregate position: `applied`, or the reason it was skipped. The effect may end with
   * `commitWith` (its last statements and the COMMIT in one round trip); otherwise the inbox commits.
   *
   * With `oneStatement` the effect declares that all it does is one SQL statement through the
   * manager (an upsert, an update, a delete: nothing else, no other side effect). Then the inbox
   * statement and the effect's statement go to the server as one query, one round trip and one
   * implicit transaction instead of three round trips (BEGIN with the inbox statement, the effect,
   * COMMIT). The inbox statement comes first and fails when the event is not to be applied (a
   * duplicate, stale, after the end), so the effect's statement never runs then and nothing is
   * written; the event then goes through the usual transaction, which records it and tells why.
   * So the effect may be called twice (it must only build its statement); a second statement
   * fails the delivery (a programming error, caught by the handler's tests).
   */
  async process(
    group: string,
    envelope: EventEnvelope,
    effect: (manager: EntityManager) => Promise<void>,
    options: { oneStatement?: boolean } = {},
  ): Promise<InboxOutcome> {
    if (options.oneStatement && (await this.applyInOneStatement(group, envelope, effect))) return 'applied';
    return this.processInTransaction(group, envelope, effect);
  }

  /** The inbox statement's values: `$1`… of INBOX_CTE. */
  private static values(group: string, envelope: EventEnvelope): SqlLiteral[] {
    const ends = isEventType(envelope.type) && endsAggregate(envelope.type);
    return [
      envelope.id,
      group,
      envelope.type,
      envelope.stream,
      Inbox.positionKey(envelope.stream, envelope.key),
      envelope.sequence,
      ends,
    ];
  }

  private async processInTransaction(
    group: string,
    envelope: EventEnvelope,
    effect: (manager: EntityManager) => Promise<void>,
  ): Promise<InboxOutcome> {
    const qr = this.ds.createQueryRunner();
    try {
      // The transaction and one statement before the effect, in one round trip (`beginWith`):
      // the inbox row and the position (INBOX_CTE). The values go in as literals (the simple
      // protocol carries no parameters), quoted by the driver; the envelope was checked against
      // its contract before it came here.
      const [row] = await beginWith<{ inserted: boolean; advanced: boolean }>(
        qr,
        INBOX_BEGIN,
        Inbox.values(group, envelope),
      );
      let outcome: InboxOutcome = 'applied';
      if (!row.inserted) outcome = 'duplicate';
      else if (!row.advanced) {
        // Rare: tell a stale event from one after the end (the row is locked by the upsert above).
        const [position]: { ended: boolean }[] = await qr.query(
          `SELECT ended FROM consumer_positions WHERE consumer_group = $1 AND stream = $2 AND key = $3`,
          [group, envelope.stream, Inbox.positionKey(envelope.stream, envelope.key)],
        );
        outcome = position?.ended ? 'ended' : 'stale';
      } else await effect(qr.manager);
      // The effect may have ended the transaction itself, its last writes sent with the COMMIT (`commitWith`).
      if (qr.isTransactionActive) await qr.commitTransaction();
      return outcome;
    } catch (err) {
      if (qr.isTransactionActive) await qr.rollbackTransaction().catch(() => undefined);
      throw err;
    } finally {
      await qr.release();
    }
  }

  /**
   * `oneStatement`'s way: true when the event was applied with the effect's statement; false when
   * it was not to be applied here or the effect sent no statement (nothing was written: the usual
   * transaction decides).
   */
  private async applyInOneStatement(
    group: string,
    envelope: EventEnvelope,
    effect: (manager: EntityManager) => Promise<void>,
  ): Promise<boolean> {
    return this.withOneStatement(async (conn, query, capture) => {
      const gate = executeSql(conn, INBOX_GATE, Inbox.values(group, envelope), sqlLiteral);
      let notApplied = false;
      return capture(effect, async (call) => {
        const own =
          typeof call === 'string'
            ? { text: call, extra: 0, done: () => undefined }
            : executeSql(conn, call.st, call.values, call.literal);
        try {
          // Two statements in one simple query (more the first time on a connection: the PREPAREs):
          // one implicit transaction, both or neither.
          const results = (await query(`${gate.text};\n${own.text}`)) as unknown[];
          gate.done();
          own.done();
          return results[1 + gate.extra + own.extra];
        } catch (err) {
          notApplied = String((err as Error)?.message).includes(NOT_APPLIED);
          throw err;
        }
      }).catch((err) => {
        if (notApplied) return false;
        throw err;
      });
    });
  }

  /**
   * Several `oneStatement` deliveries in one simple query (one round trip, one implicit
   * transaction): each event's gate, then its effect's statement, in the order given. True when
   * every one was applied. False when any was not to be applied here (a gate refused it: a
   * duplicate, stale, after the end) or the query failed: nothing was written, and the caller
   * applies them one by one (`process`), which records and tells why, or retries. The effects are
   * only asked for their statements here, and their statements answer them nothing (an empty
   * result): a oneStatement effect does not read what its statement returns.
   */
  async applyTogether(
    deliveries: readonly {
      group: string;
      envelope: EventEnvelope;
      effect: (manager: EntityManager) => Promise<void>;
    }[],
  ): Promise<boolean> {
    return this.withOneStatement(async (conn, query, capture) => {
      const calls: SqlCall[] = [];
      for (const { group, envelope, effect } of deliveries) {
        calls.push({ st: INBOX_GATE, values: Inbox.values(group, envelope), literal: sqlLiteral });
        await capture(effect, async (call) => {
          calls.push(call);
          return { command: '', rowCount: 0, rows: [] };
        });
      }
      const all = executeSqlAll(conn, calls);
      try {
        await query(all.text);
      } catch {
        return false;
      }
      all.done();
      return true;
    });
  }

  /**
   * Runs `work` with a connection (the key of its prepared statements), its own `query`, and
   * `capture`, while the connection's runner behaves as if in a transaction (TypeORM begins none
   * of its own). `capture` runs an effect with the connection's `query` wrapped so that the
   * effect's one statement goes to `send` (as text for a simple query, with literals, or as a
   * prepared statement's call), and resolves whether the effect sent one. A second statement, or a
   * query that is not SQL text nor a `queryNamed` statement, fails it.
   */
  private async withOneStatement<T>(
    work: (
      conn: object,
      query: (text: string) => Promise<unknown>,
      capture: (
        effect: (manager: EntityManager) => Promise<void>,
        send: (call: SqlCall) => Promise<unknown>,
      ) => Promise<boolean>,
    ) => Promise<T>,
  ): Promise<T> {
    const qr = this.ds.createQueryRunner();
    const runner = qr as unknown as { isTransactionActive: boolean; transactionDepth: number };
    const conn = (await qr.connect()) as PgConnection;
    const own = Object.getOwnPropertyDescriptor(conn, 'query');
    const query = conn.query.bind(conn);
    const capture = async (
      effect: (manager: EntityManager) => Promise<void>,
      send: (call: SqlCall) => Promise<unknown>,
    ): Promise<boolean> => {
      let sent = false;
      conn.query = async (text: unknown, params?: unknown[]) => {
        if (sent) throw new Error(`a one-statement effect sent a second statement: ${String(text).slice(0, 80)}`);
        // SQL text with its parameters, or a statement prepared per connection (`queryNamed`).
        const prepared = (text as Partial<NamedQuery> | null)?.[PREPARED_SQL];
        if (typeof text !== 'string' && !prepared)
          throw new Error('a one-statement effect sent a query that is not SQL text');
        sent = true;
        return send(
          prepared
            ? { st: prepared, values: (text as NamedQuery).values, literal: parameterLiteral }
            : withLiterals(text as string, params ?? [], parameterLiteral),
        );
      };
      try {
        await effect(qr.manager);
      } finally {
        conn.query = query;
      }
      return sent;
    };
    runner.isTransactionActive = true;
    runner.transactionDepth = 1;
    try {
      return await work(conn, query, capture);
    } finally {
      runner.isTransactionActive = false;
      runner.transactionDepth = 0;
      if (own) Object.defineProperty(conn, 'query', own);
      else delete (conn as Partial<PgConnection>).query;
      await qr.release();
    }
  }
}
