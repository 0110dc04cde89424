import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { DataSource } from 'typeorm';
import { createDataSource, databaseUrl, dueRowsSql, ensureDatabase, initDatabase } from '../src';

// The relay's statements on an outbox as production keeps it: a day of published rows
// (OUTBOX_RETENTION_HOURS) beside the few waiting. Their cost must not follow the published rows:
// the due rows and the aggregate's delete are index lookups, whatever the table holds. Measured by
// the plan and the buffers it touched (PostgreSQL's own count), never by a clock.
const adminUrl = process.env.LUXE_PG_ADMIN_URL!;
const DB = `luxe_test${(process.env.LUXE_TEST_ID ?? '').replace(/[^a-z0-9]/g, '')}_platform_outbox_growth`;
let ds: DataSource;

const PUBLISHED = 30_000;
const WAITING = 300;

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  Plans?: PlanNode[];
}
const nodes = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodes)];
/** The relay's due rows (a batch of 100) run under EXPLAIN: how each scan of the outbox reads it, and the blocks read in all. */
async function explainDueRows(db: { query(sql: string): Promise<any> }): Promise<{ scans: string[]; blocks: number }> {
  const [
    {
      'QUERY PLAN': [explained],
    },
  ] = await db.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${dueRowsSql(100)}`);
  const plan: PlanNode = explained.Plan;
  return {
    scans: nodes(plan)
      .filter((n) => n['Relation Name'] === 'outbox_events')
      .map((n) => `${n['Node Type']}${n['Index Name'] ? ` using ${n['Index Name']}` : ''}`),
    blocks: (plan['Shared Hit Blocks'] ?? 0) + (plan['Shared Read Blocks'] ?? 0),
  };
}
const INDEX_SCANS = ['Index Scan using outbox_events_unpublished', 'Index Scan using outbox_events_held'];

beforeAll(async () => {
  await ensureDatabase(adminUrl, DB);
  ds = createDataSource({ url: databaseUrl(adminUrl, DB), migrations: [] });
  await initDatabase(ds);
  await ds.query(`TRUNCATE outbox_events, outbox_sequences`);
  // A day's published rows over many aggregates (bookings), then the waiting ones: some due, and
  // one aggregate whose first row is parked, holding back its later row.
  await ds.query(
    `INSERT INTO outbox_events (id, type, version, stream, sequence, key, envelope, bytes, published_at, attempts)
     SELECT gen_random_uuid(), 'bookings.booking-confirmed', 1, 'bookings.booking', 1, 'b' || (i % 10000),
            jsonb_build_object('n', i, 'pad', repeat('x', 300)), 320, now() - interval '1 hour', 1
       FROM generate_series(1, $1) i`,
    [PUBLISHED],
  );
  await ds.query(
    `INSERT INTO outbox_events (id, type, version, stream, sequence, key, envelope, bytes)
     SELECT gen_random_uuid(), 'bookings.booking-confirmed', 1, 'bookings.booking', 2, 'w' || i, '{}', 2
       FROM generate_series(1, $1) i`,
    [WAITING],
  );
  await ds.query(
    `INSERT INTO outbox_events (id, type, version, stream, sequence, key, envelope, bytes, parked_at, attempts, last_error)
     VALUES (gen_random_uuid(), 'bookings.booking-confirmed', 1, 'bookings.booking', 1, 'held', '{}', 2, now(), 10, 'too big')`,
  );
  await ds.query(
    `INSERT INTO outbox_events (id, type, version, stream, sequence, key, envelope, bytes)
     VALUES (gen_random_uuid(), 'bookings.booking-cancelled', 1, 'bookings.booking', 2, 'held', '{}', 2)`,
  );
  // And one whose first row waits out a backoff after a failed publish.
  await ds.query(
    `INSERT INTO outbox_events (id, type, version, stream, sequence, key, envelope, bytes, next_attempt_at, attempts)
     VALUES (gen_random_uuid(), 'bookings.booking-confirmed', 1, 'bookings.booking', 1, 'backing-off', '{}', 2, now() + interval '1 hour', 1),
            (gen_random_uuid(), 'bookings.booking-cancelled', 1, 'bookings.booking', 2, 'backing-off', '{}', 2, NULL, 0)`,
  );
  await ds.query(`VACUUM ANALYZE outbox_events`);
}, 60_000);
afterAll(async () => {
  await ds?.destroy();
});

describe('the outbox as it grows', () => {
  it('finds the due rows through its indexes, touching blocks for the rows it returns, not for the published ones', async () => {
    const { scans, blocks } = await explainDueRows(ds);
    expect(scans).toEqual(INDEX_SCANS);
    // About a block per row returned; scanning the published rows read more than a thousand.
    expect(blocks).toBeLessThan(200);
  });

  it('leaves out the rows behind a parked row of their aggregate, and only those', async () => {
    const due: { key: string }[] = await ds.query(dueRowsSql(WAITING + 10));
    expect(due).toHaveLength(WAITING);
    expect(due.some((r) => r.key === 'held' || r.key === 'backing-off')).toBe(false);
  });

  it('stays an index lookup when a backlog came after the statistics were taken', async () => {
    // The statistics say almost nothing waits; then the relay falls behind (a burst, a slow
    // broker). A probe the planner can take through the unpublished index reads them all per row.
    const qr = ds.createQueryRunner();
    await qr.startTransaction();
    try {
      await qr.query(`DELETE FROM outbox_events WHERE key IN ('held', 'backing-off')`);
      await qr.query(`UPDATE outbox_events SET published_at = now() WHERE key LIKE 'w%'`);
      await qr.query(`ANALYZE outbox_events`); // rolled back with the rest
      await qr.query(
        `UPDATE outbox_events SET published_at = NULL WHERE id IN (SELECT id FROM outbox_events WHERE published_at IS NOT NULL LIMIT 3000)`,
      );
      const { scans, blocks } = await explainDueRows(qr);
      expect(scans).toEqual(INDEX_SCANS);
      expect(blocks).toBeLessThan(500);
    } finally {
      await qr.rollbackTransaction();
      await qr.release();
    }
  });

  it("deletes an ended aggregate's rows through an index", async () => {
    const rows: { 'QUERY PLAN': string }[] = await ds.query(
      `EXPLAIN DELETE FROM outbox_events WHERE stream = 'bookings.booking' AND key = 'b42' AND published_at IS NOT NULL`,
    );
    const text = rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(text).toMatch(/Index Scan using outbox_events_aggregate|Bitmap Index Scan on outbox_events_aggregate/);
    expect(text).not.toMatch(/Seq Scan/);
  });
});
