import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { DataSource, QueryRunner } from 'typeorm';
import { beginWith, commitWith, Inbox, queryAtOnce } from '../src';
import { inTransaction, oneConnectionDatabase, testEnvelope as envelope } from './support/inbox-db';
import { unprepared, watchQueries } from './support/watch-queries';

// The inbox's transaction begins with its first statement in one round trip (`beginWith`), on real
// PostgreSQL: what the effect writes commits or rolls back with the inbox row, a failure leaves
// no connection in a transaction, values with quotes go in as data, and TypeORM's own transaction
// calls (commit, rollback, a nested transaction's savepoint) work on the runner afterwards.
let ds: DataSource;

beforeAll(async () => {
  ds = await oneConnectionDatabase('platform_inbox_tx');
  await ds.query(`CREATE TABLE IF NOT EXISTS inbox_tx_effects (id uuid PRIMARY KEY, note text NOT NULL)`);
});
afterAll(async () => {
  await ds?.destroy();
});

const effects = async (id: string) =>
  (await ds.query(`SELECT note FROM inbox_tx_effects WHERE id = $1`, [id])).map((r: { note: string }) => r.note);
const inboxRows = async (eventId: string, group: string) =>
  (await ds.query(`SELECT event_type FROM inbox_events WHERE event_id = $1 AND consumer_group = $2`, [eventId, group]))
    .length;

