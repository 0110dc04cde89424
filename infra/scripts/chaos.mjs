// @ts-check
// `npm run chaos`: fault injection with reconciliation, then a steady soak (docs/benchmarks.md#npm-run-chaos).
//
// Runs its OWN Kafka broker and PostgreSQL clusters on loopback ports of its own (data in a
// temporary directory, removed at the end), every service and the gateway as their own processes
// (distributed mode; Redis, MinIO and stripe-mock are infra/local's). Never touches infra/local's
// Kafka or PostgreSQL.
//
// Chaos (default, or `-- --chaos-only`): a paced load of bookings, invites, accepts and messages
// through the gateway until at least 10,000 events were produced, while in turn these are killed
// with SIGKILL and restarted: the Kafka broker; the bookings service (its outbox relay runs in the
// service process: there is no separate relay process); the social service (the consumer of the
// bookings events); and the PostgreSQL server that holds only messaging's database (postmaster and
// backends). After each restart a probe (booking → social, invite → accept → bookings and
// messaging) measures the recovery. Then, after a bounded drain, reconciliation per database and on
// Kafka (infra/scripts/chaos/reconcile.mjs); a table, and a non-zero exit when a check fails.
//
// Soak (default after the chaos, or `-- --soak-only`): a steady mixed load (reads and writes) for
// 10 minutes (`--soak-minutes N`); no request may fail, and no process's RSS may grow by 10 % or
// more between the first minute after the warm-up and the last (medians of samples 10 s apart).
// Then the same reconciliation.
//
// Options: --rate N (write operations per second of the chaos load, default 60), --soak-rate N
// (requests per second of the soak, default 25), CHAOS_BASE_PORT (5300: gateway 5300, services
// 5301-5307, Kafka 5310-5311, PostgreSQL 5320-5321), CHAOS_KEEP=1 keeps the temporary directory,
// CHAOS_PG_SYNCHRONOUS_COMMIT=off runs PostgreSQL as infra/local does (default on, as in production).
// Bounded: every wait has a limit, and the whole run stops itself after 60 minutes.
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseCommandLine, usageError } from './args.mjs';
import { ROOT, SERVICES, startStack } from './stack.mjs';
import { ChaosKafka, ChaosPostgres, requirePortsFree, rssOf } from './chaos/infra.mjs';
import { nyDate, query, Stats, Workload, World } from './chaos/load.mjs';
import { drain, printTable, reconcile } from './chaos/reconcile.mjs';

const USAGE =
  'usage: npm run chaos [-- --chaos-only | --soak-only] [--rate N] [--soak-rate N] [--soak-minutes N] [--events N]';
const { values: args } = parseCommandLine({
  usage: USAGE,
  options: {
    'chaos-only': { type: 'boolean', default: false },
    'soak-only': { type: 'boolean', default: false },
    rate: { type: 'string', default: '60' },
    'soak-rate': { type: 'string', default: '25' },
    'soak-minutes': { type: 'string', default: '10' },
    events: { type: 'string', default: '10000' },
  },
});
/** @param {'rate' | 'soak-rate' | 'soak-minutes' | 'events'} name */
const positive = (name) => {
  const n = Number(args[name]);
  return n > 0 ? n : usageError(`--${name}: not a positive number: ${args[name]}`, USAGE);
};
const CHAOS = !args['soak-only'];
const SOAK = !args['chaos-only'];
const RATE = positive('rate');
const SOAK_RATE = positive('soak-rate');
const SOAK_MINUTES = positive('soak-minutes');
const BASE = Number(process.env.CHAOS_BASE_PORT ?? 5300);
const EVENT_TARGET = positive('events');
const DOWN_MS = 5000;
/** @param {number} ms @returns {Promise<void>} */
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const t0 = Date.now();
const clock = () => `${((Date.now() - t0) / 1000).toFixed(0).padStart(4)} s`;
/** @param {...unknown} a */
const say = (...a) => console.log(`[chaos ${clock()}]`, ...a);

for (const k of ['REDIS_URL', 'S3_ENDPOINT', 'S3_ACCESS_KEY', 'S3_SECRET_KEY'])
  if (!process.env[k]) throw new Error(`${k} missing: source infra/local's env file (npm run chaos does)`);

