import { DataSource, EntityManager, MigrationInterface, ObjectLiteral, QueryRunner, Repository } from 'typeorm';
import { prepareValue } from 'pg/lib/utils';
import type { Logger } from './logger';

/** Outbox and inbox tables: every service runs this migration first. */
export class PlatformOutboxInbox1700000000000 implements MigrationInterface {
  name = 'PlatformOutboxInbox1700000000000';
  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE IF NOT EXISTS outbox_events (
      id uuid PRIMARY KEY,
      type text NOT NULL,
      version int NOT NULL,
      topic text NOT NULL,
      key text NOT NULL,
      envelope jsonb NOT NULL,
      correlation_id text,
      created_at timestamptz NOT NULL DEFAULT now(),
      seq bigserial NOT NULL,
      published_at timestamptz,
      attempts int NOT NULL DEFAULT 0,
      last_error text
    )`);
    await q.query(
      `CREATE INDEX IF NOT EXISTS outbox_events_unpublished ON outbox_events (seq) WHERE published_at IS NULL`,
    );
    await q.query(`CREATE TABLE IF NOT EXISTS inbox_events (
      event_id uuid NOT NULL,
      consumer_group text NOT NULL,
      event_type text NOT NULL,
      processed_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (event_id, consumer_group)
    )`);
  }
  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS inbox_events`);
    await q.query(`DROP TABLE IF EXISTS outbox_events`);
  }
}

/**
 * Ordered, self-healing outbox (per-aggregate streams and versions, row backoff and parking) and
 * per-consumer aggregate positions (stale events ignored, ended aggregates never resurrected).
 */
export class PlatformOrderedEvents1700000004000 implements MigrationInterface {
  name = 'PlatformOrderedEvents1700000004000';
  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE outbox_events
      ADD COLUMN IF NOT EXISTS stream text,
      ADD COLUMN IF NOT EXISTS sequence bigint,
      ADD COLUMN IF NOT EXISTS next_attempt_at timestamptz,
      ADD COLUMN IF NOT EXISTS parked_at timestamptz,
      ADD COLUMN IF NOT EXISTS bytes int`);
    // Rows written before streams existed: their stream is the first two parts of the type's
    // aggregate ("identity.user-registered" -> "identity.user"), the same rule as the contracts.
    await q.query(
      `UPDATE outbox_events SET stream = split_part(type, '.', 1) || '.' || split_part(split_part(type, '.', 2), '-', 1) WHERE stream IS NULL`,
    );
    await q.query(
      `UPDATE outbox_events o SET sequence = r.n FROM (SELECT id, row_number() OVER (PARTITION BY stream, key ORDER BY seq) AS n FROM outbox_events) r WHERE o.id = r.id AND o.sequence IS NULL`,
    );
    await q.query(
      `UPDATE outbox_events SET envelope = envelope || jsonb_build_object('stream', stream, 'sequence', sequence), bytes = octet_length(envelope::text) WHERE NOT (envelope ? 'sequence')`,
    );
    await q.query(
      `ALTER TABLE outbox_events ALTER COLUMN stream SET NOT NULL, ALTER COLUMN sequence SET NOT NULL, ALTER COLUMN topic DROP NOT NULL`,
    );
    await q.query(
      `CREATE INDEX IF NOT EXISTS outbox_events_blocked ON outbox_events (stream, key, seq) WHERE published_at IS NULL`,
    );
    await q.query(
      `CREATE INDEX IF NOT EXISTS outbox_events_published ON outbox_events (published_at) WHERE published_at IS NOT NULL`,
    );
    await q.query(`CREATE TABLE IF NOT EXISTS outbox_sequences (
      stream text NOT NULL,
      key text NOT NULL,
      sequence bigint NOT NULL,
      PRIMARY KEY (stream, key)
    )`);
    await q.query(
      `INSERT INTO outbox_sequences (stream, key, sequence) SELECT stream, key, max(sequence) FROM outbox_events GROUP BY stream, key ON CONFLICT DO NOTHING`,
    );
    await q.query(`CREATE TABLE IF NOT EXISTS consumer_positions (
      consumer_group text NOT NULL,
      stream text NOT NULL,
      key text NOT NULL,
      sequence bigint NOT NULL,
      ended boolean NOT NULL DEFAULT false,
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (consumer_group, stream, key)
    )`);
    await q.query(`CREATE INDEX IF NOT EXISTS inbox_events_processed ON inbox_events (processed_at)`);
    await q.query(`CREATE TABLE IF NOT EXISTS dead_letter_events (
      id bigserial PRIMARY KEY,
      consumer_group text NOT NULL,
      topic text NOT NULL,
      key text,
      value text NOT NULL,
      headers jsonb NOT NULL,
      reason text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      replayed_at timestamptz
    )`);
  }
  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS dead_letter_events`);
    await q.query(`DROP TABLE IF EXISTS consumer_positions`);
    await q.query(`DROP TABLE IF EXISTS outbox_sequences`);
    await q.query(`DROP INDEX IF EXISTS outbox_events_blocked`);
    await q.query(`DROP INDEX IF EXISTS outbox_events_published`);
    await q.query(`DROP INDEX IF EXISTS inbox_events_processed`);
    await q.query(
      `ALTER TABLE outbox_events DROP COLUMN IF EXISTS stream, DROP COLUMN IF EXISTS sequence, DROP COLUMN IF EXISTS next_attempt_at, DROP COLUMN IF EXISTS parked_at, DROP COLUMN IF EXISTS bytes`,
    );
  }
}

