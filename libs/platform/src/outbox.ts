import { randomUUID } from 'node:crypto';
import type { Span } from '@opentelemetry/api';
import { Client, PoolClient, QueryResult } from 'pg';
import { EntityManager, DataSource } from 'typeorm';
import {
  endsAggregate,
  EventData,
  EventEnvelope,
  EventType,
  EVENT_VERSION,
  isEventType,
  parseEventData,
  streamOf,
  streamTopic,
} from '@luxe/contracts';
import { currentCorrelationId, CORRELATION_HEADER } from './correlation';
import {
  executeSql,
  type LiteralStatement,
  OUTBOX_HELD,
  parameterLiteral,
  preparedStatement,
  type PreparedSql,
  queryNamed,
  sqlLiteral,
  transactionAtOnce,
} from './database';
import { currentTraceParent, endSpan, startProducerSpan, TRACEPARENT_HEADER } from './tracing';
import { EVENT_TYPE_HEADER, EventTransport, OutgoingMessage } from './transport/transport';
import type { Logger } from './logger';

/** The channel a committed outbox row wakes the relay on (NOTIFY is delivered at commit, once per transaction). */
export const OUTBOX_CHANNEL = 'luxe_outbox';

/**
 * What `Outbox.add` sends, in one round trip: SET LOCAL synchronous_commit = on (`set_config`,
 * local), the aggregate's next version (its `outbox_sequences` row, locked until commit), the event
 * row with that version in its envelope (`$6` holds `"sequence":0`, whose one digit `bytes` then
 * trades for the version's), and the relay's wake-up (NOTIFY, delivered at commit). Exported for
 * the bookings bench, whose pgbench transaction sends the same statement.
 */
export const OUTBOX_ADD_SQL = `WITH durable AS (SELECT set_config('synchronous_commit', 'on', true)),
next AS (
  INSERT INTO outbox_sequences (stream, key, sequence) VALUES ($1, $2, 1)
  ON CONFLICT (stream, key) DO UPDATE SET sequence = outbox_sequences.sequence + 1 RETURNING sequence
),
event AS (
  INSERT INTO outbox_events (id, type, version, stream, sequence, key, envelope, bytes, correlation_id, trace_parent)
  SELECT $3::uuid, $4::text, $5::int, $1, next.sequence, $2, $6::jsonb || jsonb_build_object('sequence', next.sequence),
    $7::int - 1 + length(next.sequence::text), $8::text, $9::text
  FROM next
  RETURNING sequence
)
SELECT event.sequence, pg_notify($10, '') FROM event, durable`;

/**
 * OUTBOX_ADD_SQL planned once per connection: sent as text with its neighbours (`statementOf`,
 * `executeSql`: its parameters' types), or as the protocol's named statement (`Outbox.add`).
 */
const OUTBOX_ADD: PreparedSql = {
  name: 'luxe_outbox_add',
  types: ['text', 'text', 'uuid', 'text', 'int', 'jsonb', 'int', 'text', 'text', 'text'],
  sql: OUTBOX_ADD_SQL,
};

/** An event for `Outbox.writeAtOnce` and `Outbox.statementOf`: what `Outbox.add` takes after its manager. */
export interface PendingEvent<T extends EventType = EventType> {
  type: T;
  key: string;
  data: EventData<T>;
}

/**
 * Writes events in the caller's transaction: `outbox.add(manager, type, key, data)`.
 * The data is checked against the event's schema, so a bad payload rolls the change back.
 * Each event gets the next version of its aggregate (`sequence`, per stream and key): the row of
 * `outbox_sequences` it bumps is locked until commit, so two transactions on one aggregate commit
 * their events in sequence order. The transaction commits synchronously (SET LOCAL), whatever the
 * server's `synchronous_commit`.
 */
export class Outbox {
  constructor(private readonly producer: string) {}