const tmp = mkdtempSync(join(tmpdir(), 'luxe-chaos-'));
chmodSync(tmp, 0o755); // the postgres user (when run as root) must reach its data directory below
const kafka = new ChaosKafka(join(tmp, 'kafka'), BASE + 10);
const SYNC_COMMIT = process.env.CHAOS_PG_SYNCHRONOUS_COMMIT === 'off' ? 'off' : 'on';
const pgMain = new ChaosPostgres(join(tmp, 'pg-main'), BASE + 20, 'main', SYNC_COMMIT);
const pgMessaging = new ChaosPostgres(join(tmp, 'pg-messaging'), BASE + 21, 'messaging', SYNC_COMMIT);
/** @type {import('./stack.mjs').Stack | null} */
let stack = null;
/** The stack once started: every phase runs after the start. */
const started = () => {
  if (!stack) throw new Error('the stack is not started');
  return stack;
};
/**
 * What the chaos phase set up before the probes use it.
 * @template T
 * @param {T | undefined} x
 * @returns {T}
 */
const need = (x) => {
  if (x === undefined) throw new Error('the chaos phase sets the probes up first');
  return x;
};
let stopping = false;

let cleaned = null;
function cleanup() {
  cleaned ??= (async () => {
    stopping = true;
    say('cleaning up...');
    await stack?.stop().catch(() => undefined);
    await kafka.stop().catch(() => undefined);
    await pgMain.stop().catch(() => undefined);
    await pgMessaging.stop().catch(() => undefined);
    if (process.env.CHAOS_KEEP) say(`kept ${tmp}`);
    else rmSync(tmp, { recursive: true, force: true });
  })();
  return cleaned;
}
for (const sig of ['SIGINT', 'SIGTERM']) process.once(sig, () => void cleanup().then(() => process.exit(130)));
setTimeout(() => {
  console.error('chaos: the run exceeded 60 minutes, stopping');
  void cleanup().then(() => process.exit(124));
}, 60 * 60_000).unref();

/**
 * @param {string} logDir
 * @returns {import('./stack.mjs').StackOptions}
 */
const STACK_OPTIONS = (logDir) => ({
  dbPrefix: 'luxe_chaos',
  resetDatabases: true,
  basePort: BASE,
  gatewayPort: BASE,
  logDir,
  readyTimeoutMs: 300_000, // a busy shared machine starts a Node process slowly
  databaseAdminUrls: { messaging: pgMessaging.adminUrl },
  extraEnv: {
    LOG_LEVEL: process.env.CHAOS_LOG_LEVEL ?? 'warn',
    RATE_LIMIT_REGISTER_PER_IP: '100000',
    RATE_LIMIT_LOGIN_PER_IP: '100000',
    // The load's few members send messages and invites far faster than any person
    // (MEMBER_RATE_LIMITS): the per-member limits × 1000, out of the way of what is measured.
    RATE_LIMIT_MEMBER_SCALE: '1000',
    CONSUMER_BACKOFF_MS: '100',
    // The gateway's wait for a service (5 s by default): on a small machine shared with other
    // runs, a password hash alone can take longer; CHAOS_SERVICE_TIMEOUT_MS=5000 for the default.
    SERVICE_TIMEOUT_MS: process.env.CHAOS_SERVICE_TIMEOUT_MS ?? '30000',
  },
});

/** Restarts one process of the stack, starting it again when it dies while starting. */
/** @param {string} name */
async function restartProcess(name) {
  const s = started();
  for (let attempt = 1; ; attempt++) {
    try {
      return await s.processes.restart(name);
    } catch (/** @type {any} */ err) {
      if (attempt >= 3 || stopping) throw err;
      say(`${name} did not start (${err.message}); trying again`);
      await s.processes.kill(name);
    }
  }
}

/** @type {{ faults: Record<string, unknown>[], load: Record<string, unknown> | null, reconcile: Record<string, unknown> | null, soak: ({ seconds: number } & Record<string, unknown>) | null }} the run's JSON report */
const results = { faults: [], load: null, reconcile: null, soak: null };
let failed = [];

