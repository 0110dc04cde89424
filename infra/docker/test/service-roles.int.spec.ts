import { execFileSync, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client } from 'pg';

// docker-compose's PostgreSQL init script (infra/helm/luxe/files/postgres-init/02-service-roles.sh), run
// against infra/local's real server as its superuser (peer login over the unix socket): each
// service gets its own role, owning its own database, and cannot connect to another's.
const ROOT = resolve(__dirname, '..', '..', '..');
const SERVICES = ['identity', 'venues', 'bookings', 'social', 'messaging', 'payments', 'admin', 'notifications'];
const run = randomUUID().slice(0, 6);
const dbPrefix = `rt${run}`;
const rolePrefix = `rt${run}_svc_`;
const port = new URL(process.env.LUXE_PG_ADMIN_URL ?? 'postgres://x@127.0.0.1:55432/postgres').port;
const binDir = (() => {
  const versions = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(a) - Number(b));
  return `/usr/lib/postgresql/${versions[versions.length - 1]}/bin`;
})();
const socketDir = execFileSync(
  'bash',
  ['-c', 'source infra/local/lib.sh && source infra/local/postgres.sh && pg_sock'],
  { cwd: ROOT, encoding: 'utf8' },
).trim();
const isRoot = process.getuid?.() === 0;
const superuser = isRoot ? 'postgres' : execFileSync('id', ['-un'], { encoding: 'utf8' }).trim();

/** Runs a command as the cluster's owner (root hands it to the postgres user). */
function asOwner(cmd: string[], env: Record<string, string> = {}) {
  const full = isRoot
    ? ['runuser', '-u', 'postgres', '--', 'env', ...Object.entries(env).map(([k, v]) => `${k}=${v}`), ...cmd]
    : ['env', ...Object.entries(env).map(([k, v]) => `${k}=${v}`), ...cmd];
  return spawnSync(full[0], full.slice(1), { cwd: '/', encoding: 'utf8', env: { ...process.env, ...env } });
}
const psql = (db: string, sql: string) =>
  asOwner([`${binDir}/psql`, '-h', socketDir, '-p', port, '-d', db, '-v', 'ON_ERROR_STOP=1', '-qc', sql]);
const password = (s: string) => `pw-${s}-${run}`;
const connectAs = async (service: string, db: string) => {
  const c = new Client({
    host: '127.0.0.1',
    port: Number(port),
    user: `${rolePrefix}${service}`,
    password: password(service),
    database: db,
  });
  await c.connect();
  return c;
};

beforeAll(() => {
  for (const s of SERVICES) {
    const r = psql('postgres', `CREATE DATABASE ${dbPrefix}_${s}`);
    if (r.status !== 0) throw new Error(`cannot create test databases as ${superuser} over ${socketDir}: ${r.stderr}`);
  }
});

afterAll(() => {
  for (const s of SERVICES) {
    psql('postgres', `DROP DATABASE IF EXISTS ${dbPrefix}_${s}`);
    psql('postgres', `DROP ROLE IF EXISTS ${rolePrefix}${s}`);
  }
});

describe('one database role per service (compose init script)', () => {
  it('creates a role per service that owns its own database and cannot connect to another service’s', async () => {
    const env: Record<string, string> = {
      PGHOST: socketDir,
      PGPORT: port,
      POSTGRES_USER: superuser,
      LUXE_DB_PREFIX: dbPrefix,
      LUXE_ROLE_PREFIX: rolePrefix,
      PATH: `${binDir}:${process.env.PATH}`,
    };
    for (const s of SERVICES) env[`LUXE_DB_PW_${s.toUpperCase()}`] = password(s);
    const r = asOwner(['bash', join(ROOT, 'infra/helm/luxe/files/postgres-init/02-service-roles.sh')], env);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);

    const own = await connectAs('identity', `${dbPrefix}_identity`);
    try {
      // Its migrations can create and drop tables in its own database.
      await own.query('CREATE TABLE role_probe (x int)');
      await own.query('DROP TABLE role_probe');
      const [{ owner }] = (
        await own.query(`SELECT pg_get_userbyid(datdba) AS owner FROM pg_database WHERE datname = current_database()`)
      ).rows;
      expect(owner).toBe(`${rolePrefix}identity`);
    } finally {
      await own.end();
    }
    await expect(connectAs('identity', `${dbPrefix}_payments`)).rejects.toThrow(/permission denied for database/);
    await expect(connectAs('messaging', `${dbPrefix}_identity`)).rejects.toThrow(/permission denied for database/);
  });

  it('refuses to run without a password for every service', () => {
    const r = asOwner(['bash', join(ROOT, 'infra/helm/luxe/files/postgres-init/02-service-roles.sh')], {
      PGHOST: socketDir,
      PGPORT: port,
      POSTGRES_USER: superuser,
      LUXE_DB_PREFIX: `${dbPrefix}x`,
      PATH: `${binDir}:${process.env.PATH}`,
    });
    expect(r.status).not.toBe(0);
    expect(r.stderr).toContain('LUXE_DB_PW_IDENTITY is required');
  });
});
