// Writes, for infra/scripts/test-containers.sh, one env file per container (mode 600) from the
// environment docker-compose.yml gives that process (`podman-compose config`, as JSON), with only
// what differs on this machine replaced: the infrastructure of infra/local (host networking:
// 127.0.0.1 and its ports, its credentials), ports of the run, and the run's own databases
// (luxe_<id>_<service>), topic and consumer-group prefix (<id>.), buckets and Redis database, so
// that it never meets another run or the tests (the gateway's sign-up and login limits are counted
// per address in Redis, and every stack on this machine calls from 127.0.0.1).
//   node infra/docker/test/stack-env.mjs <compose.json> <out dir> <id> <base port> <redis db>
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const [file, outDir, id, basePortArg, redisDbArg] = process.argv.slice(2);
const basePort = Number(basePortArg);
const redisDb = Number(redisDbArg);
if (!Number.isInteger(redisDb) || redisDb < 1)
  throw new Error(`the Redis database must be a number from 1 (got ${redisDbArg})`);
const compose = JSON.parse(readFileSync(file, 'utf8'));
const e = process.env;
for (const k of [
  'LUXE_PG_ADMIN_URL',
  'KAFKA_BROKERS',
  'REDIS_URL',
  'S3_ENDPOINT',
  'S3_ACCESS_KEY',
  'S3_SECRET_KEY',
  'STRIPE_API_BASE',
])
  if (!e[k]) throw new Error(`${k} is not set (source the env file of infra/local/up.sh)`);
const SERVICES = ['identity', 'venues', 'bookings', 'social', 'messaging', 'payments', 'admin', 'notifications'];
const port = (name) => (name === 'gateway' ? basePort : basePort + 1 + SERVICES.indexOf(name));
const dbUrl = (s) => {
  const u = new URL(e.LUXE_PG_ADMIN_URL);
  u.pathname = `/luxe_${id}_${s}`;
  return u.toString();
};
const asMap = (v) =>
  Array.isArray(v)
    ? Object.fromEntries(
        v.map((x) => {
          const i = x.indexOf('=');
          return [x.slice(0, i), x.slice(i + 1)];
        }),
      )
    : { ...(v ?? {}) };
const prefix = `${id}.`;
const infra = {
  KAFKA_BROKERS: e.KAFKA_BROKERS,
  KAFKA_TOPIC_PREFIX: prefix,
  KAFKA_GROUP_PREFIX: prefix,
  REDIS_URL: (() => {
    const u = new URL(e.REDIS_URL);
    u.pathname = `/${redisDb}`;
    return u.toString();
  })(),
};
const write = (name, env) => {
  for (const [k, v] of Object.entries(env)) if (String(v).includes('\n')) throw new Error(`${name}: ${k} spans lines`);
  writeFileSync(
    join(outDir, `luxe-${id}-${name}.env`),
    Object.entries(env)
      .map(([k, v]) => `${k}=${v ?? ''}`)
      .join('\n') + '\n',
    { mode: 0o600 },
  );
};
for (const name of [...SERVICES, 'gateway']) {
  const env = asMap(compose.services[name].environment);
  Object.assign(env, { HOST: '127.0.0.1', PORT: String(port(name)) });
  for (const k of Object.keys(infra)) if (k in env) env[k] = infra[k];
  if (name === 'gateway') {
    for (const s of SERVICES) env[`SERVICE_URL_${s.toUpperCase()}`] = `http://127.0.0.1:${port(s)}`;
    // plain HTTP on 127.0.0.1, no proxy in front
    Object.assign(env, { COOKIE_SECURE: 'false', TRUST_PROXY: 'false' });
  } else {
    env.DATABASE_URL = dbUrl(name);
    if (env.S3_ENDPOINT) {
      // What browsers are handed: compose's S3_PUBLIC_ENDPOINT when it is the host address compose
      // publishes MinIO on (here, this machine's MinIO at that address); without one, presigned URLs
      // would name compose's in-network S3_ENDPOINT (http://minio:9000), and so they do here, so that
      // the journey's read-back from the host fails as a browser's would.
      const published = minioPublished(compose);
      const pub = env.S3_PUBLIC_ENDPOINT
        ? published.has(new URL(env.S3_PUBLIC_ENDPOINT).host)
          ? e.S3_ENDPOINT
          : env.S3_PUBLIC_ENDPOINT
        : env.S3_ENDPOINT;
      Object.assign(env, {
        S3_ENDPOINT: e.S3_ENDPOINT,
        S3_PUBLIC_ENDPOINT: pub,
        S3_ACCESS_KEY: e.S3_ACCESS_KEY,
        S3_SECRET_KEY: e.S3_SECRET_KEY,
        S3_BUCKET: `luxe-${id}-${name}`,
      });
    }
    if (env.STRIPE_API_BASE) env.STRIPE_API_BASE = e.STRIPE_API_BASE;
    // Emails to this machine's Mailpit (infra/local) instead of compose's; none without it.
    if ('SMTP_URL' in env)
      Object.assign(env, e.SMTP_URL ? { SMTP_URL: e.SMTP_URL } : { SMTP_URL: '', EMAIL_DISABLED: 'true' });
  }
  write(name, env);
}
const topics = asMap(compose.services.topics.environment);

/** host:port pairs compose publishes MinIO's S3 port (9000) on (127.0.0.1 also as localhost). */
function minioPublished(c) {
  const out = new Set();
  for (const p of c.services.minio?.ports ?? []) {
    const m =
      typeof p === 'string'
        ? /^(?:(.+):)?(\d+):9000$/.exec(p)
        : p.target === 9000
          ? [null, p.host_ip, String(p.published)]
          : null;
    if (!m) continue;
    const ip = m[1] ?? '127.0.0.1';
    out.add(`${ip}:${m[2]}`);
    if (ip === '127.0.0.1' || ip === '0.0.0.0') out.add(`localhost:${m[2]}`);
  }
  return out;
}
write('topics', { ...topics, KAFKA_BROKERS: e.KAFKA_BROKERS, KAFKA_TOPIC_PREFIX: prefix });
const migrations = asMap(compose.services.migrations.environment);
for (const s of SERVICES) migrations[`DATABASE_URL_${s.toUpperCase()}`] = dbUrl(s);
// the run's databases are created first (compose's PostgreSQL makes them in its init scripts)
write('migrations', { ...migrations, LUXE_PG_ADMIN_URL: e.LUXE_PG_ADMIN_URL, LUXE_DB_PREFIX: `luxe_${id}` });
console.log(`env files for ${SERVICES.length + 3} containers in ${outDir}`);
