// @ts-check
// Event propagation as the rate grows, part of the growth run (docs/benchmarks.md#data-growth), or
// alone: `node infra/scripts/bench/growth-events.mjs` (after `npm run build`, with infra/local's
// variables loaded). On a distributed stack of its own (base port 7350 or BENCH_BASE_PORT + 50;
// bookings and every consumer of its booking stream: social, venues, notifications; no demo data):
// `booking-confirmed` committed in the bookings outbox → social's read model committed (the figure
// of bench/events.mjs), open loop: events are committed at a constant rate whatever became of the
// earlier ones, at 50, 200 and 1,000 per second, in alternating rounds (each round runs every rate
// once, and waits until everything arrived, 15 s at most, before the next rate). Then 2,000 and
// 4,000/s, once each while the rate before kept up, to find where the path stops keeping up: the
// lag (committed and not arrived) grows while the rate lasts. The line of the final table: p99 at each rate, against p99 at 1,000/s < 2× p99 at 50/s.
// Asserts nothing; about a minute after the stack is up (BENCH_GROWTH_EVENTS_SECONDS per rate and
// round, 3).
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, startStack } from '../stack.mjs';
import { confirmedData, now, watchArrivals } from './events.mjs';

const require = createRequire(import.meta.url);
/** @type {typeof import('@luxe/platform')} the build (the benchmarks measure what runs) */
const platform = require(join(ROOT, 'libs/platform/dist/index.js'));

/** The rates of the target, smallest first (events per second). */
export const RATES = [50, 200, 1000];
/** Past the target's rates, once each: where the lag starts to grow. */
const PROBE_RATES = [2000, 4000];
const ROUNDS = 2;
const SECONDS = Number(process.env.BENCH_GROWTH_EVENTS_SECONDS ?? 3);
/** How long a rate's events may take to arrive once it stopped: later, they count as never arrived. */
const DRAIN_MS = 15_000;
/** Transactions the generator may have open at once (an open loop needs them to hold its rate). */
const CONNECTIONS = 20;
const TARGET = 'p99 at 1,000/s < 2× p99 at 50/s';

/** @typedef {import('./growth-bookings.mjs').Line} Line */
/** @typedef {{ rate: number, committed: number, committedPerSecond: number, arrived: number, p50: number, p99: number, max: number, lagSlope: number, keepsUp: boolean, stages: Record<string, { p50: number, p99: number }> }} RateResult */

/** @param {number[]} xs @param {number} p */
const percentile = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
};
const sleep = (/** @type {number} */ ms) => new Promise((r) => setTimeout(r, ms));
/** A latency figure, or what it means when some events never arrived. @param {number} ms */
const fmt = (ms) => (Number.isFinite(ms) ? String(ms) : `> ${DRAIN_MS / 1000} s`);

/**
 * Least-squares slope of the lag samples (events per second): about 0 while the path keeps up,
 * the shortfall of its rate when it does not.
 * @param {{ t: number, lag: number }[]} samples t in ms
 */
function slope(samples) {
  const n = samples.length;
  if (n < 2) return 0;
  const mt = samples.reduce((a, s) => a + s.t, 0) / n;
  const ml = samples.reduce((a, s) => a + s.lag, 0) / n;
  const num = samples.reduce((a, s) => a + (s.t - mt) * (s.lag - ml), 0);
  const den = samples.reduce((a, s) => a + (s.t - mt) ** 2, 0);
  return den ? (num / den) * 1000 : 0;
}

/**
 * @param {{ services?: string[] }} [opts]
 * @returns {Promise<{ results: RateResult[], lines: Line[] } | null>}
 */