try {
  await requirePortsFree([BASE, ...SERVICES.map((_, i) => BASE + i + 1), BASE + 10, BASE + 11, BASE + 20, BASE + 21]);
  say(
    `PostgreSQL synchronous_commit = ${SYNC_COMMIT}${SYNC_COMMIT === 'off' ? ' (a crash may lose acknowledged writes: those checks only report)' : ''}`,
  );
  say(
    `own servers in ${tmp}: Kafka 127.0.0.1:${BASE + 10}, PostgreSQL 127.0.0.1:${BASE + 20} (all but messaging) and :${BASE + 21} (messaging); load average ${loadavg()[0].toFixed(2)}`,
  );
  kafka.provision();
  pgMain.provision();
  pgMessaging.provision();
  await Promise.all([kafka.start(), pgMain.start(), pgMessaging.start()]);
  say(`Kafka pid ${kafka.pid}, PostgreSQL pids ${pgMain.pid} / ${pgMessaging.pid}`);
  // Only these servers: nothing below may reach infra/local's Kafka or PostgreSQL.
  process.env.KAFKA_BROKERS = kafka.brokers;
  process.env.LUXE_PG_ADMIN_URL = pgMain.adminUrl;
  const logDir = join(ROOT, '.data', 'chaos-logs');
  mkdirSync(logDir, { recursive: true });
  // A process that dies while starting (a connection timeout on a saturated machine) is started
  // again, as an orchestrator would: three tries for the whole stack, and for each restart below.
  for (let attempt = 1; ; attempt++) {
    try {
      stack = await startStack(STACK_OPTIONS(logDir));
      break;
    } catch (/** @type {any} */ err) {
      if (attempt >= 3 || stopping) throw err;
      say(`stack did not start (${err.message}); trying again`);
    }
  }
  say(`stack ready at ${stack.gatewayUrl} (logs ${logDir})`);

  const stats = new Stats();
  const world = new World(stack, stats);
  await world.setup({ hosts: 40, guests: 60, clubs: 4 });
  say(`world: ${world.hosts.length} hosts, ${world.guests.length} guests, ${world.clubs.length} clubs`);

  if (CHAOS) await chaos(world, stats);
  if (SOAK) await soak(world);
} catch (/** @type {any} */ err) {
  console.error(err);
  failed.push(`error: ${err?.message ?? err}`);
} finally {
  await cleanup();
}
console.log(JSON.stringify({ chaos: results, failed }));
if (failed.length) {
  console.log(`\nFAILED: ${failed.join('; ')}`);
  process.exit(1);
}
console.log('\nchaos: all checks passed');
process.exit(0);

/** Booking → social and venues; invite → accept → bookings attendees and a messaging conversation. Retries each step until it works. */
/**
 * @param {World} world
 * @param {number} deadlineMs
 */
