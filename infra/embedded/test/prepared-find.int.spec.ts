import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createDataSource, databaseUrl, initDatabase, prepareFindOneBy } from '@luxe/platform';
import type { DataSource } from 'typeorm';
import { SERVICES } from '../src/services';

// prepareFindOneBy builds its SQL once and hydrates like TypeORM: it must give exactly what
// findOneBy gives, for every column type of a real entity (uuid, text, int, text[], timestamptz, null).
const adminUrl = process.env.LUXE_PG_ADMIN_URL!;
const id = (process.env.LUXE_TEST_ID ?? '').replace(/[^a-z0-9]/g, '');
let ds: DataSource;

beforeAll(async () => {
  const { Client } = await import('pg');
  const name = `luxe_prepared${id}`;
  const c = new Client({ connectionString: adminUrl });
  await c.connect();
  await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await c.query(`CREATE DATABASE ${name}`);
  await c.end();
  const identity = SERVICES.find((s) => s.name === 'identity')!;
  ds = createDataSource({
    url: databaseUrl(adminUrl, name),
    migrations: identity.migrations,
    entities: identity.entities,
  });
  await initDatabase(ds);
});
afterAll(async () => {
  await ds?.destroy();
});

describe('prepareFindOneBy', () => {
  it('returns the same entity as findOneBy, and null for an unknown key', async () => {
    const repo = ds.getRepository('User');
    const userId = randomUUID();
    await repo.insert({
      id: userId,
      email: 'p@example.com',
      passwordHash: 'h',
      phoneNumber: null,
      firstName: 'P',
      lastName: 'Q',
      userType: 'host',
      city: 'Miami, FL',
      state: 'Florida',
      age: 30,
      bio: null,
      profileImages: ['a.jpg', 'b.jpg'],
    });
    const find = prepareFindOneBy(repo, 'id');
    const prepared = await find(userId);
    const reference = await repo.findOneBy({ id: userId });
    expect(prepared).toEqual(reference);
    expect(prepared).toMatchObject({
      age: 30,
      bio: null,
      profileImages: ['a.jpg', 'b.jpg'],
      profileCompleted: 'false',
    });
    expect((prepared as { createdAt: Date }).createdAt).toBeInstanceOf(Date);
    expect(await find(randomUUID())).toBeNull();
    expect(() => prepareFindOneBy(repo, 'nope' as never)).toThrow('has no column nope');
  });
});
