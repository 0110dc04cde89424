import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { DataSource, EntityManager } from 'typeorm';
import { Inbox, parameterLiteral, type PreparedSql, queryNamed } from '../src';
import { inTransaction, oneConnectionDatabase, testEnvelope as envelope } from './support/inbox-db';
import { unprepared, watchQueries } from './support/watch-queries';

// `Inbox.process` with `oneStatement`, on real PostgreSQL: the inbox statement and the effect's
// one statement go as one query (one round trip, one implicit transaction); an event that is not
// to be applied writes nothing on that way and is recorded by the usual transaction; a failing
// statement leaves nothing behind; the effect's parameters reach the server as they would as
// parameters.
let ds: DataSource;

beforeAll(async () => {
  ds = await oneConnectionDatabase('platform_inbox_one');
  await ds.query(
    `CREATE TABLE IF NOT EXISTS one_effects (id uuid PRIMARY KEY, note text NOT NULL, n int NOT NULL DEFAULT 1)`,
  );
  await ds.query(
    `CREATE TABLE IF NOT EXISTS one_values (id uuid PRIMARY KEY, t text, ts timestamptz, tags text[], doc jsonb, bin bytea, i int, big bigint, num numeric, b boolean, d date)`,
  );
});
afterAll(async () => {
  await ds?.destroy();
});

const notes = async (id: string) =>
  (await ds.query(`SELECT note FROM one_effects WHERE id = $1`, [id])).map((r: { note: string }) => r.note);
const inboxRows = async (eventId: string, group: string) =>
  (await ds.query(`SELECT 1 FROM inbox_events WHERE event_id = $1 AND consumer_group = $2`, [eventId, group])).length;
const position = async (group: string, key: string) =>
  (
    await ds.query(`SELECT sequence::int FROM consumer_positions WHERE consumer_group = $1 AND key = $2`, [
      group,
      Inbox.positionKey('platform.test', key),
    ])
  )[0]?.sequence ?? null;
const upsertNote = (id: string, note: string) => async (m: EntityManager) =>
  void (await m.query(
    `INSERT INTO one_effects (id, note) VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET note = EXCLUDED.note, n = one_effects.n + 1`,
    [id, note],
  ));