  async add<T extends EventType>(
    manager: EntityManager,
    type: T,
    key: string,
    data: EventData<T>,
  ): Promise<EventEnvelope<EventData<T>>> {
    if (!manager.queryRunner?.isTransactionActive) throw new Error('Outbox.add must run inside a transaction');
    // Durable at commit whatever the server's default: the relay may publish the row as soon as it
    // is visible, and an asynchronous commit lost in a crash would leave an event of a change that
    // never happened (the inbox does the same for the consumer's side). One statement (OUTBOX_ADD_SQL):
    // it runs inside the writer's transaction, often under its row locks, where each round trip
    // more held them longer.
    const { envelope, values } = this.row({ type, key, data });
    // A named statement of the protocol's (node-postgres parses it once per connection, the server
    // plans it once): planned once like the statements sent as text (executeSql), with its values
    // as parameters, never in the statement's text, which traces record (the envelope holds
    // members' names and addresses).
    const rows = await queryNamed<{ sequence: string }>(manager, OUTBOX_ADD, values);
    envelope.sequence = Number(rows[0].sequence);
    return envelope;
  }

  /**
   * The statements and the events' outbox rows (OUTBOX_ADD_SQL each) in one transaction sent as one
   * query (`transactionAtOnce`): for a write that decides nothing between its statements (a chat
   * message and its event). A statement that fails writes nothing and is thrown; an event whose data
   * fails its schema is thrown before anything is sent. Returns the events as written (their
   * versions taken).
   */
  async writeAtOnce(ds: DataSource, statements: readonly LiteralStatement[], events: readonly PendingEvent[]) {
    const rows = events.map((e) => this.statementOf(e));
    const results = await transactionAtOnce(ds, [...statements, ...rows.map((r) => r.statement)]);
    return rows.map((r, i) => r.written(results[statements.length + i]));
  }

  /**
   * The event's outbox row as a statement (OUTBOX_ADD_SQL) for a writer that sends it with others
   * (`queryAtOnce`, `commitWith` inside its transaction); `written` takes the statement's rows and
   * answers the envelope with the version it took. The data is checked here: a bad payload throws
   * before anything is sent.
   */
  statementOf<T extends EventType>(e: PendingEvent<T>) {
    const { envelope, values } = this.row(e);
    return {
      statement: preparedStatement(OUTBOX_ADD, values),
      written(rows: readonly unknown[]): EventEnvelope<EventData<T>> {
        envelope.sequence = Number((rows[0] as { sequence: string }).sequence);
        return envelope;
      },
    };
  }

  /** The event's envelope (checked against its schema: a bad payload writes nothing) and OUTBOX_ADD_SQL's values. */
  private row<T extends EventType>({ type, key, data }: PendingEvent<T>) {
    const checked = parseEventData(type, data);
    const stream = streamOf(type);
    const envelope: EventEnvelope<EventData<T>> = {
      id: randomUUID(),
      type,
      version: EVENT_VERSION,
      stream,
      sequence: 0, // the next version of the aggregate, which the statement takes (set after it)
      occurredAt: new Date().toISOString(),
      producer: this.producer,
      key,
      data: checked,
    };
    const json = JSON.stringify(envelope);
    const values = [
      stream,
      key,
      envelope.id,
      type,
      envelope.version,
      json,
      Buffer.byteLength(json),
      currentCorrelationId() ?? null,
      currentTraceParent(),
      OUTBOX_CHANNEL,
    ];
    return { envelope, values };
  }
}

export interface RelayOptions {
  /** Fallback poll when no notification arrives (ms). */
  pollMs?: number;
  batchSize?: number;
  /** Bytes of envelopes per publish request at most (at least one row is always sent). */
  batchBytes?: number;
  /** Attempts of one row before it is parked (kept, not published, reported). */
  maxAttempts?: number;
  /** Topic prefix of this environment. */
  topicPrefix?: string;
  /** Published rows older than this are deleted (they hold personal data). */
  outboxRetentionMs?: number;
  /** Inbox rows older than this are deleted (after the topics' own retention, no redelivery can come). */
  inboxRetentionMs?: number;
  /** Wake on NOTIFY from committed rows (default true). */
  listen?: boolean;
  /** Fault injection for tests only: what to do after publishing and before marking. */
  fault?: 'crash-after-publish' | null;
}