/** The trace of the request that wrote an outbox row, sent with its event (W3C `traceparent`). */
export class PlatformOutboxTrace1700000034000 implements MigrationInterface {
  name = 'PlatformOutboxTrace1700000034000';
  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE outbox_events ADD COLUMN IF NOT EXISTS trace_parent text`);
  }
  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE outbox_events DROP COLUMN IF EXISTS trace_parent`);
  }
}

/**
 * An outbox row that holds back the later rows of its aggregate: parked, or given a time for its
 * next attempt (the predicate of `outbox_events_held`; a query repeats it word for word so the
 * planner picks that index). A published row is neither: its publish clears `next_attempt_at`, and
 * a parked row is never published. The predicate leaves `published_at` out on purpose: with it,
 * the planner may probe through `outbox_events_unpublished` instead, reading every unpublished
 * row for every row returned, when its statistics say the unpublished rows are few and a backlog
 * has come since (the relay fallen behind, when its cost matters most).
 */
export const OUTBOX_HELD = '(parked_at IS NOT NULL OR next_attempt_at IS NOT NULL)';

/**
 * The relay's look for rows held back stays an index lookup as the outbox grows: published rows
 * stay a day (OUTBOX_RETENTION_HOURS), and with only an index of every unpublished row the
 * planner, seeing almost none, scans the whole table for the "nothing earlier of this aggregate
 * waits" probe. `outbox_events_held` holds only the rows that hold others back (parked, or waiting
 * out a backoff): empty while the broker is well. The aggregate's own rows, published or not, are
 * found by `outbox_events_aggregate` (its end's delete, an account's erasure), so those deletes
 * read the aggregate's rows, not the table. libs/platform/test/outbox-growth.int.spec.ts checks
 * the plans; docs/events.md#the-outbox-the-relay-and-the-inbox.
 */
export class PlatformOutboxHeldRows1700000048000 implements MigrationInterface {
  name = 'PlatformOutboxHeldRows1700000048000';
  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX IF NOT EXISTS outbox_events_held ON outbox_events (stream, key, seq) WHERE ${OUTBOX_HELD}`,
    );
    await q.query(`CREATE INDEX IF NOT EXISTS outbox_events_aggregate ON outbox_events (stream, key)`);
    await q.query(`DROP INDEX IF EXISTS outbox_events_blocked`);
  }
  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX IF NOT EXISTS outbox_events_blocked ON outbox_events (stream, key, seq) WHERE published_at IS NULL`,
    );
    await q.query(`DROP INDEX IF EXISTS outbox_events_aggregate`);
    await q.query(`DROP INDEX IF EXISTS outbox_events_held`);
  }
}

export interface DatabaseOptions {
  url: string;
  migrations: (new () => MigrationInterface)[];
  entities?: any[];
  poolSize?: number;
}

export function createDataSource(opts: DatabaseOptions): DataSource {
  return new DataSource({
    type: 'postgres',
    url: opts.url,
    entities: opts.entities ?? [],
    migrations: [
      PlatformOutboxInbox1700000000000,
      PlatformOrderedEvents1700000004000,
      PlatformOutboxTrace1700000034000,
      PlatformOutboxHeldRows1700000048000,
      ...opts.migrations,
    ],
    migrationsTableName: 'schema_migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    logging: false,
    extra: { max: opts.poolSize ?? 10, connectionTimeoutMillis: 5000 },
  });
}

