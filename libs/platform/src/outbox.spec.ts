import { afterEach, describe, expect, it, jest } from '@jest/globals';
import type { DataSource, EntityManager } from 'typeorm';
import { EventSchemaError } from '@luxe/contracts';
import { runWithCorrelation } from './correlation';
import type { Logger } from './logger';
import { MAX_RELAY_BACKOFF_MS, Outbox, OUTBOX_CHANNEL, OutboxRelay } from './outbox';
import type { EventTransport } from './transport/transport';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** A manager in a transaction; its connection answers the outbox statement with the aggregate's next version. */
function manager(active = true) {
  let sequence = 0;
  const query = jest.fn(async (_q: { name: string; text: string; values: unknown[] }) => ({
    rows: [{ sequence: String(++sequence) }],
  }));
  const conn = { query };
  return {
    m: { queryRunner: { isTransactionActive: active, connect: async () => conn } } as unknown as EntityManager,
    query,
  };
}

describe('Outbox.add', () => {
  it('refuses to run outside a transaction', async () => {
    const outbox = new Outbox('identity');
    const { m, query } = manager(false);
    await expect(outbox.add(m, 'platform.test-event', 'k', { n: 1 })).rejects.toThrow(
      'Outbox.add must run inside a transaction',
    );
    const noRunner = { query } as unknown as EntityManager;
    await expect(outbox.add(noRunner, 'platform.test-event', 'k', { n: 1 })).rejects.toThrow('inside a transaction');
    expect(query).not.toHaveBeenCalled();
  });

  it('rejects data that fails the event schema without writing', async () => {
    const outbox = new Outbox('identity');
    const { m, query } = manager();
    await expect(outbox.add(m, 'platform.test-event', 'k', { n: 'x' } as any)).rejects.toBeInstanceOf(EventSchemaError);
    await expect(
      outbox.add(m, 'identity.user-deleted', 'k', { userId: 'not-uuid', deletedAt: new Date().toISOString() }),
    ).rejects.toBeInstanceOf(EventSchemaError);
    expect(query).not.toHaveBeenCalled();
  });

  it('takes the next version of the aggregate, writes the row with the envelope and the current correlation id, and notifies the relay', async () => {
    const outbox = new Outbox('identity');
    const { m, query } = manager();
    const before = Date.now();
    const env = await runWithCorrelation('corr-42', () => outbox.add(m, 'platform.test-event', 'key-1', { n: 3 }));
    expect(env).toMatchObject({
      type: 'platform.test-event',
      version: 1,
      stream: 'platform.test',
      sequence: 1,
      producer: 'identity',
      key: 'key-1',
      data: { n: 3 },
    });
    expect(env.id).toMatch(UUID);
    expect(Date.parse(env.occurredAt)).toBeGreaterThanOrEqual(before - 1000);
    // One round trip: it runs inside the writer's transaction, often under its row locks. A named
    // statement (parsed and planned once per connection), its values as parameters: never in the
    // statement's text, which traces record.
    expect(query).toHaveBeenCalledTimes(1);
    const [{ name, text: sql, values }] = query.mock.calls[0];
    expect(name).toBe('luxe_outbox_add');
    // durable at commit whatever the server's synchronous_commit (npm run chaos)
    expect(sql).toMatch(/^WITH durable AS \(SELECT set_config\('synchronous_commit', 'on', true\)\)/);
    expect(sql).toMatch(/INSERT INTO outbox_sequences \(stream, key, sequence\) VALUES \(\$1, \$2, 1\)/);
    expect(sql).toMatch(/INSERT INTO outbox_events/);
    expect(sql).toMatch(/pg_notify\(\$10, ''\)/);
    // The envelope is written with its version 0, which the statement replaces with the one it takes.
    const json = JSON.stringify({ ...env, sequence: 0 });
    expect(values).toEqual([
      'platform.test',
      'key-1',
      env.id,
      'platform.test-event',
      1,
      json,
      Buffer.byteLength(json),
      'corr-42',
      null, // no active span: no traceparent
      OUTBOX_CHANNEL,
    ]);
  });

  it('writes a null correlation id outside any request, a fresh id and the next sequence per event', async () => {
    const outbox = new Outbox('venues');
    const { m, query } = manager();
    const a = await outbox.add(m, 'venues.venue-deleted', 'v1', { venueId: 'v1' });
    const b = await outbox.add(m, 'venues.venue-deleted', 'v1', { venueId: 'v1' });
    expect(a.id).not.toBe(b.id);
    expect([a.sequence, b.sequence]).toEqual([1, 2]);
    expect([a.stream, b.stream]).toEqual(['venues.venue', 'venues.venue']);
    expect(query.mock.calls[0][0].values[7]).toBeNull();
  });

  it('drops unknown keys of a strict schema (stores the parsed data)', async () => {
    const outbox = new Outbox('identity');
    const { m } = manager();
    const env = await outbox.add(m, 'platform.test-event', 'k', { n: 1, extra: 'x' } as any);
    expect(env.data).toEqual({ n: 1 });
  });
});