interface PendingRow {
  id: string;
  stream: string;
  key: string;
  type: string;
  envelope: EventEnvelope;
  correlation_id: string | null;
  trace_parent: string | null;
  attempts: number;
  bytes: number | null;
}

export interface RelayStatus {
  /** Rows waiting to be published. */
  pending: number;
  /** Rows parked after too many failed attempts (they hold back later rows of their key). */
  parked: number;
  /** Set while publishing fails as a whole (broker unreachable). */
  failingSince: string | null;
}

/** Arbitrary constant: the advisory lock that makes one relay per database active at a time. */
export const RELAY_LOCK = 7_210_001;
/**
 * Longest wait between two attempts while the broker is unreachable: once it is back, events flow
 * again within this. Short, because a long backoff (tens of seconds) adds its whole length to every
 * broker outage's recovery, while an attempt against a broker that is down costs little.
 */
export const MAX_RELAY_BACKOFF_MS = 5_000;
const MAX_ROW_BACKOFF_MS = 5 * 60_000;
const HOUSEKEEPING_EVERY_MS = 10 * 60_000;

/**
 * The relay's due rows: unpublished, in commit order, none behind an earlier row of its aggregate
 * that waits out a backoff or is parked. The probe for such a row is `outbox_events_held`'s
 * predicate (OUTBOX_HELD), so it reads that index, empty while the broker is well, never the day
 * of published rows the table keeps nor the backlog of unpublished ones. libs/platform/test/outbox-growth.int.spec.ts holds it to that.
 */
export function dueRowsSql(limit: number): string {
  return `SELECT o.id, o.stream, o.key, o.type, o.envelope, o.correlation_id, o.trace_parent, o.attempts, o.bytes FROM outbox_events o
         WHERE o.published_at IS NULL AND o.parked_at IS NULL AND (o.next_attempt_at IS NULL OR o.next_attempt_at <= now())
           AND NOT EXISTS (SELECT 1 FROM outbox_events b WHERE ${OUTBOX_HELD} AND b.stream = o.stream AND b.key = o.key AND b.seq < o.seq
                           AND (b.parked_at IS NOT NULL OR b.next_attempt_at > now()))
         ORDER BY o.seq LIMIT ${Math.max(1, Math.floor(limit))}`;
}

/**
 * The due rows planned once per connection (`executeSql`), one statement per batch size, written
 * in: with the limit a parameter, the generic plan PostgreSQL keeps is made blind to it and may
 * read the whole backlog to return a few rows. Without parameters the kept plan is the one a
 * literal limit gets.
 */
/**
 * The batch's rows marked published, prepared once per connection (`executeSql`): the ids as one
 * array, so one statement serves every batch size (with `IN (…)` each size was a statement of its
 * own, planned every time).
 */
const MARK_PUBLISHED: PreparedSql = {
  name: 'luxe_relay_published',
  types: ['uuid[]'],
  sql: `UPDATE outbox_events SET published_at = now(), attempts = attempts + 1, next_attempt_at = NULL WHERE id = ANY($1)`,
};

const dueRows = new Map<number, PreparedSql>();
function dueRowsStatement(limit: number): PreparedSql {
  let st = dueRows.get(limit);
  if (!st) dueRows.set(limit, (st = { name: 'luxe_relay_due', types: [], sql: dueRowsSql(limit) }));
  return st;
}

