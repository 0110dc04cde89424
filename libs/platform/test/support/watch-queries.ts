import { jest } from '@jest/globals';
import type { DataSource } from 'typeorm';

/** The connections already wrapped (a pool of one hands the same connection to every runner), and where they report. */
const wrapped = new WeakSet<object>();
let current: string[] | null = null;

/**
 * Records the text of every query sent on the connections of `ds`'s query runners (whitespace
 * folded; 'config' for a query given as an object) until `restore()`. The code under test runs
 * unchanged: each connection's `query` is wrapped once and reports to the current watch.
 */
export function watchQueries(ds: DataSource): { sent: string[]; restore(): void } {
  const sent: string[] = [];
  current = sent;
  const createQueryRunner = ds.createQueryRunner.bind(ds);
  const spy = jest.spyOn(ds, 'createQueryRunner').mockImplementation((...args) => {
    const qr = createQueryRunner(...args);
    const connect = qr.connect.bind(qr);
    qr.connect = async () => {
      const conn = await connect();
      if (!wrapped.has(conn)) {
        const query = conn.query.bind(conn);
        conn.query = (text: unknown, ...rest: unknown[]) => {
          current?.push(typeof text === 'string' ? text.replace(/\s+/g, ' ').trim() : 'config');
          return query(text, ...rest);
        };
        wrapped.add(conn);
      }
      return conn;
    };
    return qr;
  });
  return {
    sent,
    restore: () => {
      current = null;
      spy.mockRestore();
    },
  };
}

/**
 * A query as it reads once its statements are prepared on the connection (`executeSql`): the
 * PREPARE sent with it the first time on a connection left out, and the names' numbers too
 * (`EXECUTE luxe_inbox_gate_12(…)` reads `EXECUTE luxe_inbox_gate(…)`), so a test says the same
 * whichever connection of the pool it got.
 */
export function unprepared(q: string): string {
  return q.replace(/PREPARE luxe_\w+(\([^)]*\))? AS [^;]*; /g, '').replace(/\b(luxe_[a-z_]*[a-z])_\d+\b/g, '$1');
}
