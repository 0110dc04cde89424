import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { DataSource } from 'typeorm';
import type { EventEnvelope } from '@luxe/contracts';
import { createDataSource, databaseUrl, ensureDatabase, flushCommitted, Inbox, initDatabase, Outbox } from '../src';
import { testEnvelope } from './support/inbox-db';
import { watchQueries } from './support/watch-queries';

// `npm run chaos` killed (-9) the PostgreSQL server of messaging, which like infra/local's runs
// with synchronous_commit = off: two events whose inbox rows were committed (and whose Kafka
// offsets the consumer had then committed) were gone after the restart, so never applied. An
// inbox transaction must be durable before the offset that covers it is committed: the Kafka
// transport calls flushCommitted first (once per commit interval, not once per event). A
// transaction that writes an event is durable at commit whatever the server's (or the session's)
// default (the relay may publish it as soon as it is visible, and a crash would then leave an
// event of a change that never happened).
const adminUrl = process.env.LUXE_PG_ADMIN_URL!;
const DB = `luxe_test${(process.env.LUXE_TEST_ID ?? '').replace(/[^a-z0-9]/g, '')}_platform_durable`;
let ds: DataSource;

beforeAll(async () => {
  await ensureDatabase(adminUrl, DB);
  const url = new URL(databaseUrl(adminUrl, DB));
  // Every connection of this pool starts with asynchronous commits, like a server configured so.
  url.searchParams.set('options', '-c synchronous_commit=off');
  ds = createDataSource({ url: url.toString(), migrations: [] });
  await initDatabase(ds);
});
afterAll(async () => {
  await ds?.destroy();
});

const envelope = (): EventEnvelope => testEnvelope({ data: { n: 1 } });

describe('Inbox.process durability', () => {
  it('commits as the connection is configured (asynchronously here); flushCommitted then has the log on disk past that commit', async () => {
    const [{ synchronous_commit: sessionDefault }] = await ds.query(`SHOW synchronous_commit`);
    expect(sessionDefault).toBe('off');
    let inside: string | null = null;
    const e = envelope();
    const outcome = await new Inbox(ds).process('platform.durability', e, async (m) => {
      [{ synchronous_commit: inside }] = await m.query(`SHOW synchronous_commit`);
      // Enough log that the WAL writer has not flushed it all by the time the test asks.
      await m.query(
        `INSERT INTO inbox_events (event_id, consumer_group, event_type) SELECT gen_random_uuid(), 'platform.durability.filler', 'x' FROM generate_series(1, 2000)`,
      );
    });
    expect(outcome).toBe('applied');
    expect(inside).toBe('off');
    // The end of the log once the transaction has committed: its commit record is before it.
    const [{ lsn }] = await ds.query(`SELECT pg_current_wal_insert_lsn()::text AS lsn`);
    await flushCommitted(ds);
    const [{ flushed }] = await ds.query(`SELECT pg_current_wal_flush_lsn() >= $1::pg_lsn AS flushed`, [lsn]);
    expect(flushed).toBe(true);
    // Its own transaction only: the connections of the pool keep their default.
    const after = await Promise.all(Array.from({ length: 5 }, () => ds.query(`SHOW synchronous_commit`)));
    expect(after.map(([r]) => r.synchronous_commit)).toEqual(['off', 'off', 'off', 'off', 'off']);
    expect((await ds.query(`SELECT count(*)::int AS n FROM inbox_events WHERE event_id = $1`, [e.id]))[0].n).toBe(1);
    await ds.query(`DELETE FROM inbox_events WHERE consumer_group = 'platform.durability.filler'`);
  });

  it('flushCommitted commits a transaction of its own synchronously, one that writes to the log (one that wrote nothing would flush nothing)', async () => {
    const watch = watchQueries(ds);
    try {
      await flushCommitted(ds);
    } finally {
      watch.restore();
    }
    expect(watch.sent).toEqual([
      `BEGIN; SELECT set_config('synchronous_commit', 'on', true), pg_logical_emit_message(true, 'luxe.flush', '')`,
      'COMMIT',
    ]);
  });

  it('a duplicate delivery is still skipped', async () => {
    const e = envelope();
    const inbox = new Inbox(ds);
    let applied = 0;
    expect(await inbox.process('platform.durability', e, async () => void applied++)).toBe('applied');
    expect(await inbox.process('platform.durability', e, async () => void applied++)).toBe('duplicate');
    expect(applied).toBe(1);
  });
});

describe('Outbox.add durability', () => {
  it('makes the transaction that writes an event commit synchronously; a transaction without events keeps the default', async () => {
    const seen = await ds.transaction(async (m) => {
      const before = (await m.query(`SHOW synchronous_commit`))[0].synchronous_commit;
      await new Outbox('test').add(m, 'platform.test-event', randomUUID(), { n: 2 });
      return [before, (await m.query(`SHOW synchronous_commit`))[0].synchronous_commit];
    });
    expect(seen).toEqual(['off', 'on']);
    const plain = await ds.transaction(async (m) => (await m.query(`SHOW synchronous_commit`))[0].synchronous_commit);
    expect(plain).toBe('off');
  });
});