/**
 * Publishes outbox rows after commit and marks them published.
 *
 * Order: one relay per database works at a time (a transaction-level advisory lock, taken in the
 * batch's first round trip with its rows), taking rows
 * in commit order (`seq`), and a row whose earlier row of the same aggregate is backing off or
 * parked waits behind it. So an aggregate's events reach its topic in sequence order, whatever the
 * number of relays (instances, or `flush()` beside the timer).
 *
 * Failures: a batch that fails is retried row by row. When the broker itself is unreachable
 * (its ping fails) nothing is charged to the rows and the relay backs off (up to 30 s, logging
 * once when it starts and once when it recovers). A row that fails on its own gets exponential
 * backoff and is parked after `maxAttempts`, while other keys flow.
 *
 * Latency: a committed row NOTIFYs the relay, which wakes at once; polling stays as the fallback.
 *
 * A relay that dies between publishing and marking leaves the rows unpublished: they are published
 * again (consumers are idempotent by event id and by aggregate sequence).
 */
export class OutboxRelay {
  private timer: NodeJS.Timeout | null = null;
  private immediate: NodeJS.Immediate | null = null;
  private running = false;
  private wakeRequested = false;
  private stopped = true;
  private current: Promise<void> = Promise.resolve();
  private listener: Client | null = null;
  private listenerRetry: NodeJS.Timeout | null = null;
  private failingSince: Date | null = null;
  private failures = 0;
  private lastHousekeeping = 0;
  /** The last batch left due rows behind (it was full, or cut by the byte cap). */
  private moreDue = false;

  constructor(
    private readonly ds: DataSource,
    private readonly transport: EventTransport,
    private readonly logger: Logger,
    private readonly opts: RelayOptions = {},
  ) {}

  start(): void {
    this.stopped = false;
    if (this.opts.listen !== false) void this.listen();
    this.schedule(0);
  }

  /**
   * Stops after the batch in hand. With `flush`, then publishes once more what is due: what the
   * service's last requests and consumers committed while it stopped, whose wake-up may have come
   * after the relay's last tick (a service's stop does this once its HTTP and consumers are closed).
   * A row it cannot publish (broker unreachable, or closed as the embedded one is at a stop) stays
   * in the outbox for the next relay: another replica's, or this service's next start.
   */
  async stop(opts: { flush?: boolean } = {}): Promise<void> {
    this.stopped = true;
    this.cancelScheduled();
    if (this.listenerRetry) clearTimeout(this.listenerRetry);
    await this.current.catch(() => undefined);
    const l = this.listener;
    this.listener = null;
    await l?.end().catch(() => undefined);
    // A relay backing off from an outage does not try once more: the stop would wait out the
    // client's retries against a broker known to be away, and the rows wait either way.
    if (!opts.flush || this.failingSince) return;
    try {
      const count = await this.flush();
      if (count > 0) this.logger.info({ count }, 'outbox relay: published at stop');
    } catch (err) {
      this.logger.warn({ err }, 'outbox relay: could not publish at stop; the rows wait for the next relay');
    }
  }