describe('Inbox.process: the transaction begins with the inbox statement', () => {
  it('sends BEGIN with the inbox statement (one query), then the effect, then COMMIT', async () => {
    const watch = watchQueries(ds);
    try {
      const e = envelope();
      const id = randomUUID();
      expect(
        await new Inbox(ds).process(
          'test.tx',
          e,
          async (m) => void (await m.query(`INSERT INTO inbox_tx_effects (id, note) VALUES ($1, 'one')`, [id])),
        ),
      ).toBe('applied');
      expect(watch.sent.map((q) => unprepared(q).split(/[ (]/).slice(0, 3).join(' '))).toEqual([
        'BEGIN; EXECUTE luxe_inbox_begin',
        'INSERT INTO inbox_tx_effects',
        'COMMIT',
      ]);
      expect(await effects(id)).toEqual(['one']);
    } finally {
      watch.restore();
    }
  });

  it('a failing effect rolls back its writes and the inbox row, and leaves no transaction open on the connection', async () => {
    const e = envelope();
    const id = randomUUID();
    await expect(
      new Inbox(ds).process('test.tx', e, async (m) => {
        await m.query(`INSERT INTO inbox_tx_effects (id, note) VALUES ($1, 'gone')`, [id]);
        throw new Error('effect failed');
      }),
    ).rejects.toThrow('effect failed');
    expect(await effects(id)).toEqual([]);
    expect(await inboxRows((e as { id: string }).id, 'test.tx')).toBe(0);
    expect(await inTransaction(ds)).toBe(false);
    // The event comes again and is applied this time.
    expect(
      await new Inbox(ds).process(
        'test.tx',
        e,
        async (m) => void (await m.query(`INSERT INTO inbox_tx_effects (id, note) VALUES ($1, 'again')`, [id])),
      ),
    ).toBe('applied');
    expect(await effects(id)).toEqual(['again']);
  });

  it('a failing first statement (an event id that is not a uuid) rejects, runs no effect and leaves no transaction open', async () => {
    const effect = jest.fn(async () => undefined);
    await expect(new Inbox(ds).process('test.tx', envelope({ id: 'not-a-uuid' }), effect)).rejects.toThrow(/uuid/);
    expect(effect).not.toHaveBeenCalled();
    expect(await inTransaction(ds)).toBe(false);
  });

  it("stores values with quotes and backslashes as they are (the group `it's \\ ok'); --`)", async () => {
    const group = `it's \\ ok'); -- ${randomUUID().slice(0, 8)}`;
    const key = `o'key\\${randomUUID().slice(0, 8)}`;
    const e = envelope({ key });
    expect(await new Inbox(ds).process(group, e, async () => undefined)).toBe('applied');
    expect(await inboxRows((e as { id: string }).id, group)).toBe(1);
    expect(await new Inbox(ds).process(group, e, async () => undefined)).toBe('duplicate');
    const [pos] = await ds.query(
      `SELECT sequence::int FROM consumer_positions WHERE consumer_group = $1 AND key = $2`,
      [group, Inbox.positionKey('platform.test', key)],
    );
    expect(pos).toEqual({ sequence: 1 });
  });

  it('a nested transaction in the effect is a savepoint: its failure undoes only its own writes', async () => {
    const e = envelope();
    const [outer, inner] = [randomUUID(), randomUUID()];
    expect(
      await new Inbox(ds).process('test.tx', e, async (m) => {
        await m.query(`INSERT INTO inbox_tx_effects (id, note) VALUES ($1, 'outer')`, [outer]);
        await m
          .transaction(async (n) => {
            await n.query(`INSERT INTO inbox_tx_effects (id, note) VALUES ($1, 'inner')`, [inner]);
            throw new Error('inner failed');
          })
          .catch(() => undefined);
      }),
    ).toBe('applied');
    expect(await effects(outer)).toEqual(['outer']);
    expect(await effects(inner)).toEqual([]);
    expect(await inboxRows((e as { id: string }).id, 'test.tx')).toBe(1);
  });
});

describe('beginWith', () => {
  async function withRunner<T>(fn: (qr: QueryRunner) => Promise<T>): Promise<T> {
    const qr = ds.createQueryRunner();
    try {
      return await fn(qr);
    } finally {
      if (qr.isTransactionActive) await qr.rollbackTransaction();
      await qr.release();
    }
  }

  it('leaves the runner in its transaction: the statement and what follows commit together, or roll back together', async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    await withRunner(async (qr) => {
      const rows = await beginWith<{ n: number }>(
        qr,
        `INSERT INTO inbox_tx_effects (id, note) VALUES ($1, $2) RETURNING 7 AS n`,
        [a, 'first'],
      );
      expect(rows).toEqual([{ n: 7 }]);
      expect(qr.isTransactionActive).toBe(true);
      await qr.query(`INSERT INTO inbox_tx_effects (id, note) VALUES ($1, 'second')`, [b]);
      await qr.rollbackTransaction();
    });
    expect([...(await effects(a)), ...(await effects(b))]).toEqual([]);
    await withRunner(async (qr) => {
      await beginWith(qr, `INSERT INTO inbox_tx_effects (id, note) VALUES ($1, $2)`, [a, 'first']);
      await qr.query(`INSERT INTO inbox_tx_effects (id, note) VALUES ($1, 'second')`, [b]);
      await qr.commitTransaction();
      expect(qr.isTransactionActive).toBe(false);
    });
    expect([...(await effects(a)), ...(await effects(b))]).toEqual(['first', 'second']);
  });

  it('refuses a runner already in a transaction, a missing value and a number that is not an integer', async () => {
    await withRunner(async (qr) => {
      await qr.startTransaction();
      await expect(beginWith(qr, `SELECT 1`, [])).rejects.toThrow(/already in a transaction/);
    });
    await withRunner(async (qr) => {
      await expect(beginWith(qr, `SELECT $1, $2`, ['x'])).rejects.toThrow(/no value for \$2/);
      await expect(beginWith(qr, `SELECT $1`, [1.5])).rejects.toThrow(/not an integer/);
      expect(qr.isTransactionActive).toBe(false);
    });
    expect(await inTransaction(ds)).toBe(false);
  });
});