async function probe(world, deadlineMs) {
  const stack = started();
  const end = Date.now() + deadlineMs;
  const host = need(world.probeHost);
  const guest = need(world.probeGuest);
  const club = world.clubs[0];
  /** @type {<T>(what: string, fn: () => Promise<T>) => Promise<T>} */
  const until = async (what, fn) => {
    for (;;) {
      try {
        const v = await fn();
        if (v) return v;
      } catch {
        /* a server is still down */
      }
      if (Date.now() > end) throw new Error(`probe: ${what} not done within ${deadlineMs / 1000} s`);
      await sleep(250);
    }
  };
  const booking = await until('booking', async () => {
    const r = await host.call(null, 'POST', '/api/bookings', {
      venueId: club.venueId,
      sectionId: club.sectionId,
      bookingDate: nyDate(7),
      startTime: '21:00',
      duration: 1,
      guestVisibility: 'both',
    });
    return r.ok && r.json.id;
  });
  need(world.probeBookings).add(booking);
  await until(
    'booking in social',
    async () =>
      (await query(stack.dbUrls.social, 'SELECT 1 FROM event_cards WHERE booking_id = $1', [booking])).length === 1,
  );
  await until(
    'booking in venues',
    async () =>
      (await query(stack.dbUrls.venues, 'SELECT 1 FROM venue_bookings WHERE booking_id = $1', [booking])).length === 1,
  );
  const invite = await until('invite', async () => {
    const r = await host.call(null, 'POST', '/api/invites', {
      guestId: guest.id,
      eventTitle: 'Probe',
      eventDate: nyDate(7),
      bookingId: booking,
    });
    if (r.status === 409)
      return (await query(stack.dbUrls.social, 'SELECT id FROM invites WHERE booking_id = $1', [booking]))[0]?.id;
    return r.ok && r.json.id;
  });
  await until('accept', async () => {
    const r = await guest.call(null, 'POST', `/api/invites/${invite}/respond`, { response: 'accept' });
    return r.ok || r.status === 409;
  });
  await until(
    'attendee in bookings',
    async () =>
      (
        await query(stack.dbUrls.bookings, 'SELECT 1 FROM booking_attendees WHERE booking_id = $1 AND user_id = $2', [
          booking,
          guest.id,
        ])
      ).length === 1,
  );
  await until(
    'conversation in messaging',
    async () =>
      (
        await query(stack.dbUrls.messaging, 'SELECT 1 FROM conversations WHERE booking_id = $1 AND guest_id = $2', [
          booking,
          guest.id,
        ])
      ).length === 1,
  );
}

/**
 * @param {World} world
 * @param {Stats} stats
 */
