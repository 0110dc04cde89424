import { describe, expect, it } from '@jest/globals';
import type { EntityManager } from 'typeorm';
import { executeSql, PREPARED_SQL, type PreparedSql, queryNamed, sqlLiteral } from './database';

const ST: PreparedSql = { name: 'luxe_test_st', types: ['uuid', 'int'], sql: 'SELECT $1::uuid, $2::int' };
const ID = '7b0c0f3e-5a4e-4d1e-9c3a-1f2e3d4c5b6a';

describe('executeSql: a statement planned once per connection', () => {
  it('prepares it with its types the first time on a connection, then only executes it once that query succeeded', () => {
    const conn = {};
    const first = executeSql(conn, ST, [ID, 5], sqlLiteral);
    const [, name] = /^PREPARE (luxe_test_st_\d+)\(uuid, int\) AS SELECT \$1::uuid, \$2::int;\n/.exec(first.text)!;
    expect(first.text).toBe(`PREPARE ${name}(uuid, int) AS ${ST.sql};\nEXECUTE ${name}('${ID}', 5)`);
    expect(first.extra).toBe(1);
    first.done();
    expect(executeSql(conn, ST, [ID, 6], sqlLiteral)).toMatchObject({ text: `EXECUTE ${name}('${ID}', 6)`, extra: 0 });
  });

  it('prepares under a new name after a query that failed (its PREPARE may or may not have run), and for every connection', () => {
    const conn = {};
    const nameOf = (text: string) => /^PREPARE (\S+?)\(/.exec(text)?.[1];
    const failed = executeSql(conn, ST, [ID, 1], sqlLiteral);
    const again = executeSql(conn, ST, [ID, 1], sqlLiteral);
    expect(again.extra).toBe(1);
    expect(nameOf(again.text)).not.toBe(nameOf(failed.text));
    again.done();
    expect(executeSql(conn, ST, [ID, 1], sqlLiteral).text).toBe(`EXECUTE ${nameOf(again.text)}('${ID}', 1)`);
    expect(executeSql({}, ST, [ID, 1], sqlLiteral).extra).toBe(1);
  });

  it('refuses values that do not match the parameters', () => {
    expect(() => executeSql({}, ST, [ID], sqlLiteral)).toThrow('luxe_test_st: 2 parameters, 1 values');
  });

  it('writes a statement without parameters as its name alone', () => {
    const st: PreparedSql = { name: 'luxe_test_none', types: [], sql: 'SELECT 1' };
    const conn = {};
    const run = executeSql(conn, st, [], sqlLiteral);
    expect(run.text).toMatch(/^PREPARE luxe_test_none_\d+ AS SELECT 1;\nEXECUTE luxe_test_none_\d+$/);
    run.done();
    expect(executeSql(conn, st, [], sqlLiteral).text).toMatch(/^EXECUTE luxe_test_none_\d+$/);
  });
});

describe('queryNamed: a statement sent alone, planned once per connection', () => {
  it("in a transaction, goes to the runner's connection as node-postgres's named query, the statement it stands for beside", async () => {
    const sent: unknown[] = [];
    const conn = { query: async (q: unknown) => (sent.push(q), { rows: [{ n: 1 }] }) };
    const m = { queryRunner: { connect: async () => conn }, query: async () => [] } as unknown as EntityManager;
    expect(await queryNamed(m, ST, [ID, 5])).toEqual([{ n: 1 }]);
    expect(sent).toEqual([{ name: 'luxe_test_st', text: ST.sql, values: [ID, 5], [PREPARED_SQL]: ST }]);
  });

  it('without a query runner, goes as the manager sends any query', async () => {
    const calls: unknown[][] = [];
    const m = { query: async (...args: unknown[]) => (calls.push(args), [{ n: 2 }]) } as unknown as EntityManager;
    expect(await queryNamed(m, ST, [ID, 6])).toEqual([{ n: 2 }]);
    expect(calls).toEqual([[ST.sql, [ID, 6]]]);
  });
});