describe("queryAtOnce and commitWith in the inbox's transaction", () => {
  const note = (id: string, text: string) => ({
    sql: `INSERT INTO inbox_tx_effects (id, note) VALUES ($1, $2) RETURNING note`,
    values: [id, text],
  });

  it('sends the statements as one query each, the last with COMMIT, and the inbox commits nothing more', async () => {
    const e = envelope();
    const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
    const watch = watchQueries(ds);
    let rows: unknown[][] = [];
    try {
      expect(
        await new Inbox(ds).process('test.tx', e, async (m) => {
          rows = await queryAtOnce(m, [note(a, `it's`), note(b, 'a \\ b')]);
          await commitWith(m, [note(c, 'last')]);
        }),
      ).toBe('applied');
      expect(watch.sent.map((q) => q.replace(/\(\$?[^)]*\)/g, '()'))).toEqual([
        expect.stringMatching(/^BEGIN; (PREPARE luxe_inbox_begin_\d+.*; )?EXECUTE luxe_inbox_begin_\d+/),
        'INSERT INTO inbox_tx_effects () VALUES () RETURNING note; INSERT INTO inbox_tx_effects () VALUES () RETURNING note',
        'INSERT INTO inbox_tx_effects () VALUES () RETURNING note; COMMIT',
      ]);
    } finally {
      watch.restore();
    }
    expect(rows).toEqual([[{ note: `it's` }], [{ note: 'a \\ b' }]]);
    expect([...(await effects(a)), ...(await effects(b)), ...(await effects(c))]).toEqual([`it's`, 'a \\ b', 'last']);
    expect(await inboxRows((e as { id: string }).id, 'test.tx')).toBe(1);
    expect(await inTransaction(ds)).toBe(false);
  });

  it('a statement that fails in commitWith rolls back everything of the event, and the event applies when it comes again', async () => {
    const e = envelope();
    const [a, b] = [randomUUID(), randomUUID()];
    await expect(
      new Inbox(ds).process('test.tx', e, async (m) => {
        await queryAtOnce(m, [note(a, 'first')]);
        await commitWith(m, [note(b, 'second'), { sql: `SELECT 1/0`, values: [] }]);
      }),
    ).rejects.toThrow(/division by zero/);
    expect([...(await effects(a)), ...(await effects(b))]).toEqual([]);
    expect(await inboxRows((e as { id: string }).id, 'test.tx')).toBe(0);
    expect(await inTransaction(ds)).toBe(false);
    expect(await new Inbox(ds).process('test.tx', e, async (m) => void (await commitWith(m, [note(a, 'again')])))).toBe(
      'applied',
    );
    expect(await effects(a)).toEqual(['again']);
  });

  it('refuses a query after commitWith (it would run outside the transaction); what was committed stays', async () => {
    const e = envelope();
    const [a, b] = [randomUUID(), randomUUID()];
    await expect(
      new Inbox(ds).process('test.tx', e, async (m) => {
        await commitWith(m, [note(a, 'committed')]);
        await m.query(`INSERT INTO inbox_tx_effects (id, note) VALUES ($1, 'after')`, [b]);
      }),
    ).rejects.toThrow(/after commitWith/);
    expect(await effects(a)).toEqual(['committed']);
    expect(await effects(b)).toEqual([]);
    expect(await new Inbox(ds).process('test.tx', e, async () => undefined)).toBe('duplicate');
    expect(await inTransaction(ds)).toBe(false);
  });

  it('refuses to run outside a transaction, and sends nothing for no statements', async () => {
    await expect(queryAtOnce(ds.manager, [note(randomUUID(), 'x')])).rejects.toThrow(/inside a transaction/);
    await expect(commitWith(ds.manager, [])).rejects.toThrow(/inside a transaction/);
    const watch = watchQueries(ds);
    try {
      await ds.transaction(async (m) => expect(await queryAtOnce(m, [])).toEqual([]));
      expect(watch.sent).toEqual(['START TRANSACTION', 'COMMIT']);
    } finally {
      watch.restore();
    }
  });
});
