// Checks the resolved docker-compose.yml (`podman-compose config`, as JSON) against the code:
//   node infra/docker/test/compose-check.mjs <resolved compose.json>
// - the gateway, every service (services/*) and the jobs (topics, migrations) are there, each
//   long-running one with its own image (luxeswipe/<name>, built from infra/docker/Dockerfile with
//   DEPLOYABLE=<name>), its port, SERVICE and a health check;
// - each process's environment passes that process's own configuration loader (the built
//   schemas: libs/platform serviceEnvSchema + the service's settings, the gateway's schema) with
//   NODE_ENV=production rules, Stripe and the admin account included;
// - the migrations job names every service's database;
// - presigned storage URLs name an address browsers reach (S3_PUBLIC_ENDPOINT, not compose's
//   in-network minio:9000), and the gateway's CSP admits it (STORAGE_PUBLIC_ORIGIN).
// Prints the problems and exits 1 if any. Needs `npm run build:ts`.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';

const require = createRequire(import.meta.url);
const ROOT = resolve(import.meta.dirname ?? new URL('.', import.meta.url).pathname, '..', '..', '..');
const compose = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const { loadConfig, serviceEnvSchema } = require(join(ROOT, 'libs/platform/dist/index.js'));
const { gatewayEnvSchema } = require(join(ROOT, 'gateway/dist/config.js'));
const SERVICES = readdirSync(join(ROOT, 'services'))
  .filter((s) => existsSync(join(ROOT, 'services', s, 'src', 'main.ts')))
  .sort();
const PORTS = {
  gateway: 3000,
  identity: 3101,
  venues: 3102,
  bookings: 3103,
  social: 3104,
  messaging: 3105,
  payments: 3106,
  admin: 3107,
  notifications: 3108,
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
const problems = [];
const svc = compose.services ?? {};
for (const name of ['gateway', ...SERVICES]) {
  const s = svc[name];
  if (!s) {
    problems.push(`${name}: not in docker-compose.yml`);
    continue;
  }
  const env = asMap(s.environment);
  const args = asMap(s.build?.args);
  if (!String(s.image ?? '').startsWith(`luxeswipe/${name}:`))
    problems.push(`${name}: image ${s.image}, expected luxeswipe/${name}:<tag>`);
  if (s.build?.dockerfile !== 'infra/docker/Dockerfile' || s.build?.target !== 'app')
    problems.push(`${name}: build is not infra/docker/Dockerfile, target app`);
  if (args.DEPLOYABLE !== name) problems.push(`${name}: build arg DEPLOYABLE=${args.DEPLOYABLE}`);
  if (args.PORT !== String(PORTS[name]) || env.PORT !== String(PORTS[name]))
    problems.push(`${name}: PORT ${env.PORT} / build arg ${args.PORT}, expected ${PORTS[name]}`);
  if (env.SERVICE !== name) problems.push(`${name}: SERVICE=${env.SERVICE}`);
  if (!JSON.stringify(s.healthcheck?.test ?? '').includes('/health/ready'))
    problems.push(`${name}: no health check on /health/ready`);
  if (env.NODE_ENV !== 'production') problems.push(`${name}: NODE_ENV=${env.NODE_ENV}`);
  try {
    if (name === 'gateway') loadConfig(name, gatewayEnvSchema, env);
    else {
      loadConfig(name, serviceEnvSchema, env);
      const def = require(join(ROOT, 'services', name, 'dist', 'index.js'))[`${name}Service`];
      if (def.settings) loadConfig(name, def.settings, env);
    }
  } catch (e) {
    problems.push(`${name}: ${e.message}`);
  }
}
for (const [name, s] of Object.entries({ payments: svc.payments, admin: svc.admin })) {
  const env = asMap(s?.environment);
  const want =
    name === 'payments'
      ? ['STRIPE_API_BASE', 'STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET']
      : ['ADMIN_EMAIL', 'ADMIN_PASSWORD'];
  for (const k of want) if (!(k in env)) problems.push(`${name}: ${k} is not passed`);
}
for (const job of ['topics', 'migrations']) {
  const s = svc[job];
  if (!s) {
    problems.push(`${job}: not in docker-compose.yml`);
    continue;
  }
  if (!String(s.image ?? '').startsWith('luxeswipe/jobs:') || s.build?.target !== 'jobs')
    problems.push(`${job}: image ${s.image} / target ${s.build?.target}, expected luxeswipe/jobs, target jobs`);
}
// Browsers upload photos straight to the storage: the URLs the services sign must name an address
// outside compose's network (the port compose publishes MinIO on, or one the operator gives).
const composeHosts = new Set(Object.keys(svc));
for (const name of SERVICES) {
  const env = asMap(svc[name]?.environment);
  if (!env.S3_ENDPOINT) continue;
  const pub = env.S3_PUBLIC_ENDPOINT;
  if (!pub) {
    problems.push(
      `${name}: no S3_PUBLIC_ENDPOINT: presigned URLs would name ${env.S3_ENDPOINT}, which no browser reaches`,
    );
    continue;
  }
  let host;
  try {
    host = new URL(pub).hostname;
  } catch {
    problems.push(`${name}: S3_PUBLIC_ENDPOINT ${pub} is not a URL`);
    continue;
  }
  if (composeHosts.has(host))
    problems.push(`${name}: S3_PUBLIC_ENDPOINT ${pub} names a container of compose's own network`);
}
const firstPub = asMap(svc.identity?.environment).S3_PUBLIC_ENDPOINT;
const origin = asMap(svc.gateway?.environment).STORAGE_PUBLIC_ORIGIN;
if (firstPub && (!origin || new URL(origin).origin !== new URL(firstPub).origin))
  problems.push(
    `gateway: STORAGE_PUBLIC_ORIGIN ${origin} is not the origin of S3_PUBLIC_ENDPOINT ${firstPub} (its CSP would block the uploads)`,
  );
const mig = asMap(svc.migrations?.environment);
for (const s of SERVICES)
  if (!/^postgres(ql)?:\/\//.test(mig[`DATABASE_URL_${s.toUpperCase()}`] ?? ''))
    problems.push(`migrations: DATABASE_URL_${s.toUpperCase()} missing`);
if (!asMap(svc.topics?.environment).KAFKA_BROKERS) problems.push('topics: KAFKA_BROKERS missing');

for (const p of problems) console.log(`  - ${p}`);
console.log(
  problems.length
    ? `${problems.length} problems`
    : `compose: ${SERVICES.length} services, the gateway and 2 jobs, each environment accepted by its configuration loader`,
);
process.exit(problems.length ? 1 : 0);