describe('OutboxRelay scheduling', () => {
  /** A database with `due` rows waiting, handing out at most the batch size per SELECT. */
  function fakeDb(due: number) {
    let waiting = due;
    const limits = new Map<string, number>();
    const batches: number[] = [];
    // The batch's connection: BEGIN, the lock and the due rows in one multi-statement query, then
    // the rows marked published with COMMIT in another (or COMMIT alone).
    const conn = {
      query: async (sql: string) => {
        // The rows marked published: one prepared statement, its ids an array ('{"r2","r1"}').
        const marked = /EXECUTE luxe_relay_published_\d+\('\{([^}]*)\}'\);\nCOMMIT$/.exec(sql);
        if (marked) {
          waiting -= marked[1].split(',').length;
          return [];
        }
        if (!sql.startsWith('BEGIN;')) return { rows: [] };
        expect(sql).toContain('pg_try_advisory_xact_lock');
        // The batch size is written into the statement prepared on the connection (the first query).
        const prepare = /PREPARE (luxe_relay_due_\d+) AS [^;]* LIMIT (\d+);/.exec(sql);
        if (prepare) limits.set(prepare[1], Number(prepare[2]));
        const n = Math.min(waiting, limits.get(/EXECUTE (luxe_relay_due_\d+)$/.exec(sql)![1])!);
        batches.push(n);
        const rows = Array.from({ length: n }, (_, i) => ({
          id: `r${waiting - i}`,
          stream: 'platform.test',
          key: 'k',
          type: 'platform.test-event',
          envelope: { n: 1 },
          correlation_id: null,
          trace_parent: null,
          attempts: 0,
          bytes: 10,
        }));
        // BEGIN, the lock, the due rows' PREPARE the first time on this connection, its EXECUTE.
        const prepared = sql.includes('PREPARE luxe_relay_due') ? [{ rows: [] }] : [];
        return [{ rows: [] }, { rows: [{ locked: true }] }, ...prepared, { rows }];
      },
    };
    const qr = {
      connect: async () => conn,
      release: async () => undefined,
      query: async () => [],
    };
    const runs = { count: 0 };
    const ds = {
      createQueryRunner: () => (runs.count++, qr),
      query: async () => [[], 0],
      options: {},
    } as unknown as DataSource;
    return { ds, batches, runs };
  }
  const transport = { publish: jest.fn(async () => undefined) } as unknown as EventTransport;
  const logger = { info: jest.fn(), warn: jest.fn(), debug: jest.fn() } as unknown as Logger;
  const settle = () => new Promise((r) => setTimeout(r, 30));
  const relays: OutboxRelay[] = [];
  afterEach(() => Promise.all(relays.splice(0).map((r) => r.stop())));

  it('after a batch that took every due row, waits for the next notification (no empty transaction per event)', async () => {
    const { ds, batches } = fakeDb(1);
    const relay = new OutboxRelay(ds, transport, logger, { listen: false, pollMs: 60_000 });
    relays.push(relay);
    relay.start();
    await settle();
    expect(batches).toEqual([1]);
    relay.wake(); // a commit notified
    await settle();
    expect(batches).toEqual([1, 0]);
  });

  it('a woken relay starts its batch in the same turn of the event loop, not on a timer (setTimeout(…, 0) waits at least 1 ms)', async () => {
    const { ds, runs } = fakeDb(0);
    const relay = new OutboxRelay(ds, transport, logger, { listen: false, pollMs: 60_000 });
    relays.push(relay);
    relay.start();
    await settle(); // resumes in the timers phase: a timer set now fires in the next loop at the earliest
    const before = runs.count;
    relay.wake();
    await new Promise((r) => setImmediate(r)); // this loop's check phase, after the relay's own
    expect(runs.count).toBe(before + 1);
  });

  it('runs again at once while batches come back full', async () => {
    const { ds, batches } = fakeDb(5);
    const relay = new OutboxRelay(ds, transport, logger, { listen: false, pollMs: 60_000, batchSize: 2 });
    relays.push(relay);
    relay.start();
    await settle();
    expect(batches).toEqual([2, 2, 1]);
  });

  it('while the broker is unreachable, retries with a doubling wait that stops growing at MAX_RELAY_BACKOFF_MS', async () => {
    jest.useFakeTimers();
    try {
      const { ds } = fakeDb(1);
      const attempts: number[] = [];
      const down = {
        publish: jest.fn(async () => {
          attempts.push(Date.now());
          throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
        }),
      } as unknown as EventTransport;
      const relay = new OutboxRelay(ds, down, logger, { listen: false, pollMs: 200 });
      relays.push(relay);
      relay.start();
      await jest.advanceTimersByTimeAsync(120_000);
      const first = attempts[0];
      const gaps = attempts
        .slice(1)
        .map((t, i) => t - attempts[i])
        .filter((g) => g > 0);
      expect(first).toBeDefined();
      expect(MAX_RELAY_BACKOFF_MS).toBeLessThanOrEqual(5_000);
      expect(Math.max(...gaps)).toBeLessThanOrEqual(MAX_RELAY_BACKOFF_MS + 50);
      expect(gaps.filter((g) => g >= MAX_RELAY_BACKOFF_MS - 50).length).toBeGreaterThan(10);
    } finally {
      jest.useRealTimers();
    }
  });

  it('at a stop with flush, publishes what is due once more; not when it is backing off from an outage', async () => {
    const { ds, batches } = fakeDb(0);
    const relay = new OutboxRelay(ds, transport, logger, { listen: false, pollMs: 60_000 });
    relay.start();
    await settle();
    await relay.stop({ flush: true });
    expect(batches).toEqual([0, 0]); // the start's batch, then the stop's

    const failing = fakeDb(1);
    const down = {
      publish: jest.fn(async () => {
        throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
      }),
      ping: jest.fn(async () => {
        throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
      }),
    } as unknown as EventTransport;
    const backingOff = new OutboxRelay(failing.ds, down, logger, { listen: false, pollMs: 60_000 });
    backingOff.start();
    await settle();
    expect(failing.batches).toEqual([1]);
    await backingOff.stop({ flush: true });
    expect(failing.batches).toEqual([1]); // no second attempt: the row waits for the next relay
  });
});
