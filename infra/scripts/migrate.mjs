// @ts-check
// `npm run migrate [service...]`: applies the migrations of every service (or of the services
// named) to its database explicitly. The Helm chart's migration Jobs run it with one service each.
// Distributed: uses LUXE_PG_ADMIN_URL and the luxe_<service> databases (or DATABASE_URL_<SERVICE>).
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { parseCommandLine, usageError } from './args.mjs';
import { prepareDatabases, ROOT, SERVICES } from './stack.mjs';

const require = createRequire(import.meta.url);
const USAGE = `usage: npm run migrate [-- <service>...] (services: ${SERVICES.join(', ')}; none: every one)`;
const { positionals: only } = parseCommandLine({ usage: USAGE, options: {}, allowPositionals: true });
const unknown = only.filter((s) => !SERVICES.includes(s));
if (unknown.length) usageError(`unknown service ${unknown.join(', ')}: one of ${SERVICES.join(', ')}`, USAGE);
const targets = only.length ? only : SERVICES;
/** @type {typeof import('@luxe/platform')} */
const { createDataSource, initDatabase } = require(join(ROOT, 'libs/platform/dist/index.js'));
const admin = process.env.LUXE_PG_ADMIN_URL;
/** @type {Record<string, string>} */
const urls = admin ? await prepareDatabases(admin, process.env.LUXE_DB_PREFIX ?? 'luxe', false) : {};
for (const s of targets) {
  const url = process.env[`DATABASE_URL_${s.toUpperCase()}`] ?? urls[s];
  if (!url) {
    console.error(`no database for ${s}: set LUXE_PG_ADMIN_URL or DATABASE_URL_${s.toUpperCase()}`);
    process.exit(78);
  }
  const def = require(join(ROOT, 'services', s, 'dist', 'index.js'))[`${s}Service`];
  const ds = createDataSource({ url, migrations: def.migrations });
  const applied = await initDatabase(ds);
  await ds.destroy();
  console.log(`${s}: ${applied.length ? applied.join(', ') : 'up to date'}`);
}