async function chaos(world, stats) {
  const stack = started();
  const probeHost = await world.member('host', 'Probe');
  const probeGuest = await world.member('guest', 'Probe');
  world.probeHost = probeHost;
  world.probeGuest = probeGuest;
  world.probeBookings = new Set();
  await world.waitRows(
    'social',
    'SELECT count(*) FROM member_cards WHERE user_id = ANY($1::uuid[])',
    [[probeHost.id, probeGuest.id]],
    2,
    'social knows the probes',
  );
  await world.waitRows(
    'bookings',
    'SELECT count(*) FROM member_cards WHERE user_id = ANY($1::uuid[])',
    [[probeHost.id]],
    1,
    'bookings knows the probe host',
  );
  await world.waitRows(
    'messaging',
    'SELECT count(*) FROM user_cards WHERE user_id = ANY($1::uuid[])',
    [[world.probeHost.id, world.probeGuest.id]],
    2,
    'messaging knows the probes',
  );
  await probe(world, 60_000);

  // Writes per kind: with the events they cause (an accept also opens a conversation), over 10,000.
  const per = Math.ceil(EVENT_TARGET / 4.4);
  const load = new Workload(world, {
    quota: { booking: per, invite: per, accept: Math.ceil(per * 0.8), message: per },
  });
  let faultsDone = false;
  const eventsProduced = async () => {
    let n = 0;
    for (const s of Object.keys(stack.dbUrls))
      n += Number((await query(stack.dbUrls[s], 'SELECT count(*) FROM outbox_events'))[0].count);
    return n;
  };
  /** @type {[number, number][]} each fault's kill window (from the kill to the process being ready again) */
  const windows = [];
  say(`load: ${RATE} writes/s, quotas ${JSON.stringify(load.quota)}`);
  const running = load.run({
    rate: RATE,
    concurrency: 24,
    until: () => stopping || (faultsDone && load.quotaMet()),
    maxMs: 25 * 60_000,
  });

  const faults = [
    { name: 'Kafka broker', pid: () => kafka.pid, kill: () => kafka.kill9(), restart: () => kafka.start() },
    {
      name: 'bookings service (its outbox relay)',
      pid: () => stack.processes.pid('bookings'),
      kill: () => stack.processes.kill('bookings'),
      restart: () => restartProcess('bookings'),
    },
    {
      name: 'social service (consumer of bookings events)',
      pid: () => stack.processes.pid('social'),
      kill: () => stack.processes.kill('social'),
      restart: () => restartProcess('social'),
    },
    {
      name: "PostgreSQL of messaging's database",
      pid: () => pgMessaging.pid,
      kill: () => pgMessaging.kill9(),
      restart: () => pgMessaging.start(),
    },
  ];
  await sleep(20_000);
  for (const f of faults) {
    if (stopping) break;
    const pid = f.pid();
    const before = stats.totals();
    const killedAt = Date.now();
    say(`kill -9 ${f.name} (pid ${pid})`);
    await f.kill();
    await sleep(DOWN_MS);
    await f.restart();
    const restartedAt = Date.now();
    say(`${f.name} restarted (pid ${f.pid()}) after ${((restartedAt - killedAt) / 1000).toFixed(1)} s; probing...`);
    let recoveredAt = null;
    try {
      await probe(world, 180_000);
      recoveredAt = Date.now();
    } catch (/** @type {any} */ err) {
      failed.push(`${f.name}: ${err.message}`);
    }
    const after = stats.totals();
    const fault = {
      fault: f.name,
      pid,
      killedToRestartedS: +((restartedAt - killedAt) / 1000).toFixed(1),
      recoveryS: recoveredAt ? +((recoveredAt - killedAt) / 1000).toFixed(1) : null,
      writesFailedDuring: after.failed - before.failed,
      writesRejectedDuring: after.rejected - before.rejected,
    };
    results.faults.push(fault);
    windows.push([killedAt, recoveredAt ?? Date.now()]);
    say(
      `${f.name}: recovered (probe through) ${fault.recoveryS ?? 'NOT'} s after the kill; ${fault.writesFailedDuring} writes failed meanwhile`,
    );
    await sleep(15_000);
  }
  faultsDone = true;
  // Keep going until the events are there (the quotas are a floor; a slow machine needs longer).
  while (!stopping && (await eventsProduced()) < EVENT_TARGET) {
    for (const k of /** @type {(keyof typeof load.quota)[]} */ (Object.keys(load.quota))) load.quota[k] += 100;
    await sleep(5000);
  }
  const ran = await running;
  const totals = stats.totals();
  /** @param {{ started: number, ended: number }} f */
  const inWindow = (f) => windows.some(([a, b]) => f.ended >= a && f.started <= b);
  const failures = stats.failures.filter((f) => f.kind !== 'setup');
  results.load = {
    seconds: +(ran.ms / 1000).toFixed(0),
    operations: ran.issued,
    requests: totals,
    byKind: Object.fromEntries(stats.byKind),
    failedInKillWindows: failures.filter(inWindow).length,
    failedOutsideKillWindows: failures.filter((f) => !inWindow(f)).length,
    failuresInKillWindows: stats.failureSummary((f) => f.kind !== 'setup' && inWindow(f)),
    failuresOutsideKillWindows: stats.failureSummary((f) => f.kind !== 'setup' && !inWindow(f)),
  };
  say(`load done: ${JSON.stringify(results.load)}`);
  await reconcileAndPrint('chaos', load, world);
}

/**
 * @param {string} phase
 * @param {Workload} load
 * @param {World} world
 */
async function reconcileAndPrint(phase, load, world) {
  const stack = started();
  say(`${phase}: draining (outboxes empty, consumer lag 0; at most 180 s)...`);
  const d = await drain(stack.dbUrls, kafka.brokers, 180_000);
  say(`${phase}: ${d.timedOut ? 'NOT drained' : 'drained'} after ${(d.ms / 1000).toFixed(1)} s`);
  if (d.timedOut)
    failed.push(
      `${phase}: not drained within 180 s: ${JSON.stringify({ outbox: d.outbox, lag: d.lag, error: d.error })}`,
    );
  const acked = load.acked;
  // the probes' bookings were acknowledged too
  for (const b of world.probeBookings ?? []) acked.bookings.add(b);
  const r = await reconcile({
    dbUrls: stack.dbUrls,
    brokers: kafka.brokers,
    acked,
    ackedMayBeLost: SYNC_COMMIT === 'off',
  });
  printTable(r.rows);
  console.log(
    `\n${phase}: ${r.totals.events} events in the outboxes (${Object.entries(r.totals.byType)
      .map(([t, n]) => `${t} ${n}`)
      .join(
        ', ',
      )}), ${r.totals.deliveries} consumer deliveries checked, ${r.totals.kafkaMessages} messages on Kafka, ${r.totals.republished} published more than once`,
  );
  (results.reconcile ??= {})[phase] = { ok: r.ok, totals: r.totals, failedChecks: r.rows.filter((x) => !x.ok) };
  if (!r.ok)
    failed.push(
      `${phase}: reconciliation failed (${r.rows
        .filter((x) => !x.ok)
        .map((x) => x.check)
        .join('; ')})`,
    );
}

