import 'reflect-metadata';
import { describe, expect, it } from '@jest/globals';
import { createDataSource, databaseUrl, initDatabase } from '@luxe/platform';
import { SERVICES } from '../src/services';

// Entities and migrations describe the same tables: for every service, a fresh database gets the
// service's migrations, then TypeORM's schema builder must find nothing to change for its entities.
const adminUrl = process.env.LUXE_PG_ADMIN_URL!;
const id = (process.env.LUXE_TEST_ID ?? '').replace(/[^a-z0-9]/g, '');

async function freshDatabase(name: string): Promise<string> {
  const { Client } = await import('pg');
  const c = new Client({ connectionString: adminUrl });
  await c.connect();
  try {
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.query(`CREATE DATABASE ${name}`);
  } finally {
    await c.end();
  }
  return databaseUrl(adminUrl, name);
}

describe('entities match migrations', () => {
  it.each(SERVICES.map((s) => [s.name, s] as const))(
    '%s: no pending schema change after its migrations',
    async (name, def) => {
      const url = await freshDatabase(`luxe_drift${id}_${name}`);
      const ds = createDataSource({ url, migrations: def.migrations, entities: def.entities });
      try {
        await initDatabase(ds);
        const pending = await ds.driver.createSchemaBuilder().log();
        expect(pending.upQueries.map((q) => q.query)).toEqual([]);
      } finally {
        await ds.destroy();
      }
    },
  );

  it('would notice a drift (an entity column the migrations do not create)', async () => {
    const identity = SERVICES.find((s) => s.name === 'identity')!;
    const { Column, Entity, PrimaryColumn } = await import('typeorm');
    @Entity('users')
    class DriftedUser {
      @PrimaryColumn('uuid') id!: string;
      @Column('text', { name: 'nickname' }) nickname!: string;
    }
    const url = await freshDatabase(`luxe_drift${id}_probe`);
    const ds = createDataSource({ url, migrations: identity.migrations, entities: [DriftedUser] });
    try {
      await initDatabase(ds);
      const pending = (await ds.driver.createSchemaBuilder().log()).upQueries.map((q) => q.query).join('\n');
      expect(pending).toContain('"nickname"');
    } finally {
      await ds.destroy();
    }
  });
});
