import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { DataSource } from 'typeorm';
import {
  createDataSource,
  createLogger,
  databaseUrl,
  ensureDatabase,
  InProcessBroker,
  InProcessTransport,
  initDatabase,
  Outbox,
  OutboxRelay,
} from '../src';
import type { IncomingMessage } from '../src';
import { unprepared, watchQueries } from './support/watch-queries';

// The relay's batch on real PostgreSQL: BEGIN, the lock and the due rows in one round trip; after
// the publish, the rows marked published (and an ended aggregate's rows removed) with COMMIT in one
// more. A failure of the marking leaves the rows unpublished and no transaction open.
const adminUrl = process.env.LUXE_PG_ADMIN_URL!;
const DB = `luxe_test${(process.env.LUXE_TEST_ID ?? '').replace(/[^a-z0-9]/g, '')}_platform_relay_tx`;
let ds: DataSource;
const logger = createLogger('relay-tx-test', 'silent');

beforeAll(async () => {
  await ensureDatabase(adminUrl, DB);
  // One connection: a transaction left open would hold it for the next statement.
  ds = createDataSource({ url: databaseUrl(adminUrl, DB), migrations: [], poolSize: 1 });
  await initDatabase(ds);
});
afterAll(async () => {
  await ds?.destroy();
});
beforeEach(async () => {
  await ds.query(`DROP TRIGGER IF EXISTS relay_tx_refuse ON outbox_events`);
  await ds.query(`TRUNCATE outbox_events, outbox_sequences`);
});

/** An embedded bus with one subscriber that keeps what it is given. */
function bus() {
  const broker = new InProcessBroker();
  const got: IncomingMessage[] = [];
  broker.subscribe({
    groupId: 'relay-tx',
    topics: ['platform.test.v1', 'identity.user.v1'],
    handle: async (m: IncomingMessage) => void got.push(m),
  });
  return { transport: new InProcessTransport(broker), got };
}

const inTransaction = async () => (await ds.query(`SELECT now() <> statement_timestamp() AS open`))[0].open as boolean;
const unpublished = async () =>
  Number((await ds.query(`SELECT count(*) AS n FROM outbox_events WHERE published_at IS NULL`))[0].n);

describe('OutboxRelay.publishBatch: two round trips per batch', () => {
  it('marks the published rows and commits in one query after the publish', async () => {
    const outbox = new Outbox('platform');
    const keys = [randomUUID(), randomUUID()];
    await ds.transaction(async (m) => {
      for (const [i, k] of keys.entries()) await outbox.add(m, 'platform.test-event', k, { n: i });
    });
    const { transport, got } = bus();
    const relay = new OutboxRelay(ds, transport, logger, { listen: false });
    const watch = watchQueries(ds);
    try {
      expect(await relay.publishBatch()).toBe(2);
    } finally {
      watch.restore();
    }
    expect(got.map((m) => m.key).sort()).toEqual([...keys].sort());
    expect(watch.sent).toHaveLength(2);
    expect(watch.sent[0]).toMatch(/^BEGIN; SELECT pg_try_advisory_xact_lock/);
    // The prepared statement marking the batch (its PREPARE too, the first time on the connection).
    expect(watch.sent[1]).toMatch(
      /^PREPARE luxe_relay_published_\d+\(uuid\[\]\) AS UPDATE outbox_events SET published_at = now\(\)/,
    );
    expect(unprepared(watch.sent[1])).toMatch(
      /^EXECUTE luxe_relay_published\('\{"[0-9a-f-]{36}","[0-9a-f-]{36}"\}'\); COMMIT$/,
    );
    expect(await unpublished()).toBe(0);
    const rows = await ds.query(`SELECT attempts, next_attempt_at FROM outbox_events`);
    expect(rows).toEqual([
      { attempts: 1, next_attempt_at: null },
      { attempts: 1, next_attempt_at: null },
    ]);
    expect(await inTransaction()).toBe(false);
  });

  it('nothing due: COMMIT alone after the first round trip', async () => {
    const { transport } = bus();
    const relay = new OutboxRelay(ds, transport, logger, { listen: false });
    const watch = watchQueries(ds);
    try {
      expect(await relay.publishBatch()).toBe(0);
    } finally {
      watch.restore();
    }
    expect(watch.sent.map((q) => q.split(' ')[0])).toEqual(['BEGIN;', 'COMMIT']);
  });

  it("the end of an aggregate removes its published rows and its version counter in the same query; another aggregate's stay", async () => {
    const outbox = new Outbox('identity');
    const card = (userId: string, firstName: string) => ({
      userId,
      firstName,
      lastName: 'K',
      userType: 'guest' as const,
      city: 'Miami',
      state: 'Florida',
      profileImages: [],
      gender: null,
      age: null,
      bio: null,
    });
    const gone = randomUUID();
    const kept = randomUUID();
    await ds.transaction(async (m) => {
      await outbox.add(m, 'identity.user-profile-updated', kept, card(kept, "O'Brien"));
      await outbox.add(m, 'identity.user-profile-updated', gone, card(gone, 'A'));
      await outbox.add(m, 'identity.user-deleted', gone, { userId: gone, deletedAt: new Date().toISOString() });
    });
    const { transport, got } = bus();
    const watch = watchQueries(ds);
    try {
      expect(await new OutboxRelay(ds, transport, logger, { listen: false }).publishBatch()).toBe(3);
    } finally {
      watch.restore();
    }
    expect(got).toHaveLength(3);
    expect(watch.sent).toHaveLength(2);
    expect(unprepared(watch.sent[1])).toMatch(
      /^EXECUTE luxe_relay_published\('.*'\); DELETE FROM outbox_events WHERE stream = 'identity.user' AND key = '[0-9a-f-]{36}' AND published_at IS NOT NULL; DELETE FROM outbox_sequences WHERE stream = 'identity.user' AND key = '[0-9a-f-]{36}'; COMMIT$/,
    );
    expect(await ds.query(`SELECT key FROM outbox_events`)).toEqual([{ key: kept }]);
    expect(await ds.query(`SELECT key FROM outbox_sequences`)).toEqual([{ key: kept }]);
  });

  it('a failure while marking rolls the batch back: the rows stay due, no transaction is left open, the next batch publishes them', async () => {
    const outbox = new Outbox('platform');
    await ds.transaction((m) => outbox.add(m, 'platform.test-event', randomUUID(), { n: 1 }));
    await ds.query(
      `CREATE OR REPLACE FUNCTION relay_tx_refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused by the test'; END $$`,
    );
    await ds.query(
      `CREATE TRIGGER relay_tx_refuse BEFORE UPDATE ON outbox_events FOR EACH ROW EXECUTE FUNCTION relay_tx_refuse()`,
    );
    const { transport, got } = bus();
    const relay = new OutboxRelay(ds, transport, logger, { listen: false });
    await expect(relay.publishBatch()).rejects.toThrow('refused by the test');
    expect(await inTransaction()).toBe(false);
    expect(await unpublished()).toBe(1);
    expect(got).toHaveLength(1); // on the bus once: at least once, consumers skip the copy by event id
    await ds.query(`DROP TRIGGER relay_tx_refuse ON outbox_events`);
    expect(await relay.publishBatch()).toBe(1);
    expect(await unpublished()).toBe(0);
    expect(got).toHaveLength(2);
    expect(got[1].value).toBe(got[0].value);
  });
});