  /** Publishes everything publishable now; returns how many rows were published. */
  async flush(): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await this.publishBatch();
      total += n;
      if (n === 0) return total;
    }
  }

  /** True once the relay listens for commit notifications. */
  isListening(): boolean {
    return this.listener !== null;
  }

  /** Runs the relay now (a row was committed). */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.wakeRequested = true;
      return;
    }
    if (this.failingSince) return; // backing off from an outage: the timer decides
    this.cancelScheduled();
    this.schedule(0);
  }

  async status(): Promise<RelayStatus> {
    const [r]: { pending: string; parked: string }[] = await this.ds.query(
      `SELECT count(*) FILTER (WHERE parked_at IS NULL) AS pending, count(*) FILTER (WHERE parked_at IS NOT NULL) AS parked FROM outbox_events WHERE published_at IS NULL`,
    );
    return {
      pending: Number(r.pending),
      parked: Number(r.parked),
      failingSince: this.failingSince?.toISOString() ?? null,
    };
  }

  private async listen(): Promise<void> {
    if (this.stopped) return;
    const opts = this.ds.options as { url?: string };
    const client = new Client({ connectionString: opts.url, connectionTimeoutMillis: 5000 });
    const retry = () => {
      if (this.listener === client) this.listener = null;
      client.end().catch(() => undefined);
      if (!this.stopped && !this.listenerRetry) {
        this.listenerRetry = setTimeout(() => {
          this.listenerRetry = null;
          void this.listen();
        }, 2000);
      }
    };
    client.on('error', retry);
    client.on('end', retry);
    client.on('notification', () => this.wake());
    try {
      await client.connect();
      await client.query(`LISTEN ${OUTBOX_CHANNEL}`);
      if (this.stopped) return void client.end().catch(() => undefined);
      this.listener = client;
      this.wake(); // rows committed while nobody listened
    } catch {
      retry();
    }
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    const run = () => {
      this.timer = null;
      this.immediate = null;
      this.current = this.tick();
    };
    // At once means at once: setTimeout(…, 0) waits at least 1 ms in Node, on every woken event's path.
    if (ms <= 0) this.immediate = setImmediate(run);
    else this.timer = setTimeout(run, ms);
  }

  private cancelScheduled(): void {
    if (this.timer) clearTimeout(this.timer);
    if (this.immediate) clearImmediate(this.immediate);
    this.timer = null;
    this.immediate = null;
  }

  private async tick(): Promise<void> {
    if (this.running) return;
    this.running = true;
    this.wakeRequested = false;
    let published = 0;
    let delay = this.opts.pollMs ?? 200;
    try {
      published = await this.publishBatch();
      if (this.failingSince)
        this.logger.info({ since: this.failingSince.toISOString() }, 'outbox relay: publishing again');
      this.failingSince = null;
      this.failures = 0;
      await this.housekeeping();
    } catch (err) {
      this.failures++;
      delay = Math.min(MAX_RELAY_BACKOFF_MS, (this.opts.pollMs ?? 200) * 2 ** Math.min(this.failures, 10));
      if (!this.failingSince) {
        this.failingSince = new Date();
        this.logger.warn({ err, retryInMs: delay }, 'outbox relay: cannot publish, backing off');
      } else {
        this.logger.debug({ err, retryInMs: delay, failures: this.failures }, 'outbox relay: still cannot publish');
      }
    } finally {
      this.running = false;
      // Again at once only when rows are known to wait (a full batch, or a commit notified while
      // this batch ran); otherwise the next NOTIFY wakes the relay, and the poll is the fallback.
      // (Running again after every publish cost each event one more empty transaction.)
      this.schedule((published > 0 && this.moreDue) || (this.wakeRequested && !this.failingSince) ? 0 : delay);
    }
  }

  /** Deletes published outbox rows and processed inbox rows past their retention. */
  async housekeeping(force = false): Promise<{ outbox: number; inbox: number }> {
    if (!force && Date.now() - this.lastHousekeeping < HOUSEKEEPING_EVERY_MS) return { outbox: 0, inbox: 0 };
    this.lastHousekeeping = Date.now();
    const outboxMs = this.opts.outboxRetentionMs ?? 24 * 3600_000;
    const inboxMs = this.opts.inboxRetentionMs ?? 8 * 24 * 3600_000;
    const [, outbox] = (await this.ds.query(
      `DELETE FROM outbox_events WHERE published_at < now() - make_interval(secs => $1)`,
      [outboxMs / 1000],
    )) as [unknown, number];
    const [, inbox] = (await this.ds.query(
      `DELETE FROM inbox_events WHERE processed_at < now() - make_interval(secs => $1)`,
      [inboxMs / 1000],
    )) as [unknown, number];
    if (outbox || inbox) this.logger.info({ outbox, inbox }, 'outbox relay: pruned old rows');
    return { outbox, inbox };
  }

  /**
   * Publishes one batch. Resolves with the number of rows published (0 when nothing is due or
   * another relay holds the lock); rejects only when the broker is unreachable.
   */
  async publishBatch(): Promise<number> {
    const qr = this.ds.createQueryRunner();
    const conn: PoolClient = await qr.connect();
    let open = false;
    try {
      const limit = Math.max(1, Math.floor(this.opts.batchSize ?? 100));
      // One round trip, three statements (the simple protocol; nothing interpolated but two integers):
      // the transaction; its advisory lock (one relay per database works at a time); the due rows
      // (dueRowsSql). The rows' statement comes after the lock's, so its snapshot (its own, READ
      // COMMITTED) sees what the lock's previous holder marked published; without the lock its rows
      // are not used. (Three round trips before: each event waited for two more on its way to Kafka.)
      open = true;
      const select = executeSql(conn, dueRowsStatement(limit), [], sqlLiteral);
      const results = (await conn.query(
        `BEGIN;
         SELECT pg_try_advisory_xact_lock(${RELAY_LOCK}) AS locked;
         ${select.text}`,
      )) as unknown as QueryResult[];
      select.done();
      const lock = results[1] as QueryResult<{ locked: boolean }>;
      const due = results[2 + select.extra] as QueryResult<PendingRow>;
      const rows = lock.rows[0]?.locked ? due.rows : [];
      const batch = this.capBytes(rows);
      this.moreDue = rows.length >= limit || batch.length < rows.length;
      if (batch.length === 0) {
        open = false;
        await conn.query('COMMIT');
        return 0;
      }
      const sends = this.producerSpans(batch);
      let published: PendingRow[] = [];
      try {
        await this.transport.publish(batch.map((r) => this.message(r, sends)));
        published = batch;
      } catch (err) {
        published = await this.publishRowByRow(qr, batch, err, sends);
      } finally {
        for (const [id, s] of sends) endSpan(s.span, !published.some((r) => r.id === id));
      }
      if (this.opts.fault === 'crash-after-publish' && published.length > 0) {
        this.logger.warn('outbox relay: fault injection, crashing after publish and before marking');
        process.kill(process.pid, 'SIGKILL');
        await new Promise(() => undefined);
      }
      // The rows marked and the transaction committed in one round trip (the simple protocol, the
      // values as literals quoted by the driver). An aggregate that ended (a deleted account) leaves
      // nothing here once its end is published: its earlier envelopes (names, email) and its version
      // counter go.
      const mark =
        published.length > 0 ? executeSql(conn, MARK_PUBLISHED, [published.map((r) => r.id)], parameterLiteral) : null;
      const statements = mark ? [mark.text] : [];
      for (const r of published.filter((p) => isEventType(p.type) && endsAggregate(p.type))) {
        const aggregate = `stream = ${sqlLiteral(r.stream)} AND key = ${sqlLiteral(r.key)}`;
        statements.push(
          `DELETE FROM outbox_events WHERE ${aggregate} AND published_at IS NOT NULL`,
          `DELETE FROM outbox_sequences WHERE ${aggregate}`,
        );
      }
      // A failed statement skips the rest of the message, COMMIT included: still open, rolled back below.
      await conn.query([...statements, 'COMMIT'].join(';\n'));
      mark?.done();
      open = false;
      if (published.length > 0) this.logger.debug({ count: published.length }, 'outbox relay: published');
      return published.length;
    } catch (err) {
      if (open) await conn.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      await qr.release();
    }
  }

  /**
   * With tracing on, a producer span for each row written in a trace: the child of the span that
   * wrote it, ended once the row is sent (failed if it was not). Empty while tracing is off.
   */
  private producerSpans(batch: PendingRow[]): Map<string, { span: Span; traceparent: string }> {
    const sends = new Map<string, { span: Span; traceparent: string }>();
    for (const r of batch) {
      const attributes = {
        'messaging.system': 'kafka',
        'messaging.operation.type': 'send',
        'messaging.destination.name': streamTopic(r.stream, this.opts.topicPrefix ?? ''),
        'messaging.message.id': r.id,
      };
      const s = startProducerSpan(`publish ${r.type}`, r.trace_parent, attributes);
      if (s) sends.set(r.id, s);
    }
    return sends;
  }

  private message(r: PendingRow, sends: ReadonlyMap<string, { traceparent: string }>): OutgoingMessage {
    const headers: Record<string, string> = { [EVENT_TYPE_HEADER]: r.type };
    if (r.correlation_id) headers[CORRELATION_HEADER] = r.correlation_id;
    // The trace of the request that wrote the row continues in the consumers: as the child of the
    // relay's producer span (tracing on), else of the span that wrote the row.
    const traceparent = sends.get(r.id)?.traceparent ?? r.trace_parent;
    if (traceparent) headers[TRACEPARENT_HEADER] = traceparent;
    return {
      topic: streamTopic(r.stream, this.opts.topicPrefix ?? ''),
      key: r.key,
      value: JSON.stringify(r.envelope),
      headers,
    };
  }

  /** Rows in order while their envelopes fit in the byte cap (always the first). */
  private capBytes(rows: PendingRow[]): PendingRow[] {
    const cap = this.opts.batchBytes ?? 256 * 1024;
    let total = 0;
    const out: PendingRow[] = [];
    for (const r of rows) {
      const size = r.bytes ?? Buffer.byteLength(JSON.stringify(r.envelope));
      if (out.length > 0 && total + size > cap) break;
      total += size;
      out.push(r);
    }
    return out;
  }

  /**
   * After a batch failed: one row at a time, in order. A row whose publish fails while the broker
   * answers its ping is charged an attempt (backoff, parking) and holds back the rest of its key
   * in this batch; when the broker does not answer, the outage is rethrown and no row is charged.
   */
  private async publishRowByRow(
    qr: ReturnType<DataSource['createQueryRunner']>,
    batch: PendingRow[],
    batchErr: unknown,
    sends: ReadonlyMap<string, { traceparent: string }>,
  ): Promise<PendingRow[]> {
    const published: PendingRow[] = [];
    const held = new Set<string>();
    for (const r of batch) {
      const aggregate = `${r.stream}\u0000${r.key}`;
      if (held.has(aggregate)) continue;
      try {
        await this.transport.publish([this.message(r, sends)]);
        published.push(r);
      } catch (err) {
        try {
          await this.transport.ping();
        } catch {
          if (published.length === 0) throw batchErr;
          break; // the broker went away mid-way: keep what was published, the rest waits
        }
        held.add(aggregate);
        await this.chargeFailure(qr, r, err);
      }
    }
    return published;
  }

  private async chargeFailure(
    qr: ReturnType<DataSource['createQueryRunner']>,
    r: PendingRow,
    err: unknown,
  ): Promise<void> {
    const attempts = r.attempts + 1;
    const max = this.opts.maxAttempts ?? 10;
    const park = attempts >= max;
    const backoffMs = Math.min(MAX_ROW_BACKOFF_MS, 1000 * 2 ** (attempts - 1));
    const reason = String((err as Error)?.message ?? err).slice(0, 1000);
    await qr.query(
      `UPDATE outbox_events SET attempts = $2, last_error = $3, next_attempt_at = now() + make_interval(secs => $4), parked_at = CASE WHEN $5 THEN now() ELSE NULL END WHERE id = $1`,
      [r.id, attempts, reason, backoffMs / 1000, park],
    );
    if (park)
      this.logger.error(
        { eventId: r.id, type: r.type, key: r.key, attempts, reason },
        'outbox relay: row parked after too many failed attempts; later events of its aggregate wait behind it',
      );
    else
      this.logger.warn(
        { eventId: r.id, type: r.type, attempts, retryInMs: backoffMs, reason },
        'outbox relay: row failed to publish, will retry',
      );
  }
}
