// @ts-check
// Starts every service and the gateway as their own processes against real infrastructure
// (distributed mode). Used by `npm run start:distributed` and by the API and browser tests.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** @typedef {import('node:child_process').ChildProcess} ChildProcess */
/**
 * What startStack takes (each described on startStack).
 * @typedef {object} StackOptions
 * @property {string} [dbPrefix]
 * @property {boolean} [resetDatabases]
 * @property {number} [basePort]
 * @property {number} [gatewayPort]
 * @property {string} [gatewayHost]
 * @property {string} [logDir]
 * @property {boolean} [seed]
 * @property {Record<string, string>} [extraEnv]
 * @property {string} [groupPrefix]
 * @property {string} [topicPrefix]
 * @property {Record<string, string | undefined>} [infraEnv]
 * @property {Record<string, string>} [databaseAdminUrls]
 * @property {'localstripe' | 'stripe-mock'} [stripe]
 * @property {number | Record<string, number>} [instances]
 * @property {number} [gateways]
 * @property {number} [readyTimeoutMs]
 * @property {number} [startRetries]
 * @property {string[]} [services]
 */
/** @typedef {Awaited<ReturnType<typeof startStack>>} Stack */

const require = createRequire(import.meta.url);
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * The node flags every deployable runs with (`infra/node-flags`, read by this file and by the
 * container images' command): a young generation of a fixed size. V8 otherwise grows it with the
 * allocation rate (2 × 1 up to 2 × 16 MiB) and gives it back when the rate drops, and the process's
 * RSS rises and falls by tens of MiB with it. Fixed, memory at load is what it is from the first
 * minute, and a growing RSS means a growing old generation. Read when a process is first started
 * (the jobs image carries this file without it).
 */
/** @type {string[] | null} */
let deployableNodeFlags = null;
export function nodeFlags() {
  deployableNodeFlags ??= readFileSync(join(ROOT, 'infra', 'node-flags'), 'utf8')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  return deployableNodeFlags;
}
export const SERVICES = ['identity', 'venues', 'bookings', 'social', 'messaging', 'payments', 'admin', 'notifications'];

/** @returns {typeof import('@luxe/platform')} the built platform (the jobs image has no sources) */
function platform() {
  return require(join(ROOT, 'libs/platform/dist/index.js'));
}
/** @returns {typeof import('@luxe/contracts')} */
function contracts() {
  return require(join(ROOT, 'libs/contracts/dist/index.js'));
}

export function requireInfraEnv(env = process.env) {
  const missing = [
    'LUXE_PG_ADMIN_URL',
    'REDIS_URL',
    'KAFKA_BROKERS',
    'S3_ENDPOINT',
    'S3_ACCESS_KEY',
    'S3_SECRET_KEY',
  ].filter((k) => !env[k]);
  if (missing.length)
    throw new Error(
      `infrastructure variables missing: ${missing.join(', ')} (run: bash infra/local/up.sh, then source the env file it prints)`,
    );
}

/** Creates (or with reset, recreates) one database per service (on `adminUrls[service]` when given, else on `adminUrl`). */
/**
 * @param {string} adminUrl
 * @param {string} prefix
 * @param {boolean} reset
 * @param {Record<string, string>} [adminUrls]
 * @returns {Promise<Record<string, string>>} each service's database URL
 */
export async function prepareDatabases(adminUrl, prefix, reset, adminUrls = {}) {
  const { ensureDatabase, databaseUrl } = platform();
  /** @type {typeof import('pg')} */
  const pg = require('pg');
  /** @type {Record<string, string>} */
  const urls = {};
  for (const s of SERVICES) {
    const name = `${prefix}_${s}`;
    const admin = adminUrls[s] ?? adminUrl;
    if (reset) {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      try {
        // FORCE may not end an autovacuum worker (a superuser's process, which this role may not
        // signal: 42501) busy on the database right after a heavy run; it is done within moments.
        for (let attempt = 1; ; attempt++) {
          try {
            await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
            break;
          } catch (err) {
            if (/** @type {{ code?: string }} */ (err).code !== '42501' || attempt >= 10) throw err;
            await new Promise((r) => setTimeout(r, 500));
          }
        }
      } finally {
        await c.end();
      }
    }
    await ensureDatabase(admin, name);
    urls[s] = databaseUrl(admin, name);
  }
  return urls;
}

/** KAFKA_TOPIC_PARTITIONS (default 3): partitions of each topic created, the most consumers of a group that read at once. */
export function topicPartitions() {
  const n = Number(process.env.KAFKA_TOPIC_PARTITIONS ?? 3);
  if (!Number.isInteger(n) || n < 1)
    throw new Error(`KAFKA_TOPIC_PARTITIONS must be a whole number from 1 (got ${process.env.KAFKA_TOPIC_PARTITIONS})`);
  return n;
}

/** Creates every event topic and its dead-letter topic (explicitly, never by auto-create). */
/** @param {string} brokers comma-separated host:port */
export async function createTopics(brokers, prefix = '') {
  const { KafkaTransport, createLogger } = platform();
  const t = new KafkaTransport({
    brokers: brokers.split(','),
    clientId: 'luxe-topics',
    logger: createLogger('topics', 'warn'),
    replicationFactor: Number(process.env.KAFKA_REPLICATION_FACTOR ?? 1),
    minInsyncReplicas: Number(process.env.KAFKA_MIN_INSYNC_REPLICAS ?? 1),
    partitions: topicPartitions(),
  });
  await t.connect();
  try {
    const topics = contracts().allTopics(prefix);
    // A broker that just came back (a test froze it: broker-outage.api.spec.ts; a restart) answers
    // "does not host this topic-partition" or "leader not available" for a while: Kafka's retriable
    // errors, tried again for up to a minute.
    for (let attempt = 1; ; attempt++) {
      try {
        await t.ensureTopics(topics);
        return topics;
      } catch (err) {
        if (attempt >= 20 || /** @type {{ retriable?: boolean } | undefined} */ (err)?.retriable === false) throw err;
        await new Promise((r) => setTimeout(r, 3000));
      }
    }
  } finally {
    await t.disconnect();
  }
}

/** What one failed readiness poll got, for the message when the wait gives up: the status and body, or the fetch's error. */
/** @param {any} err what fetch() threw */
function describeFailure(err) {
  const cause = err?.cause;
  const causeText = cause
    ? ` (cause: ${cause.code ?? cause.name ?? ''}${cause.message ? ` ${cause.message}` : ''})`
    : '';
  return `${err?.name ?? 'Error'}: ${err?.message ?? err}${causeText}`;
}

/**
 * Ports that fetch() refuses to connect to ("bad port", the Fetch standard's blocklist, which Node's
 * undici applies): a process listening there cannot be probed or called. 4190 (ManageSieve) is where
 * the scale test's second gateway landed with the default base port, and it never looked ready.
 */
export const FETCH_BLOCKED_PORTS = new Set([
  1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102, 103, 104, 109, 110,
  111, 113, 115, 117, 119, 123, 135, 137, 139, 143, 161, 179, 389, 427, 465, 512, 513, 514, 515, 526, 530, 531, 532,
  540, 548, 554, 556, 563, 587, 601, 636, 989, 990, 993, 995, 1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061,
  6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080,
]);
/** The port itself, or the next one fetch() can reach. */
/** @param {number} port */
export function fetchablePort(port) {
  let p = port;
  while (FETCH_BLOCKED_PORTS.has(p)) p++;
  return p;
}

/**
 * LUXE_STACK_READY_MS: a longer wait on a machine under heavy load.
 * @param {string} url
 * @param {import('node:child_process').ChildProcess} child
 * @param {string} name
 * @param {number} [timeoutMs]
 * @returns {Promise<void>}
 */
export async function waitReady(url, child, name, timeoutMs = Number(process.env.LUXE_STACK_READY_MS ?? 90_000)) {
  const started = Date.now();
  const end = started + timeoutMs;
  let last = 'no answer yet';
  let polls = 0;
  /** @type {Map<string, number>} outcome → how many polls got it (`HTTP 503`, `TimeoutError`, `TypeError ECONNREFUSED`) */
  const kinds = new Map();
  /** @param {string} kind */
  const count = (kind) => kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
  while (Date.now() < end) {
    if (child.exitCode !== null || child.signalCode)
      throw new Error(`${name} exited (${child.exitCode ?? child.signalCode}) before it was ready; see its log`);
    const at = Date.now();
    polls++;
    try {
      // A service gives each dependency 2 s: a shorter wait would miss slow but ready answers.
      const r = await fetch(`${url}/health/ready`, { signal: AbortSignal.timeout(5000) });
      if (r.ok) return;
      // The body lists each dependency's check for a caller on this machine (the gateway's too).
      const body = (await r.text().catch(() => '')).slice(0, 2000);
      last = `HTTP ${r.status} after ${Date.now() - at} ms: ${body}`;
      count(`HTTP ${r.status}`);
    } catch (err) {
      last = `${describeFailure(err)} after ${Date.now() - at} ms`;
      const e = /** @type {{ name?: string, cause?: { code?: string } } | undefined} */ (err);
      count([e?.name, e?.cause?.code].filter(Boolean).join(' ') || 'error');
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(
    `${name} was not ready at ${url} within ${timeoutMs} ms (${polls} polls of /health/ready: ${[...kinds].map(([k, n]) => `${n} × ${k}`).join(', ')}; the last got ${last})`,
  );
}

/**
 * Options: dbPrefix ('luxe'), resetDatabases (false), basePort (3100: services on 3101..3108),
 * gatewayPort (3000), logDir, seed (false), extraEnv ({}), groupPrefix (''), topicPrefix (the group prefix),
 * infraEnv (variables over process.env), databaseAdminUrls ({ [service]: admin URL } for a service
 * whose database lives on another server), stripe ('localstripe': payments' Stripe is infra/local's
 * stateful localstripe, LOCALSTRIPE_API_BASE, instead of STRIPE_API_BASE's stripe-mock).
 * instances (1: processes per service, or { social: 2 }; the k-th extra instance of a service
 * listens 10*k ports above the first, logs to `<service>-<k+1>.log`, and the gateway gets every
 * instance's URL, comma-separated), gateways (1: more gateways listen from gatewayPort+50, skipping ports fetch() refuses),
 * readyTimeoutMs (90 000 ms, or LUXE_STACK_READY_MS: how long a process may take to be ready), startRetries (0: how many times a
 * process that exits before it is ready is started again). services (every one of SERVICES: the ones to start, e.g. a benchmark
 * of one path on a 2-core machine; the others keep their ports and URLs with nothing listening, and the gateway, ready
 * without them, cannot serve their routes).
 *
 * The stack it returns can stop, start and restart one process by name (`social`, `social-2`,
 * `gateway`, `gateway-2`): SIGTERM, wait for its exit, start it again, wait until it is ready.
 * Its `processes` lists them, and kills (any signal, e.g. SIGKILL: infra/scripts/chaos.mjs) and
 * restarts one.
 * @param {StackOptions} [opts]
 */
export async function startStack(opts = {}) {
  const env = { ...process.env, ...(opts.infraEnv ?? {}) };
  requireInfraEnv(env);
  const basePort = opts.basePort ?? 3100;
  const gatewayPort = opts.gatewayPort ?? 3000;
  const logDir = opts.logDir ?? join(ROOT, '.data', 'logs');
  mkdirSync(logDir, { recursive: true });
  // The gateway signs internal calls with the private key, the services check them with the public one.
  const keys =
    env.INTERNAL_AUTH_PRIVATE_KEY && env.INTERNAL_AUTH_PUBLIC_KEY
      ? { privateKey: env.INTERNAL_AUTH_PRIVATE_KEY, publicKey: env.INTERNAL_AUTH_PUBLIC_KEY }
      : platform().generateInternalKeyPair();
  // Card payments against stripe-mock (or the keys the environment gives): a signing secret per
  // stack, which tests use to sign the webhook events they send. `stripe: 'localstripe'` points
  // them at the fake that remembers (reconciliation tests read back what was charged).
  if (opts.stripe === 'localstripe') {
    if (!env.LOCALSTRIPE_API_BASE)
      throw new Error(
        'stripe: localstripe needs LOCALSTRIPE_API_BASE (run: bash infra/local/up.sh localstripe, then source the env file it prints)',
      );
    env.STRIPE_API_BASE = env.LOCALSTRIPE_API_BASE;
  } else if (opts.stripe !== undefined && opts.stripe !== 'stripe-mock') {
    throw new Error(`stripe: '${opts.stripe}' is neither 'localstripe' nor 'stripe-mock'`);
  }
  /** @type {{ STRIPE_SECRET_KEY?: string, STRIPE_PUBLISHABLE_KEY?: string, STRIPE_WEBHOOK_SECRET?: string, STRIPE_API_BASE?: string }} */
  const stripe =
    env.STRIPE_SECRET_KEY || env.STRIPE_API_BASE
      ? {
          STRIPE_SECRET_KEY: env.STRIPE_SECRET_KEY ?? 'sk_test_LuxeStripeMock123',
          STRIPE_PUBLISHABLE_KEY: env.STRIPE_PUBLISHABLE_KEY ?? 'pk_test_LuxeStripeMock123',
          STRIPE_WEBHOOK_SECRET: env.STRIPE_WEBHOOK_SECRET ?? `whsec_${randomBytes(24).toString('hex')}`,
          ...(env.STRIPE_API_BASE ? { STRIPE_API_BASE: env.STRIPE_API_BASE } : {}),
        }
      : {};
  // The first admin account (the environment's, or one for this stack) and the gateway's token secret.
  const admin = {
    ADMIN_EMAIL: env.ADMIN_EMAIL ?? 'admin@local.luxeswipe.test',
    ADMIN_PASSWORD: env.ADMIN_PASSWORD ?? randomBytes(12).toString('hex'),
  };
  const adminTokenSecret = env.ADMIN_TOKEN_SECRET ?? randomBytes(32).toString('hex');
  // The bookings service's door-pass signing secret (the environment's, or one for this stack).
  const passSigningSecret = env.PASS_SIGNING_SECRET ?? randomBytes(32).toString('hex');
  const dbUrls = await prepareDatabases(
    /** @type {string} requireInfraEnv checked it */ (env.LUXE_PG_ADMIN_URL),
    opts.dbPrefix ?? 'luxe',
    !!opts.resetDatabases,
    opts.databaseAdminUrls ?? {},
  );
  await createTopics(/** @type {string} */ (env.KAFKA_BROKERS), opts.topicPrefix ?? opts.groupPrefix ?? '');

  /** @type {{ name: string, child: ChildProcess, script: string, env: NodeJS.ProcessEnv, url: string }[]} */
  const children = [];
  // Once stopping, no process is started: a restart under way when the stack is stopped (a test
  // that timed out) would otherwise start one after the stop, which nobody stops (it kept a port
  // of the next run's stack and answered with the old keys).
  let stopping = false;
  /** @type {(name: string, script: string, childEnv: NodeJS.ProcessEnv, url: string, flags?: string) => ChildProcess} */
  const spawnOne = (name, script, childEnv, url, flags = opts.resetDatabases ? 'w' : 'a') => {
    if (stopping) throw new Error(`the stack is stopping: ${name} is not started`);
    const log = createWriteStream(join(logDir, `${name}.log`), { flags });
    // LUXE_STACK_NODE_ARGS: extra node flags for every process of the stack, e.g. to profile a
    // benchmark's services: LUXE_STACK_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" (NODE_OPTIONS refuses --cpu-prof).
    const nodeArgs = (process.env.LUXE_STACK_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
    const child = spawn(process.execPath, [...nodeFlags(), ...nodeArgs, script], {
      cwd: ROOT,
      env: childEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.pipe(log);
    child.stderr.pipe(log);
    const entry = children.find((c) => c.name === name);
    if (entry) entry.child = child;
    else children.push({ name, child, script, env: childEnv, url });
    return child;
  };
  const readyMs = opts.readyTimeoutMs; // undefined: waitReady's default (LUXE_STACK_READY_MS or 90 s)
  /**
   * Starts a process and waits until it is ready; one that exits first is started again up to startRetries times (a supervisor's restart policy).
   * @type {(name: string, script: string, childEnv: NodeJS.ProcessEnv, url: string, flags?: string) => Promise<void>}
   */
  const spawnReady = async (name, script, childEnv, url, flags) => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await waitReady(url, spawnOne(name, script, childEnv, url, attempt === 0 ? flags : 'a'), name, readyMs);
      } catch (err) {
        const e = children.find((c) => c.name === name);
        const exited = e && (e.child.exitCode !== null || e.child.signalCode);
        if (stopping || !exited || attempt >= (opts.startRetries ?? 0)) throw err;
        process.stderr.write(
          `${name} exited before it was ready; starting it again (${attempt + 1}/${opts.startRetries})\n`,
        );
      }
    }
  };
  /** @param {string} s */
  const instancesOf = (s) =>
    Math.max(1, typeof opts.instances === 'number' ? opts.instances : (opts.instances?.[s] ?? 1));
  /** @type {(s: string, k: number) => string} */
  const instanceName = (s, k) => (k === 0 ? s : `${s}-${k + 1}`);
  const common = {
    NODE_ENV: env.NODE_ENV ?? 'development',
    LOG_LEVEL: env.LOG_LEVEL ?? 'info',
    REDIS_URL: env.REDIS_URL,
    ...(opts.extraEnv ?? {}),
  };
  /** @type {Record<string, string>} the first instance's URL per service */
  const serviceUrls = {};
  /** @type {Record<string, string[]>} */
  const instanceUrls = {};
  try {
    // First instances together (each migrates its database), then any extra ones.
    /** @type {(s: string, i: number, k: number) => Promise<void>} */
    const startInstance = (s, i, k) => {
      const port = basePort + i + 1 + 10 * k;
      const url = `http://127.0.0.1:${port}`;
      if (k === 0) serviceUrls[s] = url;
      (instanceUrls[s] ??= [])[k] = url;
      return spawnReady(
        instanceName(s, k),
        join(ROOT, 'services', s, 'dist', 'main.js'),
        {
          ...process.env,
          ...common,
          HOST: '127.0.0.1',
          PORT: String(port),
          DATABASE_URL: dbUrls[s],
          INTERNAL_AUTH_PUBLIC_KEY: keys.publicKey,
          INTERNAL_AUTH_PRIVATE_KEY: '', // never to a service
          EVENT_TRANSPORT: 'kafka',
          KAFKA_BROKERS: env.KAFKA_BROKERS,
          KAFKA_GROUP_PREFIX: opts.groupPrefix ?? '',
          KAFKA_TOPIC_PREFIX: opts.topicPrefix ?? opts.groupPrefix ?? '',
          S3_ENDPOINT: env.S3_ENDPOINT,
          S3_ACCESS_KEY: env.S3_ACCESS_KEY,
          S3_SECRET_KEY: env.S3_SECRET_KEY,
          S3_REGION: env.S3_REGION ?? 'us-east-1',
          S3_BUCKET: `${(opts.dbPrefix ?? 'luxe').replace(/_/g, '-')}-${s}`,
          SEED_DEMO_DATA: opts.seed && k === 0 ? 'true' : 'false',
          ...(s === 'payments' ? stripe : {}),
          ...(s === 'admin' ? admin : {}),
          ...(s === 'bookings' ? { PASS_SIGNING_SECRET: passSigningSecret } : {}),
          // Emails over infra/local's Mailpit (SMTP_URL of its env file; unset: in-app only), linking to this stack's gateway.
          ...(s === 'notifications'
            ? { PUBLIC_WEB_URL: `http://127.0.0.1:${gatewayPort}`, ...(env.SMTP_URL ? { SMTP_URL: env.SMTP_URL } : {}) }
            : {}),
        },
        url,
      );
    };
    const started = opts.services ?? SERVICES;
    const unknown = started.filter((s) => !SERVICES.includes(s));
    if (unknown.length) throw new Error(`services: ${unknown.join(', ')} not among ${SERVICES.join(', ')}`);
    // A service not started still gets its URL (the gateway needs one for each).
    for (const [i, s] of SERVICES.entries())
      if (!started.includes(s)) instanceUrls[s] = [`http://127.0.0.1:${basePort + i + 1}`];
    await Promise.all(SERVICES.map((s, i) => started.includes(s) && startInstance(s, i, 0)));
    await Promise.all(
      SERVICES.flatMap((s, i) =>
        started.includes(s) ? Array.from({ length: instancesOf(s) - 1 }, (_, k) => startInstance(s, i, k + 1)) : [],
      ),
    );
    const gwEnv = {
      ...process.env,
      ...common,
      HOST: opts.gatewayHost ?? '127.0.0.1',
      PORT: String(gatewayPort),
      INTERNAL_AUTH_PRIVATE_KEY: keys.privateKey,
      ADMIN_TOKEN_SECRET: adminTokenSecret,
      KAFKA_BROKERS: env.KAFKA_BROKERS,
      KAFKA_GROUP_PREFIX: opts.groupPrefix ?? '',
      KAFKA_TOPIC_PREFIX: opts.topicPrefix ?? opts.groupPrefix ?? '',
      ...Object.fromEntries(SERVICES.map((s) => [`SERVICE_URL_${s.toUpperCase()}`, instanceUrls[s].join(',')])),
    };
    /** @type {string[]} */
    const gatewayUrls = [];
    /** @type {string[]} */
    const gatewayMetricsUrls = [];
    for (let j = 0; j < Math.max(1, opts.gateways ?? 1); j++) {
      const port = j === 0 ? gatewayPort : fetchablePort(gatewayPort + 49 + j);
      const url = `http://127.0.0.1:${port}`;
      // The gateway serves its metrics on an internal listener of its own (METRICS_PORT), never its public port.
      const metricsPort = fetchablePort(gatewayPort + 90 + j);
      const name = j === 0 ? 'gateway' : `gateway-${j + 1}`;
      await spawnReady(
        name,
        join(ROOT, 'gateway', 'dist', 'main.js'),
        { ...gwEnv, PORT: String(port), METRICS_PORT: String(metricsPort) },
        url,
      );
      gatewayUrls.push(url);
      gatewayMetricsUrls.push(`http://127.0.0.1:${metricsPort}`);
    }
    /** @param {string} name */
    const entry = (name) => {
      const e = children.find((c) => c.name === name);
      if (!e) throw new Error(`no process ${name} in this stack (${children.map((c) => c.name).join(', ')})`);
      return e;
    };
    /**
     * Sends SIGTERM and waits for the exit: { code, signal, ms }.
     * @param {string} name
     */
    const stopProcess = async (name, timeoutMs = 30_000) => {
      const { child } = entry(name);
      const started = Date.now();
      const [code, signal] = await stopChild(child, timeoutMs);
      return { code, signal, ms: Date.now() - started };
    };
    /**
     * Starts a stopped process again (same port, same environment) and waits until it is ready.
     * @param {string} name
     */
    const startProcess = async (name) => {
      const e = entry(name);
      if (e.child.exitCode === null && !e.child.signalCode) throw new Error(`${name} is still running`);
      const started = Date.now();
      await spawnReady(name, e.script, e.env, e.url, 'a');
      return { ms: Date.now() - started };
    };
    return {
      gatewayUrl: gatewayUrls[0],
      gatewayUrls,
      /** Each gateway's metrics listener (GET /metrics there; the public port has none). */
      gatewayMetricsUrls,
      serviceUrls,
      instanceUrls,
      dbUrls,
      /** The prefix of the stack's Kafka topics (benchmarks watch its streams). */
      topicPrefix: opts.topicPrefix ?? opts.groupPrefix ?? '',
      internalKeys: keys,
      stripeWebhookSecret: stripe.STRIPE_WEBHOOK_SECRET ?? null,
      /** Where payments' Stripe calls go (null: Stripe itself, or card payments not configured). */
      stripeApiBase: stripe.STRIPE_API_BASE ?? null,
      admin: { email: admin.ADMIN_EMAIL, password: admin.ADMIN_PASSWORD },
      adminTokenSecret,
      logDir,
      processes: {
        // metricsUrl: where GET /metrics answers (a gateway's own listener, a service's port).
        list: () =>
          children.map(({ name, child, url, env: e }) => ({
            name,
            url,
            metricsUrl: e.METRICS_PORT ? `http://127.0.0.1:${e.METRICS_PORT}` : url,
            pid: child.pid,
            running: child.exitCode === null && !child.signalCode,
          })),
        names: () => children.map((c) => c.name),
        /** @param {string} name */
        pid: (name) => children.find((c) => c.name === name)?.child.pid,
        /**
         * Sends a signal to one process (SIGKILL by default) and resolves once it has exited.
         * @param {string} name
         * @param {NodeJS.Signals} [signal]
         * @returns {Promise<void>}
         */
        kill: (name, signal = 'SIGKILL') =>
          new Promise((res) => {
            const { child } = entry(name);
            if (child.exitCode !== null || child.signalCode) return res();
            child.once('exit', () => res());
            child.kill(signal);
          }),
        /**
         * Starts a process that has exited again, with the environment it had, and waits until it is ready.
         * @param {string} name
         */
        restart: (name) => startProcess(name),
      },
      stopProcess,
      startProcess,
      /** @param {string} name */
      restart: async (name) => ({ stop: await stopProcess(name), start: await startProcess(name) }),
      stop: () => {
        stopping = true;
        return stopAll(children);
      },
    };
  } catch (err) {
    stopping = true;
    await stopAll(children);
    throw err;
  }
}

/**
 * SIGTERM, then SIGKILL after timeoutMs; resolves with [exit code, signal].
 * @param {ChildProcess} child
 * @returns {Promise<[number | null, NodeJS.Signals | null]>}
 */
function stopChild(child, timeoutMs = 10_000) {
  return new Promise((res) => {
    if (child.exitCode !== null || child.signalCode) return res([child.exitCode, child.signalCode]);
    const t = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('exit', (code, signal) => {
      clearTimeout(t);
      res([code, signal]);
    });
    child.kill('SIGTERM');
  });
}

/** @param {{ child: ChildProcess }[]} children */
async function stopAll(children) {
  await Promise.all(children.map(({ child }) => stopChild(child, 30_000)));
}
