import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { DataSource } from 'typeorm';
import { commitWith, queryAtOnce, transactionWith } from '../src';
import { inTransaction, oneConnectionDatabase } from './support/inbox-db';
import { watchQueries } from './support/watch-queries';

// `transactionWith` on real PostgreSQL: BEGIN goes with the transaction's first statement (one
// round trip), values written as literals reach the server as parameters would, the work may end
// with `commitWith`, and every way it ends (resolved, thrown, the first statement refused, nothing
// sent) leaves the connection outside any transaction. One connection: a transaction left open by
// one test would meet the next.
let ds: DataSource;

beforeAll(async () => {
  ds = await oneConnectionDatabase('platform_tx_with');
  await ds.query(`CREATE TABLE IF NOT EXISTS tx_with_notes (id uuid PRIMARY KEY, note text NOT NULL, at timestamptz)`);
});
afterAll(async () => {
  await ds?.destroy();
});

const notes = async (...ids: string[]) =>
  (await ds.query(`SELECT note FROM tx_with_notes WHERE id = ANY($1::uuid[]) ORDER BY note`, [ids])).map(
    (r: { note: string }) => r.note,
  );
const insert = `INSERT INTO tx_with_notes (id, note, at) VALUES ($1, $2, $3)`;
const watched = async <T>(run: () => Promise<T>): Promise<{ result: T; sent: string[] }> => {
  const watch = watchQueries(ds);
  try {
    const result = await run();
    return { result, sent: watch.sent };
  } finally {
    watch.restore();
  }
};

describe('transactionWith', () => {
  it('sends BEGIN with the first statement, the others alone, then COMMIT; values as parameters would write them', async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    const at = new Date('2026-11-28T09:10:11.123Z');
    const { result, sent } = await watched(() =>
      transactionWith(ds, async (m) => {
        const rows = await m.query(`SELECT $1::text AS t, $2::timestamptz AS at, $3::int AS n`, [`it's \\ $2`, at, 7]);
        await m.query(insert, [a, 'one', at]);
        await m.query(insert, [b, 'two', null]);
        return rows;
      }),
    );
    expect(result).toEqual([{ t: `it's \\ $2`, at, n: 7 }]);
    expect(sent.map((q) => q.slice(0, 20))).toEqual([
      "BEGIN; SELECT E'it''",
      'INSERT INTO tx_with_',
      'INSERT INTO tx_with_',
      'COMMIT',
    ]);
    expect(await notes(a, b)).toEqual(['one', 'two']);
    expect(await ds.query(`SELECT at FROM tx_with_notes WHERE id = $1`, [a])).toEqual([{ at }]);
    expect(await inTransaction(ds)).toBe(false);
  });

  it('ends with commitWith: the last writes and COMMIT in one query, no COMMIT after', async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    const { sent } = await watched(() =>
      transactionWith(ds, async (m) => {
        await m.query(insert, [a, 'first', null]);
        await commitWith(m, [{ sql: insert, values: [b, 'last', null] }]);
      }),
    );
    expect(sent.map((q) => q.split(' ').slice(0, 2).join(' '))).toEqual(['BEGIN; INSERT', 'INSERT INTO']);
    expect(sent[1]).toMatch(/; COMMIT$/);
    expect(await notes(a, b)).toEqual(['first', 'last']);
    expect(await inTransaction(ds)).toBe(false);
  });

  it('is one query when commitWith is its only statement, and answers queryAtOnce rows as sent alone', async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    const { result, sent } = await watched(() =>
      transactionWith(ds, async (m) => {
        const rows = await queryAtOnce(m, [
          { sql: `SELECT 1 AS one`, values: [] },
          { sql: `SELECT $1::text AS two`, values: ['2'] },
        ]);
        await commitWith(m, [
          { sql: insert, values: [a, 'x', null] },
          { sql: insert, values: [b, 'y', null] },
        ]);
        return rows;
      }),
    );
    expect(result).toEqual([[{ one: 1 }], [{ two: '2' }]]);
    expect(sent).toHaveLength(2);
    expect(sent[0]).toMatch(/^BEGIN; SELECT 1 AS one; SELECT/);
    expect(await notes(a, b)).toEqual(['x', 'y']);
    const only = randomUUID();
    const once = await watched(() =>
      transactionWith(ds, (m) => commitWith(m, [{ sql: insert, values: [only, 'alone', null] }])),
    );
    expect(once.sent).toEqual([expect.stringMatching(/^BEGIN; INSERT INTO tx_with_notes .*; COMMIT$/)]);
    expect(await notes(only)).toEqual(['alone']);
  });

  it('rolls back when the work throws: nothing written, the error thrown, no transaction left open', async () => {
    const a = randomUUID();
    await expect(
      transactionWith(ds, async (m) => {
        await m.query(insert, [a, 'gone', null]);
        throw new Error('the work failed');
      }),
    ).rejects.toThrow('the work failed');
    expect(await notes(a)).toEqual([]);
    expect(await inTransaction(ds)).toBe(false);
  });

  it('rolls back when the first statement is refused (its BEGIN ran) and when commitWith fails', async () => {
    await expect(transactionWith(ds, (m) => m.query(`SELECT $1::uuid`, ['not-a-uuid']))).rejects.toThrow(/uuid/);
    expect(await inTransaction(ds)).toBe(false);
    const a = randomUUID();
    await expect(
      transactionWith(ds, async (m) => {
        await m.query(insert, [a, 'first', null]);
        await commitWith(m, [{ sql: `SELECT 1/0`, values: [] }]);
      }),
    ).rejects.toThrow(/division by zero/);
    expect(await notes(a)).toEqual([]);
    expect(await inTransaction(ds)).toBe(false);
  });

  it('sends nothing when the work sends nothing (no BEGIN, no COMMIT)', async () => {
    const { result, sent } = await watched(() => transactionWith(ds, async () => 'nothing'));
    expect([result, sent]).toEqual(['nothing', []]);
    await expect(
      transactionWith(ds, async () => {
        throw new Error('refused before any statement');
      }),
    ).rejects.toThrow('refused before');
    expect(await inTransaction(ds)).toBe(false);
  });

  it('a nested transaction is a savepoint: its failure undoes only its own writes', async () => {
    const [outer, inner] = [randomUUID(), randomUUID()];
    await transactionWith(ds, async (m) => {
      await m.query(insert, [outer, 'outer', null]);
      await m
        .transaction(async (n) => {
          await n.query(insert, [inner, 'inner', null]);
          throw new Error('inner failed');
        })
        .catch(() => undefined);
    });
    expect(await notes(outer, inner)).toEqual(['outer']);
    expect(await inTransaction(ds)).toBe(false);
  });
});