/** @param {World} world */
async function soak(world) {
  const stack = started();
  const stats = new Stats();
  for (const s of [...world.hosts, ...world.guests]) s.stats = stats;
  const load = new Workload(world, { reads: 0.6 });
  const warmupMs = 60_000;
  const soakMs = SOAK_MINUTES * 60_000;
  /** @typedef {Record<string, number | null>} Sample a figure per process (bytes; null: the process gave none) */
  /** @returns {Sample} */
  const rss = () => {
    /** @type {Sample} */
    const out = {};
    for (const n of stack.processes.names()) out[n] = rssOf(stack.processes.pid(n));
    out['kafka (JVM, not gated)'] = rssOf(kafka.pid);
    return out;
  };
  // The V8 heap, from each process's own /metrics (prom-client's): in use (what the program holds,
  // garbage included until the next mark-compact), its total size, the young generation's size
  // (V8 grows it under a high allocation rate, up to twice 16 MiB) and memory held outside the heap
  // (Buffers): what RSS counts besides the program's own objects.
  const V8_METRICS = {
    heapUsed: /^nodejs_heap_size_used_bytes(?:\{[^}]*\})?\s+([\d.e+]+)/m,
    heapTotal: /^nodejs_heap_size_total_bytes(?:\{[^}]*\})?\s+([\d.e+]+)/m,
    newSpace: /^nodejs_heap_space_size_total_bytes\{space="new"[^}]*\}\s+([\d.e+]+)/m,
    external: /^nodejs_external_memory_bytes(?:\{[^}]*\})?\s+([\d.e+]+)/m,
  };
  const v8Stats = async () => {
    /** @type {Record<keyof typeof V8_METRICS, Sample>} */
    const out = { heapUsed: {}, heapTotal: {}, newSpace: {}, external: {} };
    await Promise.all(
      stack.processes.list().map(async ({ name, metricsUrl }) => {
        let text = '';
        try {
          text = await (await fetch(`${metricsUrl}/metrics`, { signal: AbortSignal.timeout(3000) })).text();
        } catch {
          // a process that does not answer has no figure this time
        }
        for (const [m, re] of /** @type {[keyof typeof V8_METRICS, RegExp][]} */ (Object.entries(V8_METRICS))) {
          const found = re.exec(text);
          out[m][name] = found ? Number(found[1]) : null;
        }
      }),
    );
    return out;
  };
  // RSS every 10 s from the end of the warm-up; growth compares the median of the first minute with
  // the median of the last. V8 resizes its heap by tens of MiB within half a minute while the heap
  // in use stays flat, so two instants 10 minutes apart would measure the heap's breathing and fail a
  // process that does not leak; a leak raises every sample, and so the medians.
  const SAMPLE_MS = 10_000;
  const WINDOW = 6;
  /** @type {Sample[]} */
  const samples = [];
  /** @type {Sample[]} */
  const heapSamples = [];
  /** @type {Awaited<ReturnType<typeof v8Stats>>[]} */
  const v8Samples = [];
  /** @param {number[]} xs */
  const median = (xs) => {
    const v = [...xs].sort((a, b) => a - b);
    return v.length % 2 ? v[(v.length - 1) / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
  };
  /** @param {Sample[]} xs */
  const windowMedian = (xs) => Object.fromEntries(Object.keys(xs[0]).map((k) => [k, median(xs.map((x) => x[k] ?? 0))]));
  say(`soak: ${SOAK_RATE} requests/s (60 % reads), ${warmupMs / 1000} s warm-up, then ${SOAK_MINUTES} min`);
  const start = Date.now();
  let firstStats = null;
  let sampling = true;
  const sampler = (async () => {
    await sleep(warmupMs);
    firstStats = stats.totals();
    say(`soak: warm-up over, RSS sampled every ${SAMPLE_MS / 1000} s from now; ${firstStats.sent} requests so far`);
    while (sampling) {
      samples.push(rss());
      const v8 = await v8Stats();
      v8Samples.push(v8);
      heapSamples.push(v8.heapUsed);
      await sleep(SAMPLE_MS);
    }
  })();
  const ran = await load.run({
    rate: SOAK_RATE,
    concurrency: 24,
    until: () => stopping,
    maxMs: warmupMs + soakMs + 6000,
  });
  samples.push(rss());
  const v8 = await v8Stats();
  v8Samples.push(v8);
  heapSamples.push(v8.heapUsed);
  sampling = false;
  await sampler;
  /**
   * @param {Sample[]} xs
   * @returns {Record<string, { startMiB: number, endMiB: number, growthPct: number | null }>}
   */
  const growthOf = (xs) => {
    if (xs.length === 0) return {};
    const first = windowMedian(xs.slice(0, WINDOW));
    const last = windowMedian(xs.slice(-WINDOW));
    return Object.fromEntries(
      Object.keys(first).map((k) => [
        k,
        {
          startMiB: +(first[k] / 2 ** 20).toFixed(1),
          endMiB: +(last[k] / 2 ** 20).toFixed(1),
          growthPct: first[k] ? +(((last[k] - first[k]) / first[k]) * 100).toFixed(1) : null,
        },
      ]),
    );
  };
  const totals = stats.totals();
  const growth = growthOf(samples);
  const heapGrowth = growthOf(heapSamples.filter((h) => Object.values(h).every((v) => v !== null)));
  results.soak = {
    seconds: +((Date.now() - start) / 1000).toFixed(0),
    operations: ran.issued,
    requests: totals,
    byKind: Object.fromEntries(stats.byKind),
    failures: stats.failureSummary(),
    rss: growth,
    heapUsed: heapGrowth,
  };
  console.log(
    `\nsoak: ${totals.sent} requests in ${results.soak.seconds} s (${(totals.sent / results.soak.seconds).toFixed(1)}/s): ${totals.ok} ok, ${totals.failed} failed, ${totals.rejected} rejected (4xx)`,
  );
  console.log(
    `\nRSS: median of the first and of the last ${WINDOW} samples (${samples.length} in all, ${SAMPLE_MS / 1000} s apart).`,
  );
  console.log(
    '\n| process | RSS after warm-up MiB | RSS at end MiB | growth | V8 heap in use after warm-up MiB | at end MiB | growth |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const [k, g] of Object.entries(growth)) {
    const h = heapGrowth[k];
    console.log(
      `| ${k} | ${g.startMiB} | ${g.endMiB} | ${g.growthPct} % | ${h?.startMiB ?? '-'} | ${h?.endMiB ?? '-'} | ${h ? `${h.growthPct} %` : '-'} |`,
    );
  }
  // The series, to tell a steady climb (a leak) from a heap that breathes.
  /** @param {Sample} x */
  const mib = (x) =>
    Object.fromEntries(Object.entries(x).map(([k, v]) => [k, v === null ? null : +(v / 2 ** 20).toFixed(1)]));
  /** @type {Record<string, unknown>} */
  const series = { sampleMs: SAMPLE_MS, rssMiB: samples.map(mib) };
  for (const m of /** @type {(keyof typeof V8_METRICS)[]} */ (Object.keys(V8_METRICS)))
    series[`${m}MiB`] = v8Samples.map((x) => mib(x[m]));
  console.log(JSON.stringify({ soakSeries: series }));
  if (totals.failed + totals.rejected > 0)
    failed.push(`soak: ${totals.failed + totals.rejected} requests failed (${JSON.stringify(stats.failureSummary())})`);
  for (const [k, g] of Object.entries(growth))
    if (!k.startsWith('kafka') && (g.growthPct ?? 0) >= 10) failed.push(`soak: RSS of ${k} grew ${g.growthPct} %`);
  await reconcileAndPrint('soak', load, world);
}