const UPSERT_NOTE: PreparedSql = {
  name: 'luxe_test_upsert_note',
  types: ['uuid', 'text'],
  sql: `INSERT INTO one_effects (id, note) VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET note = EXCLUDED.note, n = one_effects.n + 1`,
};
/** The query's first statement, named (the prepared statements' names and PREPAREs left out). */
const first2 = (q: string) => unprepared(q).split(/[ (]/).slice(0, 2).join(' ');

describe('Inbox.process with oneStatement', () => {
  it('sends the inbox statement and the effect as one query, and both are written', async () => {
    const e = envelope();
    const id = randomUUID();
    const watch = watchQueries(ds);
    try {
      expect(await new Inbox(ds).process('test.one', e, upsertNote(id, "it's one"), { oneStatement: true })).toBe(
        'applied',
      );
      expect(watch.sent).toHaveLength(1);
      expect(unprepared(watch.sent[0])).toMatch(
        /^EXECUTE luxe_inbox_gate\('[0-9a-f-]{36}', 'test\.one', .*\); INSERT INTO one_effects .* VALUES \('[0-9a-f-]{36}', 'it''s one'\)/,
      );
    } finally {
      watch.restore();
    }
    expect(await notes(id)).toEqual(["it's one"]);
    expect(await inboxRows((e as { id: string }).id, 'test.one')).toBe(1);
    expect(await position('test.one', (e as { key: string }).key)).toBe(1);
    expect(await inTransaction(ds)).toBe(false);
  });

  it('an effect sent as a prepared statement (queryNamed) goes with the inbox statement, prepared once per connection', async () => {
    const inbox = new Inbox(ds);
    const ids = [randomUUID(), randomUUID()];
    const watch = watchQueries(ds);
    try {
      for (const [i, id] of ids.entries())
        expect(
          await inbox.process(
            'test.one',
            envelope(),
            (m) => queryNamed(m, UPSERT_NOTE, [id, `named ${i}`]).then(() => undefined),
            {
              oneStatement: true,
            },
          ),
        ).toBe('applied');
    } finally {
      watch.restore();
    }
    expect(watch.sent).toHaveLength(2);
    // The first time its PREPARE goes in the same query; then EXECUTE alone, its values as literals.
    expect(watch.sent[0]).toMatch(/PREPARE luxe_test_upsert_note_\d+\(uuid, text\) AS INSERT INTO one_effects/);
    expect(watch.sent[1]).not.toContain('PREPARE luxe_test_upsert_note');
    expect(unprepared(watch.sent[1])).toMatch(
      /^EXECUTE luxe_inbox_gate\(.*\); EXECUTE luxe_test_upsert_note\('[0-9a-f-]{36}', 'named 1'\)$/,
    );
    expect([...(await notes(ids[0])), ...(await notes(ids[1]))]).toEqual(['named 0', 'named 1']);
    // Without oneStatement it is the protocol's named statement, its values parameters.
    const id = randomUUID();
    expect(
      await inbox.process('test.one', envelope(), (m) =>
        queryNamed(m, UPSERT_NOTE, [id, 'in a transaction']).then(() => undefined),
      ),
    ).toBe('applied');
    expect(await notes(id)).toEqual(['in a transaction']);
    expect(await inTransaction(ds)).toBe(false);
  });

  it('a duplicate: the effect does not run again, nothing is written, the usual transaction says why', async () => {
    const e = envelope();
    const id = randomUUID();
    const inbox = new Inbox(ds);
    expect(await inbox.process('test.one', e, upsertNote(id, 'first'), { oneStatement: true })).toBe('applied');
    const watch = watchQueries(ds);
    try {
      expect(await inbox.process('test.one', e, upsertNote(id, 'second'), { oneStatement: true })).toBe('duplicate');
      // The combined query failed at its gate; then BEGIN with the inbox statement, COMMIT.
      expect(watch.sent.map(first2)).toEqual(['EXECUTE luxe_inbox_gate', 'BEGIN; EXECUTE', 'COMMIT']);
    } finally {
      watch.restore();
    }
    expect(await ds.query(`SELECT note, n FROM one_effects WHERE id = $1`, [id])).toEqual([{ note: 'first', n: 1 }]);
    expect(await inTransaction(ds)).toBe(false);
  });

  it('a stale event (an earlier version after a later one) is recorded in the inbox without its effect', async () => {
    const key = randomUUID();
    const id = randomUUID();
    const inbox = new Inbox(ds);
    expect(
      await inbox.process('test.one', envelope({ key, sequence: 2 }), upsertNote(id, 'v2'), { oneStatement: true }),
    ).toBe('applied');
    const old = envelope({ key, sequence: 1 });
    expect(await inbox.process('test.one', old, upsertNote(id, 'v1'), { oneStatement: true })).toBe('stale');
    expect(await notes(id)).toEqual(['v2']);
    expect(await position('test.one', key)).toBe(2);
    expect(await inboxRows((old as { id: string }).id, 'test.one')).toBe(1);
    // The same as without oneStatement: the stale event's id is in the inbox, so it comes back as a duplicate.
    expect(await inbox.process('test.one', old, upsertNote(id, 'v1'), { oneStatement: true })).toBe('duplicate');
  });

  it("after the end of an aggregate: 'ended', nothing applied", async () => {
    const key = randomUUID();
    const id = randomUUID();
    const inbox = new Inbox(ds);
    const end = envelope({ key, sequence: 2, type: 'identity.user-deleted' });
    expect(await inbox.process('test.one', end, upsertNote(id, 'deleted'), { oneStatement: true })).toBe('applied');
    expect(
      await inbox.process('test.one', envelope({ key, sequence: 3 }), upsertNote(id, 'back'), { oneStatement: true }),
    ).toBe('ended');
    expect(await notes(id)).toEqual(['deleted']);
  });

  it('a failing statement writes nothing, not even the inbox row, and the event is applied when it comes again', async () => {
    const e = envelope();
    const id = randomUUID();
    const inbox = new Inbox(ds);
    await expect(
      inbox.process(
        'test.one',
        e,
        async (m) => void (await m.query(`INSERT INTO one_effects (id, note) VALUES ($1, NULL)`, [id])),
        { oneStatement: true },
      ),
    ).rejects.toThrow(/null value in column "note"/);
    expect(await inboxRows((e as { id: string }).id, 'test.one')).toBe(0);
    expect(await position('test.one', (e as { key: string }).key)).toBeNull();
    expect(await inTransaction(ds)).toBe(false);
    expect(await inbox.process('test.one', e, upsertNote(id, 'fixed'), { oneStatement: true })).toBe('applied');
    expect(await notes(id)).toEqual(['fixed']);
  });

  it('an effect that throws before its statement writes nothing; one that sends no statement is recorded the usual way', async () => {
    const inbox = new Inbox(ds);
    const e = envelope();
    await expect(
      inbox.process(
        'test.one',
        e,
        async () => {
          throw new Error('no');
        },
        { oneStatement: true },
      ),
    ).rejects.toThrow('no');
    expect(await inboxRows((e as { id: string }).id, 'test.one')).toBe(0);
    const nothing = jest.fn(async () => undefined);
    expect(await inbox.process('test.one', e, nothing, { oneStatement: true })).toBe('applied');
    expect(nothing).toHaveBeenCalledTimes(2); // once on each way
    expect(await inboxRows((e as { id: string }).id, 'test.one')).toBe(1);
    expect(await inTransaction(ds)).toBe(false);
  });

  it('a second statement fails the delivery', async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    await expect(
      new Inbox(ds).process(
        'test.one',
        envelope(),
        async (m) => {
          await upsertNote(a, 'a')(m);
          await upsertNote(b, 'b')(m);
        },
        { oneStatement: true },
      ),
    ).rejects.toThrow(/second statement/);
    expect(await notes(b)).toEqual([]);
    expect(await inTransaction(ds)).toBe(false);
  });

  it('TypeORM upsert, update and delete through the manager each go with the inbox statement', async () => {
    const id = randomUUID();
    const inbox = new Inbox(ds);
    const key = randomUUID();
    const watch = watchQueries(ds);
    try {
      await inbox.process(
        'test.one',
        envelope({ key, sequence: 1 }),
        async (m) =>
          void (await m.createQueryBuilder().insert().into('one_effects').values({ id, note: 'qb' }).execute()),
        { oneStatement: true },
      );
      await inbox.process(
        'test.one',
        envelope({ key, sequence: 2 }),
        async (m) =>
          void (await m
            .createQueryBuilder()
            .update('one_effects')
            .set({ note: 'updated' })
            .where('id = :id', { id })
            .execute()),
        {
          oneStatement: true,
        },
      );
      expect(watch.sent).toHaveLength(2);
      await inbox.process(
        'test.one',
        envelope({ key, sequence: 3 }),
        async (m) =>
          void (await m.createQueryBuilder().delete().from('one_effects').where('id = :id', { id }).execute()),
        { oneStatement: true },
      );
      expect(watch.sent.map(first2)).toEqual([
        'EXECUTE luxe_inbox_gate',
        'EXECUTE luxe_inbox_gate',
        'EXECUTE luxe_inbox_gate',
      ]);
      expect(watch.sent.map((q) => unprepared(q).split('; ')[1].split(' ')[0])).toEqual(['INSERT', 'UPDATE', 'DELETE']);
    } finally {
      watch.restore();
    }
    expect(await notes(id)).toEqual([]);
  });
});

