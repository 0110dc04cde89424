import { describe, expect, it } from '@jest/globals';
import { executeSql, type PreparedSql, sqlLiteral } from './database';

const ST: PreparedSql = { name: 'luxe_test_st', types: ['uuid', 'int'], sql: 'SELECT $1::uuid, $2::int' };
const ID = '7b0c0f3e-5a4e-4d1e-9c3a-1f2e3d4c5b6a';

describe('executeSql: a statement planned once per connection', () => {
  it('prepares it with its types the first time on a connection, then only executes it once that query succeeded', () => {
    const conn = {};
    const first = executeSql(conn, ST, [ID, 5], sqlLiteral);
    const name = /^PREPARE (luxe_test_st_\d+)\(uuid, int\) AS SELECT \$1::uuid, \$2::int$/.exec(first.prepare!)![1];
    expect(first.execute).toBe(`EXECUTE ${name}('${ID}', 5)`);
    expect(first.text).toBe(`${first.prepare};\n${first.execute}`);
    expect(first.extra).toBe(1);
    first.done();
    const next = executeSql(conn, ST, [ID, 6], sqlLiteral);
    expect(next).toMatchObject({ prepare: null, execute: `EXECUTE ${name}('${ID}', 6)`, extra: 0 });
    expect(next.text).toBe(next.execute);
  });

  it('prepares under a new name after a query that failed (its PREPARE may or may not have run), and for every connection', () => {
    const conn = {};
    const failed = executeSql(conn, ST, [ID, 1], sqlLiteral);
    const again = executeSql(conn, ST, [ID, 1], sqlLiteral);
    expect(again.prepare).not.toBeNull();
    expect(again.prepare!.split(' ')[1]).not.toBe(failed.prepare!.split(' ')[1]);
    again.done();
    expect(executeSql(conn, ST, [ID, 1], sqlLiteral).prepare).toBeNull();
    expect(executeSql({}, ST, [ID, 1], sqlLiteral).prepare).not.toBeNull();
  });

  it('refuses values that do not match the parameters', () => {
    expect(() => executeSql({}, ST, [ID], sqlLiteral)).toThrow('luxe_test_st: 2 parameters, 1 values');
  });

  it('writes a statement without parameters as its name alone', () => {
    const st: PreparedSql = { name: 'luxe_test_none', types: [], sql: 'SELECT 1' };
    const run = executeSql({}, st, [], sqlLiteral);
    expect(run.prepare).toMatch(/^PREPARE luxe_test_none_\d+ AS SELECT 1$/);
    expect(run.execute).toMatch(/^EXECUTE luxe_test_none_\d+$/);
  });
});