export async function benchGrowthEvents({ services = ['bookings', 'social', 'venues', 'notifications'] } = {}) {
  if (!process.env.LUXE_PG_ADMIN_URL || !process.env.KAFKA_BROKERS) {
    console.log('\nevent propagation by rate: skipped (infra/local variables not set)');
    return null;
  }
  const started = Date.now();
  const basePort = Number(process.env.BENCH_BASE_PORT ?? 7300) + 50;
  const id = process.env.BENCH_ID ? `_${process.env.BENCH_ID}` : '';
  const stack = await startStack({
    dbPrefix: `luxe_growthev${id}`,
    resetDatabases: true,
    basePort,
    gatewayPort: basePort,
    groupPrefix: `growthev${id.replace('_', '-')}.`,
    logDir: join(ROOT, '.data/bench-logs'),
    services,
    extraEnv: { LOG_LEVEL: 'warn', NODE_ENV: 'development' },
  });
  console.log(`\nEvent propagation by rate: stack ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  // ^C must not leave the stack's processes running.
  const abort = async () => {
    await stack.stop().catch(() => undefined);
    process.exit(1);
  };
  process.once('SIGINT', abort).once('SIGTERM', abort);
  const ds = platform.createDataSource({ url: stack.dbUrls.bookings, migrations: [], poolSize: CONNECTIONS });
  await ds.initialize();
  const watch = await watchArrivals(stack.dbUrls.social);
  const outbox = new platform.Outbox('bookings');
  const hostId = randomUUID();
  const data = confirmedData(hostId, randomUUID());
  let next = 0;
  /**
   * Commits `rate` events a second for `seconds` (each started at its time, not after the one
   * before), then waits (30 s at most) until they arrived: each one's commit → arrival.
   * @param {number} rate
   * @param {number} seconds
   */
  const run = async (rate, seconds) => {
    /** @type {Map<string, number>} */
    const committedAt = new Map();
    /** @type {Set<Promise<void>>} */
    const open = new Set();
    /** @type {{ t: number, lag: number }[]} */
    const lag = [];
    const total = Math.round(rate * seconds);
    // The generator's own event loop: commits and arrivals are timed by it, so its delays are in
    // the figures (printed with each round, to tell them from the path's).
    const loop = monitorEventLoopDelay({ resolution: 5 });
    loop.enable();
    const t0 = performance.now();
    let sent = 0;
    let failed = 0;
    let lastSample = t0;
    const commitOne = () => {
      const bookingId = randomUUID();
      const i = next++;
      const p = ds
        .transaction((m) => outbox.add(m, 'bookings.booking-confirmed', bookingId, data(bookingId, i)))
        .then(
          () => void committedAt.set(bookingId, now()),
          () => void failed++,
        )
        .finally(() => open.delete(p));
      open.add(p);
    };
    while (sent < total) {
      const due = Math.min(total, Math.floor(((performance.now() - t0) * rate) / 1000) + 1);
      // Each event at its time; when every connection is in a transaction the generator itself is
      // behind (its committed rate says so), and the late ones start as connections free up.
      for (; sent < due && open.size < CONNECTIONS; sent++) commitOne();
      if (performance.now() - lastSample >= 100) {
        lastSample = performance.now();
        let waiting = 0;
        for (const b of committedAt.keys()) if (!watch.arrivedAt.has(b)) waiting++;
        lag.push({ t: lastSample - t0, lag: waiting });
      }
      await sleep(1);
    }
    await Promise.all(open);
    const committedIn = (performance.now() - t0) / 1000;
    const until = Date.now() + DRAIN_MS;
    loop.disable();
    while ([...committedAt.keys()].some((b) => !watch.arrivedAt.has(b)) && Date.now() < until) await sleep(20);
    // One that has not arrived counts as the slowest (a p99 of Infinity when more than 1 % did not).
    const lat = [...committedAt].map(([b, t]) => (watch.arrivedAt.get(b) ?? Infinity) - t);
    if (failed) console.log(`${rate}/s: ${failed} transactions of the generator failed`);
    return {
      committed: committedAt.size,
      committedIn,
      lat,
      lagSlope: slope(lag),
      loopP99: loop.percentile(99) / 1e6,
      stages: await stagesOf(committedAt),
    };
  };
  /**
   * Where each event's time went, as bench/events.mjs splits it (the rows' own timestamps,
   * PostgreSQL's clock): commit → the relay's transaction (published_at), relay → social's inbox
   * transaction (processed_at: the start of the transaction that applied it, shared by a run applied
   * together), and that → the arrival.
   * @param {Map<string, number>} committedAt
   */
  const stagesOf = async (committedAt) => {
    const keys = [...committedAt.keys()];
    /** @type {{ key: string, id: string, published: string | null }[]} */
    const out = await ds.query(
      `SELECT key, envelope->>'id' AS id, extract(epoch FROM published_at) * 1000 AS published
         FROM outbox_events WHERE key = ANY($1::text[]) AND type = 'bookings.booking-confirmed'`,
      [keys],
    );
    const { rows: inbox } = await watch.social.query(
      `SELECT event_id::text AS id, min(extract(epoch FROM processed_at) * 1000) AS processed
         FROM inbox_events WHERE event_id = ANY($1::uuid[]) GROUP BY event_id`,
      [out.map((r) => r.id)],
    );
    const processed = new Map(
      inbox.map((/** @type {{ id: string, processed: string }} */ r) => [r.id, Number(r.processed)]),
    );
    /** @type {{ relay: number[], consumer: number[], commit: number[] }} */
    const stages = { relay: [], consumer: [], commit: [] };
    for (const r of out) {
      const c = /** @type {number} */ (committedAt.get(r.key));
      const a = watch.arrivedAt.get(r.key);
      const pub = r.published === null ? NaN : Number(r.published);
      const proc = processed.get(r.id) ?? NaN;
      if (Number.isFinite(pub)) stages.relay.push(pub - c);
      if (Number.isFinite(pub) && Number.isFinite(proc)) stages.consumer.push(proc - pub);
      if (Number.isFinite(proc) && a !== undefined) stages.commit.push(a - proc);
    }
    return stages;
  };
  /** @type {RateResult[]} */
  const results = [];
  try {
    await run(200, 3); // warm-up (JIT, pools, the consumers' first fetches), not counted
    /** @type {Record<number, { lat: number[], committed: number, committedIn: number, slopes: number[], stages: { relay: number[], consumer: number[], commit: number[] } }>} */
    const byRate = {};
    /** @param {number} r @param {number} round */
    const measure = async (r, round) => {
      const x = await run(r, SECONDS);
      const arrived = x.lat.filter(Number.isFinite).length;
      console.log(
        `round ${round + 1}, ${r}/s: committed ${x.committed} (${Math.round(x.committed / x.committedIn)}/s), arrived ${arrived}, p99 ${percentile(x.lat, 99).toFixed(1)} ms, lag growth ${Math.round(x.lagSlope)}/s; the generator's event-loop delay p99 ${x.loopP99.toFixed(1)} ms`,
      );
      const acc = (byRate[r] ??= {
        lat: [],
        committed: 0,
        committedIn: 0,
        slopes: [],
        stages: { relay: [], consumer: [], commit: [] },
      });
      acc.lat.push(...x.lat);
      for (const k of /** @type {const} */ (['relay', 'consumer', 'commit'])) acc.stages[k].push(...x.stages[k]);
      acc.committed += x.committed;
      acc.committedIn += x.committedIn;
      acc.slopes.push(x.lagSlope);
      return x.lagSlope < r / 10 && arrived === x.committed;
    };
    for (let round = 0; round < ROUNDS; round++) for (const r of RATES) await measure(r, round);
    // Higher rates, once each, while the one before kept up.
    let keptUp = Object.values(byRate).every((a) => a.lat.every(Number.isFinite));
    for (const r of PROBE_RATES) if (keptUp) keptUp = await measure(r, 0);
    for (const [key, acc] of Object.entries(byRate)) {
      const r = Number(key);
      const lagSlope = Math.max(...acc.slopes);
      const arrived = acc.lat.filter(Number.isFinite).length;
      results.push({
        rate: r,
        committed: acc.committed,
        committedPerSecond: Math.round(acc.committed / acc.committedIn),
        arrived,
        p50: +percentile(acc.lat, 50).toFixed(1),
        p99: +percentile(acc.lat, 99).toFixed(1),
        max: +percentile(acc.lat, 100).toFixed(1),
        lagSlope: Math.round(lagSlope),
        // Keeps up: the lag grows by less than a tenth of the rate, and everything arrived.
        keepsUp: lagSlope < r / 10 && arrived === acc.committed,
        stages: Object.fromEntries(
          Object.entries(acc.stages).map(([k, xs]) => [
            k,
            { p50: +percentile(xs, 50).toFixed(1), p99: +percentile(xs, 99).toFixed(1) },
          ]),
        ),
      });
    }
  } finally {
    await watch.social.query('DELETE FROM event_cards WHERE host_id = $1', [hostId]).catch(() => undefined);
    await watch.stop();
    await watch.social.end().catch(() => undefined);
    await ds.destroy();
    await stack.stop();
    process.off('SIGINT', abort).off('SIGTERM', abort);
  }
  console.log(
    `\nEvent propagation by rate, booking-confirmed committed → social's read model committed, open loop, ${ROUNDS} alternating rounds of ${SECONDS} s per target rate, probes once (${((Date.now() - started) / 1000).toFixed(0)} s in all; load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}):\n`,
  );
  console.log('| rate /s | committed | committed /s | arrived | p50 ms | p99 ms | max ms | lag growth /s | keeps up |');
  console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---|');
  for (const r of results)
    console.log(
      `| ${r.rate} | ${r.committed} | ${r.committedPerSecond} | ${r.arrived} | ${fmt(r.p50)} | ${fmt(r.p99)} | ${fmt(r.max)} | ${r.lagSlope} | ${r.keepsUp ? 'yes' : 'no'} |`,
    );
  console.log(
    "\nWhere the time goes by rate (each stage on its own, PostgreSQL's clock against the generator's; p50 / p99 ms):\n",
  );
  console.log(
    '| rate /s | commit → relay transaction | relay → consumer transaction | consumer transaction → committed |',
  );
  console.log('|---:|---:|---:|---:|');
  for (const r of results) {
    const st = (/** @type {{ p50: number, p99: number }} */ x) => `${x.p50} / ${x.p99}`;
    console.log(`| ${r.rate} | ${st(r.stages.relay)} | ${st(r.stages.consumer)} | ${st(r.stages.commit)} |`);
  }
  console.log(JSON.stringify({ bench: 'growth-events', seconds: SECONDS, rounds: ROUNDS, results }));
  return { results, lines: growthEventLines(results) };
}