describe('Inbox.applyTogether', () => {
  /** A statement this describe prepares first. */
  const UPSERT_TOGETHER: PreparedSql = { ...UPSERT_NOTE, name: 'luxe_test_upsert_together' };

  it("sends every delivery's gate and statement as one query, in order, each prepared statement prepared once; all are written", async () => {
    const inbox = new Inbox(ds);
    const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
    const events = [envelope(), envelope(), envelope(), envelope()];
    const watch = watchQueries(ds);
    try {
      expect(
        await inbox.applyTogether([
          { group: 'test.together', envelope: events[0], effect: upsertNote(a, 'text') },
          {
            group: 'test.together',
            envelope: events[1],
            effect: (m) => queryNamed(m, UPSERT_TOGETHER, [b, 'named']).then(() => undefined),
          },
          // An effect that sends nothing: its event is recorded all the same.
          { group: 'test.together', envelope: events[2], effect: async () => undefined },
          {
            group: 'test.together',
            envelope: events[3],
            effect: (m) => queryNamed(m, UPSERT_TOGETHER, [c, 'named again']).then(() => undefined),
          },
        ]),
      ).toBe(true);
    } finally {
      watch.restore();
    }
    expect(watch.sent).toHaveLength(1);
    // Its first time on the connection: prepared once, run twice.
    expect(watch.sent[0].match(/PREPARE luxe_test_upsert_together_\d+/g)).toHaveLength(1);
    expect(
      unprepared(watch.sent[0])
        .split('; ')
        .map((q) => q.split(/[ (]/).slice(0, 2).join(' ')),
    ).toEqual([
      'EXECUTE luxe_inbox_gate',
      'INSERT INTO',
      'EXECUTE luxe_inbox_gate',
      'EXECUTE luxe_test_upsert_together',
      'EXECUTE luxe_inbox_gate',
      'EXECUTE luxe_inbox_gate',
      'EXECUTE luxe_test_upsert_together',
    ]);
    expect([...(await notes(a)), ...(await notes(b)), ...(await notes(c))]).toEqual(['text', 'named', 'named again']);
    for (const e of events) expect(await inboxRows((e as { id: string }).id, 'test.together')).toBe(1);
    expect(await inTransaction(ds)).toBe(false);
  });

  it('writes nothing when one gate refuses (a duplicate) or one statement fails: false, and nothing of the others either', async () => {
    const inbox = new Inbox(ds);
    const done = envelope();
    expect(await inbox.process('test.together', done, upsertNote(randomUUID(), 'before'))).toBe('applied');
    const fresh = envelope();
    const id = randomUUID();
    expect(
      await inbox.applyTogether([
        { group: 'test.together', envelope: fresh, effect: upsertNote(id, 'fresh') },
        { group: 'test.together', envelope: done, effect: upsertNote(randomUUID(), 'again') },
      ]),
    ).toBe(false);
    expect(
      await inbox.applyTogether([
        { group: 'test.together', envelope: fresh, effect: upsertNote(id, 'fresh') },
        {
          group: 'test.together',
          envelope: envelope(),
          effect: async (m) => void (await m.query(`INSERT INTO one_effects (id, note) VALUES ($1, NULL)`, [id])),
        },
      ]),
    ).toBe(false);
    expect(await notes(id)).toEqual([]);
    expect(await inboxRows((fresh as { id: string }).id, 'test.together')).toBe(0);
    expect(await inTransaction(ds)).toBe(false);
    // A second statement is a programming error: it fails, nothing sent.
    await expect(
      inbox.applyTogether([
        {
          group: 'test.together',
          envelope: fresh,
          effect: async (m) => {
            await upsertNote(id, 'one')(m);
            await upsertNote(id, 'two')(m);
          },
        },
      ]),
    ).rejects.toThrow(/second statement/);
    expect(await notes(id)).toEqual([]);
  });
});

describe('parameterLiteral', () => {
  it('writes every kind of parameter as the server reads it as a parameter', async () => {
    const values = [
      `quotes ' and "double", a backslash \\ and a $1`,
      new Date('2026-11-26T10:20:30.456Z'),
      ['a', 'b c', `d'e`, 'f"g', null],
      { nested: { list: [1, 'two'] }, quote: "it's" },
      Buffer.from([0, 1, 254, 255, 39, 92]),
      -42,
      '9007199254740993',
      1.25,
      true,
      '2026-12-31',
    ];
    const cols = 't, ts, tags, doc, bin, i, big, num, b, d';
    const [byParams, byLiterals] = [randomUUID(), randomUUID()];
    await ds.query(`INSERT INTO one_values (id, ${cols}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`, [
      byParams,
      ...values,
    ]);
    await ds.query(
      `INSERT INTO one_values (id, ${cols}) VALUES (${[byLiterals, ...values].map(parameterLiteral).join(', ')})`,
    );
    const [p, l] = await Promise.all(
      [byParams, byLiterals].map(
        async (id) => (await ds.query(`SELECT ${cols} FROM one_values WHERE id = $1`, [id]))[0],
      ),
    );
    expect(l).toEqual(p);
    expect(l.t).toBe(values[0]);
    expect(l.tags).toEqual(['a', 'b c', `d'e`, 'f"g', null]);
    expect((l.bin as Buffer).equals(values[4] as Buffer)).toBe(true);
    expect(parameterLiteral(null)).toBe('NULL');
    expect(parameterLiteral(undefined)).toBe('NULL');
  });
});
