import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { DataSource } from 'typeorm';
import { EventSchemaError } from '@luxe/contracts';
import { Outbox, runWithCorrelation } from '../src';
import { inTransaction, oneConnectionDatabase } from './support/inbox-db';
import { unprepared, watchQueries } from './support/watch-queries';

// `Outbox.writeAtOnce` on real PostgreSQL: the statements, the events' outbox rows and the commit
// go as one query (one round trip); the rows and the events are as `Outbox.add` writes them (the
// aggregate's next version, the correlation id, the envelope); values reach the server as they
// would as parameters; a statement that fails leaves nothing behind, and the connection outside
// any transaction. On one connection: whatever a failure left on it, the next test meets.
let ds: DataSource;

beforeAll(async () => {
  ds = await oneConnectionDatabase('platform_outbox_once');
  await ds.query(
    `CREATE TABLE IF NOT EXISTS once_notes (id uuid PRIMARY KEY, note text NOT NULL, at timestamptz NOT NULL, seen boolean NOT NULL, tags text[])`,
  );
});
afterAll(async () => {
  await ds?.destroy();
});

const insertNote = (id: string, note: string, at = new Date(), seen = false, tags: string[] | null = null) => ({
  sql: `INSERT INTO once_notes (id, note, at, seen, tags) VALUES ($1, $2, $3, $4, $5)`,
  values: [id, note, at, seen, tags],
});
const events = async (key: string) =>
  (await ds.query(
    `SELECT sequence::int, envelope, correlation_id FROM outbox_events WHERE stream = 'platform.test' AND key = $1 ORDER BY sequence`,
    [key],
  )) as {
    sequence: number;
    envelope: { id: string; sequence: number; data: unknown };
    correlation_id: string | null;
  }[];

describe('Outbox.writeAtOnce', () => {
  it('sends BEGIN, the statements, the outbox rows and COMMIT as one query, and writes them all', async () => {
    const id = randomUUID();
    const key = randomUUID();
    const at = new Date('2026-11-28T10:11:12.345Z');
    const outbox = new Outbox('test');
    const watch = watchQueries(ds);
    let written: Awaited<ReturnType<Outbox['writeAtOnce']>>;
    try {
      written = await runWithCorrelation('corr-once', () =>
        outbox.writeAtOnce(
          ds,
          [insertNote(id, `it's a \\ note`, at, true, ['a', 'b,c'])],
          [
            { type: 'platform.test-event', key, data: { n: 1 } },
            { type: 'platform.test-event', key, data: { n: 2 } },
          ],
        ),
      );
      expect(watch.sent).toHaveLength(1);
      // The outbox rows' statement prepared on the connection (sent before them the first time).
      expect(unprepared(watch.sent[0])).toMatch(
        /^BEGIN; INSERT INTO once_notes .*; EXECUTE luxe_outbox_add\(.*\); EXECUTE luxe_outbox_add\(.*\); COMMIT$/,
      );
    } finally {
      watch.restore();
    }
    // The values as parameters would have written them.
    expect(await ds.query(`SELECT note, at, seen, tags FROM once_notes WHERE id = $1`, [id])).toEqual([
      { note: `it's a \\ note`, at, seen: true, tags: ['a', 'b,c'] },
    ]);
    // The aggregate's versions in order, each envelope as returned, with the request's correlation id.
    const rows = await events(key);
    expect(rows.map((r) => [r.sequence, r.envelope.sequence, r.envelope.data, r.correlation_id])).toEqual([
      [1, 1, { n: 1 }, 'corr-once'],
      [2, 2, { n: 2 }, 'corr-once'],
    ]);
    expect(written.map((e) => [e.id, e.sequence])).toEqual(rows.map((r) => [r.envelope.id, r.sequence]));
    expect(await inTransaction(ds)).toBe(false);
  });

  it("continues the aggregate's versions that Outbox.add began, and the other way round", async () => {
    const key = randomUUID();
    const outbox = new Outbox('test');
    await ds.transaction((m) => outbox.add(m, 'platform.test-event', key, { n: 1 }));
    const [e] = await outbox.writeAtOnce(ds, [], [{ type: 'platform.test-event', key, data: { n: 2 } }]);
    await ds.transaction((m) => outbox.add(m, 'platform.test-event', key, { n: 3 }));
    expect(e.sequence).toBe(2);
    expect((await events(key)).map((r) => [r.sequence, r.envelope.data])).toEqual([
      [1, { n: 1 }],
      [2, { n: 2 }],
      [3, { n: 3 }],
    ]);
  });

  it('writes nothing when a statement fails, throws its error, and leaves the connection outside any transaction', async () => {
    const id = randomUUID();
    const key = randomUUID();
    const outbox = new Outbox('test');
    await outbox.writeAtOnce(ds, [insertNote(id, 'first')], []);
    // The second note first, then the duplicate: the one before the failure goes too.
    const other = randomUUID();
    await expect(
      outbox.writeAtOnce(
        ds,
        [insertNote(other, 'second'), insertNote(id, 'again')],
        [{ type: 'platform.test-event', key, data: { n: 1 } }],
      ),
    ).rejects.toThrow(/duplicate key/);
    expect(await inTransaction(ds)).toBe(false);
    expect(await ds.query(`SELECT note FROM once_notes WHERE id = ANY($1)`, [[id, other]])).toEqual([
      { note: 'first' },
    ]);
    expect(await events(key)).toEqual([]);
    expect(await ds.query(`SELECT 1 FROM outbox_sequences WHERE stream = 'platform.test' AND key = $1`, [key])).toEqual(
      [],
    );
  });

  it('refuses an event whose data fails its schema before anything is sent', async () => {
    const id = randomUUID();
    const watch = watchQueries(ds);
    try {
      await expect(
        new Outbox('test').writeAtOnce(
          ds,
          [insertNote(id, 'never')],
          [{ type: 'platform.test-event', key: 'k', data: { n: 'x' } as never }],
        ),
      ).rejects.toBeInstanceOf(EventSchemaError);
      expect(watch.sent).toEqual([]);
    } finally {
      watch.restore();
    }
    expect(await ds.query(`SELECT 1 FROM once_notes WHERE id = $1`, [id])).toEqual([]);
  });
});