/**
 * The final table's lines: p99 at the target's rates against its target, and where the lag grows.
 * @param {RateResult[]} results
 * @returns {Line[]}
 */
export function growthEventLines(results) {
  const target = results.filter((r) => RATES.includes(r.rate));
  const first = target[0];
  const last = /** @type {RateResult} */ (target.at(-1));
  const behind = results.find((r) => !r.keepsUp);
  const generatorShort = results.find((r) => r.committedPerSecond < r.rate * 0.9);
  return [
    {
      figure: `event propagation booking-confirmed → social read model, open loop at ${target.map((r) => r.rate.toLocaleString('en-US')).join(' / ')} events/s`,
      value: `p99 ${target.map((r) => fmt(r.p99)).join(' / ')} ms (${Number.isFinite(last.p99 / first.p99) ? `${(last.p99 / first.p99).toFixed(2)}×` : 'not all arrived'}), p50 ${target.map((r) => fmt(r.p50)).join(' / ')} ms`,
      target: TARGET,
      met: last.p99 < 2 * first.p99 && target.every((r) => r.keepsUp),
    },
    {
      figure: 'event propagation: the rate at which the lag grows',
      value: behind
        ? `${behind.rate.toLocaleString('en-US')}/s (lag +${behind.lagSlope}/s${generatorShort ? `; the generator committed ${generatorShort.committedPerSecond}/s at ${generatorShort.rate}/s` : ''})`
        : `none up to ${/** @type {RateResult} */ (results.at(-1)).rate.toLocaleString('en-US')}/s (committed ${/** @type {RateResult} */ (results.at(-1)).committedPerSecond}/s)`,
      target: '(reported)',
      met: null,
    },
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const out = await benchGrowthEvents();
  if (out) for (const l of out.lines) console.log(`| ${l.figure} | ${l.value} | ${l.target} | ${l.met} |`);
}