/** Connects and applies pending migrations (a service does this at start; `npm run migrate` too). */
export async function initDatabase(ds: DataSource, logger?: Logger): Promise<string[]> {
  if (!ds.isInitialized) await ds.initialize();
  const applied = await ds.runMigrations({ transaction: 'each' });
  if (applied.length) logger?.info({ migrations: applied.map((m) => m.name) }, 'migrations applied');
  return applied.map((m) => m.name);
}

/** Creates a database if it does not exist, using an admin connection URL. */
export async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`bad database name ${name}`);
  const { Client } = await import('pg');
  const c = new Client({ connectionString: adminUrl });
  await c.connect();
  try {
    const r = await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (r.rowCount === 0) {
      try {
        await c.query(`CREATE DATABASE ${name}`);
      } catch (e: any) {
        if (e?.code !== '42P04' && e?.code !== '23505') throw e; // created concurrently
      }
    }
  } finally {
    await c.end();
  }
}

export function databaseUrl(adminUrl: string, name: string): string {
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * A find-one-by-column for a hot path: the SQL is built once by TypeORM's query builder from the
 * entity's metadata, then each call only runs it and hydrates the row the way TypeORM does
 * (`findOneBy` rebuilds the query on every call, a tenth of a session read's CPU).
 */
export function prepareFindOneBy<E extends ObjectLiteral>(
  repo: Repository<E>,
  property: keyof E & string,
  options: { lock?: 'pessimistic_write' } = {},
): (value: unknown, manager?: EntityManager) => Promise<E | null> {
  const alias = 'e';
  const meta = repo.metadata;
  const column = meta.findColumnWithPropertyName(property);
  if (!column) throw new Error(`${meta.name} has no column ${property}`);
  const q = repo.createQueryBuilder(alias).where(`${alias}.${property} = :value`, { value: null }).limit(1);
  // `lock`: the row locked for the rest of the caller's transaction (FOR UPDATE; the manager must be in one).
  if (options.lock) q.setLock(options.lock);
  const [sql] = q.getQueryAndParameters();
  const driver = repo.manager.connection.driver;
  return async (value, manager = repo.manager) => {
    const rows: Record<string, unknown>[] = await manager.query(sql, [value]);
    if (rows.length === 0) return null;
    const entity = repo.create();
    for (const c of meta.columns)
      c.setEntityValue(entity, driver.prepareHydratedValue(rows[0][`${alias}_${c.databaseName}`], c));
    return entity;
  };
}

/** A value written into SQL text by `beginWith`: strings are quoted by the driver, numbers must be integers. */
export type SqlLiteral = string | number | boolean;

/**
 * `text` as a quoted SQL string, exactly as the driver's `escapeLiteral` writes it (quotes doubled;
 * with a backslash, backslashes doubled and the ` E'…'` form), without building it a character at
 * a time as the driver does: an event's envelope, a kilobyte of JSON, is quoted on every
 * one-round-trip path, and most texts hold neither character, so go between quotes as they are.
 */
export function quoteLiteral(text: string): string {
  if (!/['\\]/.test(text)) return `'${text}'`;
  const body = text.replace(/'/g, "''");
  return text.includes('\\') ? ` E'${body.replace(/\\/g, '\\\\')}'` : `'${body}'`;
}

/** `value` as a SQL literal: a string quoted and escaped as the driver does (`quoteLiteral`), a safe integer or a boolean as itself. */
export function sqlLiteral(value: SqlLiteral): string {
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new Error(`not an integer for SQL: ${value}`);
    return String(value);
  }
  return quoteLiteral(value);
}

/**
 * Any value a query takes as a parameter, as a literal: NULL, or the text node-postgres would send
 * for it (`prepareValue`: dates, arrays, buffers, JSON) quoted by the driver. The server reads an
 * untyped quoted literal as it reads an untyped parameter (its type comes from where it stands).
 */
export function parameterLiteral(value: unknown): string {
  const prepared = prepareValue(value);
  if (prepared === null) return 'NULL';
  return quoteLiteral(Buffer.isBuffer(prepared) ? `\\x${prepared.toString('hex')}` : String(prepared));
}

/**
 * Statements split at their placeholders (`[text, n, text, n, …, text]`), by SQL text: the texts
 * sent this way are the code's own templates and the query builder's, a few hundred at most, each
 * split once instead of scanned on every event. Emptied if it ever grows past its bound.
 */
const splitStatements = new Map<string, string[]>();
const MAX_SPLIT_STATEMENTS = 1000;

/** `sql` with `$1`, `$2`… replaced by `values` written as literals by `literal`; a placeholder with no value throws. */
export function withLiterals<V>(sql: string, values: readonly V[], literal: (value: V) => string): string {
  let parts = splitStatements.get(sql);
  if (!parts) {
    parts = sql.split(/\$(\d+)/);
    if (splitStatements.size >= MAX_SPLIT_STATEMENTS) splitStatements.clear();
    splitStatements.set(sql, parts);
  }
  let out = parts[0];
  for (let p = 1; p < parts.length; p += 2) {
    const i = Number(parts[p]) - 1;
    if (i < 0 || i >= values.length) throw new Error(`no value for $${parts[p]} in ${sql.slice(0, 80)}`);
    out += literal(values[i]) + parts[p + 1];
  }
  return out;
}

/**
 * A statement the server plans once per connection and keeps (SQL `PREPARE`), for the hot
 * statements sent on the simple protocol with their values as literals: the inbox's, the outbox
 * row's, the relay's due rows. A statement sent as text is planned again every time, and planning
 * those (common table expressions over two or three tables, on every event) costs about as much
 * as running them. `types` are its parameters' (`PREPARE` infers none that the text does not fix).
 *
 * The prepared statements live in the server's session, so this needs connections that stay one
 * session (pg's pool, as here): a transaction-mode pooler in between would need the protocol's own
 * named statements instead.
 */
export interface PreparedSql {
  readonly name: string;
  readonly types: readonly string[];
  readonly sql: string;
}

/**
 * The statement a query config sent by `queryNamed` stands for: a wrapper of the connection that
 * sends its statements as text (the inbox's one-statement effect) sends it prepared (`executeSql`)
 * rather than planned anew. node-postgres ignores the key.
 */
export const PREPARED_SQL = Symbol('luxe.preparedSql');

/** What `queryNamed` hands the connection: node-postgres's named query, and the statement it is. */
export interface NamedQuery {
  name: string;
  text: string;
  values: unknown[];
  [PREPARED_SQL]: PreparedSql;
}

/**
 * Runs `st` in `m`'s transaction as the protocol's named statement (node-postgres parses it once
 * per connection, the server plans it once), its values as parameters: for a statement that runs
 * alone on an event's or a request's path (a consumer's one write, `Outbox.add`), which TypeORM's
 * `query` would send unnamed, planned again every time. Outside a transaction (a manager with no
 * query runner) it goes as `query` sends it.
 */
export async function queryNamed<R = Record<string, unknown>>(
  m: EntityManager,
  st: PreparedSql,
  values: readonly unknown[],
): Promise<R[]> {
  if (!m.queryRunner) return (await m.query(st.sql, [...values])) as R[];
  const conn = (await m.queryRunner.connect()) as { query(q: NamedQuery): Promise<{ rows: R[] }> };
  return (await conn.query({ name: st.name, text: st.sql, values: [...values], [PREPARED_SQL]: st })).rows;
}

/** The names a connection (a pg client) has its statements prepared under. */
const preparedOn = new WeakMap<object, Map<PreparedSql, string>>();
/** A new name for every PREPARE sent: one that went with a failed query may or may not exist. */
let preparations = 0;

/**
 * What runs `st` with `values` on `conn`, as text for a simple query: `EXECUTE name(literals)`,
 * after `PREPARE name … AS …` the first time on this connection (one statement more in the text:
 * `extra`, a result more in the answer). Call `done()` once the query that sent it succeeded:
 * only then is the statement known to the connection. (A PREPARE stays even when its transaction
 * rolls back, but after a failed query nobody knows whether it ran: the next attempt prepares
 * under a new name.)
 */
export function executeSql<V>(
  conn: object,
  st: PreparedSql,
  values: readonly V[],
  literal: (value: V) => string,
): { text: string; extra: 0 | 1; done(): void } {
  const run = executeSqlAll(conn, [{ st, values, literal: literal as (value: unknown) => string }]);
  return { text: run.text, extra: run.prepares ? 1 : 0, done: run.done };
}

/** One statement of `executeSqlAll`: SQL text as it is, or a prepared statement with its values. */
export type SqlCall =
  | string
  // A method, so that a literal function of narrower values (sqlLiteral) fits.
  | { st: PreparedSql; values: readonly unknown[]; literal(value: unknown): string };

/**
 * `executeSql` for several statements in one simple query's text, in order: each prepared
 * statement is prepared at most once (its PREPARE before the first statement, the first time on
 * this connection), however many times it runs: `prepares` PREPAREs first, each a result more in
 * the answer. `done()` once the query succeeded, as `executeSql`'s.
 */
export function executeSqlAll(
  conn: object,
  calls: readonly SqlCall[],
): { text: string; prepares: number; done(): void } {
  const prepares: string[] = [];
  const fresh = new Map<PreparedSql, string>();
  const statements = calls.map((call) => {
    if (typeof call === 'string') return call;
    const { st, values } = call;
    if (values.length !== st.types.length)
      throw new Error(`${st.name}: ${st.types.length} parameters, ${values.length} values`);
    let name = preparedOn.get(conn)?.get(st) ?? fresh.get(st);
    if (!name) {
      fresh.set(st, (name = `${st.name}_${++preparations}`));
      prepares.push(`PREPARE ${name}${st.types.length ? `(${st.types.join(', ')})` : ''} AS ${st.sql}`);
    }
    return `EXECUTE ${name}${values.length ? `(${values.map((v) => call.literal(v)).join(', ')})` : ''}`;
  });
  return {
    text: [...prepares, ...statements].join(';\n'),
    prepares: prepares.length,
    done: () => {
      let names = preparedOn.get(conn);
      if (!names) preparedOn.set(conn, (names = new Map()));
      for (const [st, name] of fresh) names.set(st, name);
    },
  };
}

/**
 * Starts a transaction on `qr` and runs `sql` in it, in one round trip: `BEGIN; <sql>` on the
 * simple protocol, with `$1`, `$2`… replaced by `values` as literals (`sqlLiteral`); TypeORM's own
 * `startTransaction` would send `START TRANSACTION` alone first, a round trip of its own on the
 * path of every consumed event. The runner is then in its transaction as if `startTransaction`
 * had begun it (`commitTransaction`, `rollbackTransaction` and a nested `manager.transaction`'s
 * savepoints work as usual). When the statement fails the transaction is rolled back and the
 * runner is left as it was. Returns the statement's rows.
 */
export async function beginWith<R = Record<string, unknown>>(
  qr: QueryRunner,
  sql: string | PreparedSql,
  values: readonly SqlLiteral[],
): Promise<R[]> {
  if (qr.isTransactionActive) throw new Error('beginWith: the query runner is already in a transaction');
  const conn = (await qr.connect()) as { query(text: string): Promise<unknown> };
  const st =
    typeof sql === 'string'
      ? { text: withLiterals(sql, values, sqlLiteral), extra: 0, done: () => undefined }
      : executeSql(conn, sql, values, sqlLiteral);
  let results: { rows: R[] }[];
  try {
    results = (await conn.query(`BEGIN;\n${st.text}`)) as { rows: R[] }[];
    st.done();
  } catch (err) {
    // BEGIN may have run before the statement failed: the connection goes back to the pool outside any transaction.
    await conn.query('ROLLBACK').catch(() => undefined);
    throw err;
  }
  // TypeORM's state after its own startTransaction (0.3.x, PostgresQueryRunner): depth 1, active.
  const state = qr as unknown as { isTransactionActive: boolean; transactionDepth: number };
  state.isTransactionActive = true;
  state.transactionDepth = 1;
  return results[1 + st.extra].rows;
}

/** A statement and its values (`$1`, `$2`…), written into the SQL as literals by `transactionAtOnce`. */
export interface LiteralStatement {
  sql: string;
  values: readonly unknown[];
  /** The same statement prepared per connection (`executeSql`): sent as `EXECUTE`, its values as literals. */
  prepared?: PreparedSql;
}

/** `st` with its values as a statement of `queryAtOnce` / `commitWith`, sent prepared. */
export function preparedStatement(st: PreparedSql, values: readonly unknown[]): LiteralStatement {
  return { sql: st.sql, values, prepared: st };
}

/**
 * Statements as the parts of one simple query on `conn` (values written by `parameterLiteral`),
 * where each statement's result is among the query's (a PREPARE sent with one adds a result), and
 * what to call once the query succeeded.
 */
function renderOn(conn: object, statements: readonly LiteralStatement[]) {
  const parts: string[] = [];
  const at: number[] = [];
  const done: (() => void)[] = [];
  let results = 0;
  for (const st of statements) {
    if (st.prepared) {
      const run = executeSql(conn, st.prepared, st.values, parameterLiteral);
      parts.push(run.text);
      done.push(run.done);
      results += run.extra;
    } else parts.push(withLiterals(st.sql, st.values, parameterLiteral));
    at.push(results++);
  }
  return { parts, at, done: () => done.forEach((d) => d()) };
}

/**
 * A transaction that decides nothing between its statements, in one round trip: `BEGIN`, the
 * statements and `COMMIT` as one query (the simple protocol, each value written by
 * `parameterLiteral`, read by the server as it would read it as a parameter). A TypeORM
 * transaction sends START TRANSACTION, each statement and COMMIT on round trips of their own, each
 * one a wake-up of two processes. A statement that fails skips the rest, COMMIT included: the
 * transaction is rolled back, nothing is written, the connection goes back to the pool outside any
 * transaction, and the error is thrown. Returns each statement's rows, in order.
 */
export async function transactionAtOnce(ds: DataSource, statements: readonly LiteralStatement[]): Promise<unknown[][]> {
  const qr = ds.createQueryRunner();
  try {
    const conn = (await qr.connect()) as { query(text: string): Promise<unknown> };
    const sent = renderOn(conn, statements);
    let results: { rows: unknown[] }[];
    try {
      results = (await conn.query(['BEGIN', ...sent.parts, 'COMMIT'].join(';\n'))) as { rows: unknown[] }[];
      sent.done();
    } catch (err) {
      await conn.query('ROLLBACK').catch(() => undefined);
      throw err;
    }
    return sent.at.map((i) => results[1 + i].rows);
  } finally {
    await qr.release();
  }
}

/**
 * `DataSource.transaction` for a hot path: BEGIN goes to the server with the transaction's first
 * statement, in one round trip (TypeORM's sends START TRANSACTION alone, a round trip of its own
 * and a wake-up of this process and the server); and `work` may end with `commitWith`, its last
 * writes sent with the COMMIT (TypeORM's would then find no transaction to commit). Otherwise the
 * same: committed when `work` resolves, rolled back when it throws, nested `manager.transaction`s
 * are savepoints. The first statement goes on the simple protocol with its values written as
 * literals (`parameterLiteral`), as `beginWith`'s does: it must not hold a `$n` inside a quoted
 * string (every statement of ours and TypeORM's query builder's holds none). A transaction that
 * sends nothing sends no BEGIN either.
 */
export async function transactionWith<T>(ds: DataSource, work: (m: EntityManager) => Promise<T>): Promise<T> {
  const qr = ds.createQueryRunner() as QueryRunner & { isTransactionActive: boolean; transactionDepth: number };
  const conn = (await qr.connect()) as { query(text: unknown, params?: unknown[]): Promise<unknown> };
  const own = Object.getOwnPropertyDescriptor(conn, 'query');
  const send = conn.query.bind(conn);
  const restore = () => {
    if (own) Object.defineProperty(conn, 'query', own);
    else delete (conn as { query?: unknown }).query;
  };
  let begun = false;
  conn.query = async (text: unknown, params?: unknown[]) => {
    restore();
    begun = true;
    if (typeof text !== 'string') {
      await send('BEGIN');
      return send(text, params);
    }
    const sent = (await send(`BEGIN;\n${withLiterals(text, params ?? [], parameterLiteral)}`)) as unknown[];
    // As node-postgres answers the text alone: one result for one statement, an array for several.
    return sent.length === 2 ? sent[1] : sent.slice(1);
  };
  // TypeORM's state after its own startTransaction (0.3.x, PostgresQueryRunner): depth 1, active.
  qr.isTransactionActive = true;
  qr.transactionDepth = 1;
  try {
    const result = await work(qr.manager);
    // Unless work ended it (commitWith), or sent nothing (no BEGIN went: nothing to end; finally resets the state).
    if (qr.isTransactionActive && begun) await qr.commitTransaction();
    return result;
  } catch (err) {
    // The first statement may have failed after its BEGIN ran: the connection goes back to the pool outside any transaction.
    if (qr.isTransactionActive && begun) await qr.rollbackTransaction().catch(() => undefined);
    throw err;
  } finally {
    restore();
    qr.isTransactionActive = false;
    qr.transactionDepth = 0;
    await qr.release();
  }
}

/** The pg client under a runner in a transaction, and the runner's TypeORM state (0.3.x, PostgresQueryRunner). */
function openTransaction(m: EntityManager, what: string) {
  const qr = m.queryRunner;
  if (!qr?.isTransactionActive) throw new Error(`${what} must run inside a transaction`);
  return qr as QueryRunner & { isTransactionActive: boolean; transactionDepth: number };
}

async function sendAtOnce(qr: QueryRunner, statements: readonly LiteralStatement[], commit: boolean) {
  if (!statements.length && !commit) return [];
  const conn = (await qr.connect()) as { query(text: string): Promise<unknown> };
  const sent = renderOn(conn, statements);
  const answer = await conn.query([...sent.parts, ...(commit ? ['COMMIT'] : [])].join(';\n'));
  sent.done();
  // node-postgres answers one result for one statement, an array of them for several.
  const results = (Array.isArray(answer) ? answer : [answer]) as { rows: unknown[] }[];
  return sent.at.map((i) => results[i].rows);
}

/**
 * Statements with no decision between them, sent as one query inside the manager's open
 * transaction (the simple protocol; values written by `parameterLiteral`): one round trip, and one
 * wake-up of this process and of the server, where `manager.query` one by one costs one each. A
 * statement that fails skips the rest and is thrown; the transaction is then aborted, and its owner
 * rolls it back as after any failed statement. Returns each statement's rows, in order.
 */
export async function queryAtOnce(m: EntityManager, statements: readonly LiteralStatement[]): Promise<unknown[][]> {
  return sendAtOnce(openTransaction(m, 'queryAtOnce'), statements, false);
}

/**
 * `queryAtOnce` with the transaction's COMMIT in the same query: a transaction's last writes and its
 * end in one round trip. Only for a runner whose owner expects it (the inbox's and
 * `transactionWith`'s: they commit only when the work did not; never inside
 * `DataSource.transaction`, whose own commit would find no transaction). It must be the owner's effect's last act: the runner refuses any query after it,
 * so nothing can run outside the transaction believing itself inside. A statement that fails (or
 * the COMMIT) is thrown with the transaction still the runner's, rolled back by its owner.
 */
export async function commitWith(m: EntityManager, statements: readonly LiteralStatement[]): Promise<unknown[][]> {
  const qr = openTransaction(m, 'commitWith');
  const rows = await sendAtOnce(qr, statements, true);
  qr.isTransactionActive = false;
  qr.transactionDepth = 0;
  Object.defineProperty(qr, 'query', {
    configurable: true,
    value: () =>
      Promise.reject(new Error('a query after commitWith: the transaction is committed, nothing may follow')),
  });
  return rows;
}

/**
 * Makes every transaction this database committed before the call durable: a transaction of its
 * own writes one record to the write-ahead log (a transactional logical message, prefix
 * `luxe.flush`: no table, any role may) and commits synchronously, and PostgreSQL flushes the log up
 * to that commit record, so past every commit record written before it. (A transaction that wrote
 * no log, even with a transaction id, commits without a flush.) Consumers call it before they
 * commit Kafka offsets (`EventServerOptions.beforeCommit`): their inbox transactions commit as the
 * server is configured (asynchronously with `synchronous_commit = off`), one flush a second instead
 * of one per event. Two round trips (`beginWith`).
 */
export async function flushCommitted(ds: DataSource): Promise<void> {
  const qr = ds.createQueryRunner();
  try {
    await beginWith(
      qr,
      `SELECT set_config('synchronous_commit', 'on', true), pg_logical_emit_message(true, 'luxe.flush', '')`,
      [],
    );
    await qr.commitTransaction();
  } catch (err) {
    if (qr.isTransactionActive) await qr.rollbackTransaction().catch(() => undefined);
    throw err;
  } finally {
    await qr.release();
  }
}

/**
 * The SQL of a keyset page's sort key (`PageKey.at`, docs/architecture.md#paged-lists): the
 * timestamp column in UTC with every digit PostgreSQL keeps. A JavaScript Date read back
 * (milliseconds) would skip the rows made later in the same millisecond.
 */
export function pageAtSql(column: string): string {
  return `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}
