import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { createDataSource, databaseUrl, ensureDatabase, initDatabase } from '../../src';

/**
 * A database of the test file's own (`luxe_test<id>_<name>`) with the platform's tables, on ONE
 * connection: whatever a failure left on it (an open transaction), the next test's statements meet.
 */
export async function oneConnectionDatabase(name: string): Promise<DataSource> {
  const adminUrl = process.env.LUXE_PG_ADMIN_URL!;
  const db = `luxe_test${(process.env.LUXE_TEST_ID ?? '').replace(/[^a-z0-9]/g, '')}_${name}`;
  await ensureDatabase(adminUrl, db);
  const ds = createDataSource({ url: databaseUrl(adminUrl, db), migrations: [], poolSize: 1 });
  await initDatabase(ds);
  return ds;
}

/** A `platform.test-event` envelope of a new id and aggregate, sequence 1 unless `over` says. */
export const testEnvelope = (over: Record<string, unknown> = {}) =>
  ({
    id: randomUUID(),
    type: 'platform.test-event',
    version: 1,
    stream: 'platform.test',
    sequence: 1,
    occurredAt: new Date().toISOString(),
    producer: 'test',
    key: randomUUID(),
    data: {},
    ...over,
  }) as never;

/** True when the connection of a one-connection database is inside a transaction. */
export const inTransaction = async (ds: DataSource) =>
  (await ds.query(`SELECT pg_current_xact_id_if_assigned() IS NOT NULL OR now() <> statement_timestamp() AS open`))[0]
    .open as boolean;
