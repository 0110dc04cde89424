// @ts-check
// The data-growth run (docs/benchmarks.md#data-growth): how a read's p99 and bytes change
// as the data grows, on a distributed stack of its own (real PostgreSQL, Redis, Kafka of infra/local;
// only the services the cases need), seeded with generated rows in SQL (INSERT … SELECT
// generate_series: one statement per size). `npm run bench -- --growth` alone, and part of
// `npm run bench`, whose final table gets one line per figure with its target: p99 grows by less
// than 2× from the smallest size to the largest. Asserts nothing; about 2 to 3 minutes.
//
// Each growth case is one entry of GROWTH_CASES: the services it needs, its sizes, how it seeds
// one size, the targets it measures at every size, and (optionally) the queries whose plans it
// prints at the largest size. Another case is another entry.
// The bookings and member-list figures (hold and booking p99 by existing bookings, a member's paged
// reads by items) need a seeded demo stack and generated bookings: infra/scripts/bench/growth-bookings.mjs
// runs them on a stack of its own after this one stops, and its lines join this run's; then event
// propagation at 50, 200 and 1,000 events per second (open loop) and where it stops keeping up:
// infra/scripts/bench/growth-events.mjs, on a stack of its own too.
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { ROOT, startStack } from '../stack.mjs';
import { benchGrowthBookings } from './growth-bookings.mjs';
import { benchGrowthEvents } from './growth-events.mjs';

const CONNECTIONS = Number(process.env.BENCH_GROWTH_CONNECTIONS ?? 50);
// More rounds of a few seconds rather than a few long ones: a shared machine's load drifts within a minute.
const ROUNDS = Number(process.env.BENCH_GROWTH_ROUNDS ?? 5);
const SECONDS = Number(process.env.BENCH_GROWTH_SECONDS ?? 2);

/**
 * One read measured at every size of a case.
 * @typedef {object} GrowthTarget
 * @property {string} name what the table's line says
 * @property {(size: number) => string} path the first request's path at that size
 * @property {(size: number) => (() => string) | undefined} [vary] a path per request (none: `path` every time)
 */
/**
 * @typedef {object} GrowthCase
 * @property {string} name
 * @property {string[]} services what the stack starts for it
 * @property {number[]} sizes smallest first
 * @property {(db: pg.Client, size: number) => Promise<void>} seed adds the rows of one size to the database of `db`
 * @property {string} db the service whose database `seed` and `explain` use
 * @property {GrowthTarget[]} targets
 * @property {(size: number) => { name: string, sql: string, params: unknown[] }[]} [explain] plans printed at the largest size
 */
/**
 * What one target measured: per size, the median p50 and p99 over the rounds, errors, the first
 * answer's bytes.
 * @typedef {{ case: string, target: string, sizes: { size: number, p50: number, p99: number, rps: number, errors: number, bytes: number }[] }} GrowthResult
 */
/**
 * A whole growth run: the cases' results, growth-bookings.mjs's lines and growth-events.mjs's.
 * @typedef {{ results: GrowthResult[], bookings: import('./growth-bookings.mjs').Line[], events: import('./growth-bookings.mjs').Line[] }} GrowthRun
 */

/** The generated venues of one size: a city of their own (`Growth<size>`), so each size's pages are answers of their own. */
const cityOf = (/** @type {number} */ size) => `Growth${size}`;
/** Venue n of a city was created n seconds before this instant (newest first: venue 1 is the first page's first). */
const EPOCH = Date.parse('2026-01-01T00:00:00Z');

/**
 * Discovery's venue list of one city at 10, 1,000 and 100,000 venues: the first page (what the
 * spec's call answers, through the gateway and its cache as members get it), and a page from a
 * random place in the list by its cursor, a new one for every request, so every read misses both
 * caches and is the database's keyset range (the cost that would grow without the index).
 * @type {GrowthCase}
 */
const venuesByCity = {
  name: 'discovery venue list',
  services: ['venues'],
  sizes: [10, 1_000, 100_000],
  db: 'venues',
  async seed(db, size) {
    // Names, descriptions and prices as varied as the demo's: the bytes of a page are a real page's.
    await db.query(
      `INSERT INTO venues (id, owner_id, name, type, subtype, city, state, address, description, amenities,
         capacity, price_per_hour, rating, approval_status, is_active, created_at)
       SELECT gen_random_uuid(), $1, 'Growth venue ' || g,
         CASE WHEN g % 5 = 0 THEN 'yacht' ELSE 'club' END, CASE WHEN g % 5 = 0 THEN NULL ELSE 'nightclub' END,
         $2 || ', FL', 'Florida', g || ' Ocean Drive',
         'A generated venue of the data-growth bench: a rooftop lounge with a view of the bay, bottle service and a resident DJ every weekend.',
         ARRAY['DJ', 'Bottle service', 'Rooftop'], 100 + g % 400, 250 + g % 2000, 4.5, 'approved', true,
         to_timestamp($3::double precision / 1000) - g * interval '1 second'
       FROM generate_series(1, $4::int) g`,
      [randomUUID(), cityOf(size), EPOCH, size],
    );
    await db.query('ANALYZE venues');
  },
  targets: [
    {
      name: 'first page (no limit: the spec’s call), through the gateway',
      path: (size) => `/api/venues/${cityOf(size)}/Florida/all`,
    },
    {
      name: 'a page from a random cursor (every read a miss of both caches)',
      path: (size) => `/api/venues/${cityOf(size)}/Florida/all`,
      vary: (size) => () =>
        `/api/venues/${cityOf(size)}/Florida/all?cursor=${cursorAt(EPOCH - (1 + Math.floor(Math.random() * size)) * 1000)}`,
    },
  ],
  // The repository's query (VenueRepository.findPublicPage) as SQL: the first page and one after a cursor.
  explain: (size) => {
    const select = `SELECT v.*, to_char(v.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS page_at
      FROM venues v WHERE v.approval_status = 'approved' AND v.is_active = true
        AND lower(trim(v.state)) IN (lower($1), lower($2)) AND lower(trim(split_part(v.city, ',', 1))) = lower($3)`;
    const order = `ORDER BY v.created_at DESC, v.id ASC LIMIT 21`;
    const middle = new Date(EPOCH - Math.floor(size / 2) * 1000).toISOString();
    return [
      { name: 'first page', sql: `${select} ${order}`, params: ['Florida', 'FL', cityOf(size).toLowerCase()] },
      {
        name: 'a page after a cursor in the middle',
        sql: `${select} AND v.created_at <= CAST($4 AS timestamptz) AND (v.created_at < CAST($4 AS timestamptz) OR v.id > $5) ${order}`,
        params: ['Florida', 'FL', cityOf(size).toLowerCase(), middle, randomUUID()],
      },
    ];
  },
};

/**
 * A cursor at the venue created at `ms`, with a random id: a URL no request asked for before
 * (a miss of both caches at every size, even 10), the page starting at that second.
 */
function cursorAt(/** @type {number} */ ms) {
  return Buffer.from(JSON.stringify([new Date(ms).toISOString(), randomUUID()])).toString('base64url');
}

/** Every growth case of the run; a new one is an entry here. */
export const GROWTH_CASES = [venuesByCity];

/** @param {number[]} xs */
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * Starts one stack for every case, seeds each size (cumulatively: the largest size's table holds
 * the smaller sizes' rows too), measures every target at every size in alternating rounds (each
 * round runs every size once, so the machine's drift hits them alike), prints a table per case and
 * returns the results (`growthRows` turns them into the final table's lines); then the bookings and
 * member-list figures of growth-bookings.mjs, and event propagation by rate (growth-events.mjs), each
 * on a stack of its own (`bookings: false`, `events: false` leave them out).
 * @param {{ cases?: GrowthCase[], bookings?: boolean, events?: boolean }} [opts]
 * @returns {Promise<GrowthRun | null>}
 */
export async function benchGrowth({ cases = GROWTH_CASES, bookings = true, events = true } = {}) {
  if (!process.env.LUXE_PG_ADMIN_URL || !process.env.KAFKA_BROKERS) {
    console.log(
      '\ndata growth: skipped (infra/local variables not set; run bash infra/local/up.sh and source its env file)',
    );
    return null;
  }
  const started = Date.now();
  const basePort = Number(process.env.BENCH_BASE_PORT ?? 4600);
  const id = process.env.BENCH_ID ? `_${process.env.BENCH_ID}` : '';
  const stack = await startStack({
    dbPrefix: `luxe_growth${id}`,
    resetDatabases: true,
    basePort,
    gatewayPort: basePort,
    groupPrefix: `growth${id.replace('_', '-')}.`,
    logDir: join(ROOT, '.data/bench-logs'),
    services: [...new Set(cases.flatMap((c) => c.services))],
    extraEnv: { LOG_LEVEL: 'warn', NODE_ENV: 'development' },
  });
  console.log(`\nData growth: stack ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  /** @type {GrowthResult[]} */
  const results = [];
  try {
    for (const c of cases) {
      const db = new pg.Client({ connectionString: stack.dbUrls[c.db] });
      await db.connect();
      try {
        for (const size of c.sizes) {
          const t0 = Date.now();
          await c.seed(db, size);
          console.log(`${c.name}: seeded ${size.toLocaleString('en-US')} in ${Date.now() - t0} ms`);
        }
        const largest = /** @type {number} */ (c.sizes.at(-1));
        for (const q of c.explain?.(largest) ?? []) {
          const plan = await db.query(`EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY ON) ${q.sql}`, q.params);
          console.log(`\nEXPLAIN ${c.name}, ${q.name}, at ${largest.toLocaleString('en-US')}:\n`);
          console.log(plan.rows.map((r) => `    ${r['QUERY PLAN']}`).join('\n'));
        }
      } finally {
        await db.end();
      }
      for (const t of c.targets) {
        /** @type {Record<number, { p50: number, p99: number, rps: number, errors: number }[]>} */
        const rounds = Object.fromEntries(c.sizes.map((s) => [s, []]));
        /** @type {Record<number, number>} */
        const bytes = {};
        for (const size of c.sizes) {
          const r = await fetch(`${stack.gatewayUrl}${t.path(size)}`);
          bytes[size] = Buffer.byteLength(await r.text());
          if (r.status !== 200) throw new Error(`${c.name}, ${t.name}, ${size}: ${r.status}`);
          await measure(stack.gatewayUrl, t, size, 1); // warm-up
        }
        for (let i = 0; i < ROUNDS; i++)
          for (const size of c.sizes) rounds[size].push(await measure(stack.gatewayUrl, t, size, SECONDS));
        results.push({
          case: c.name,
          target: t.name,
          sizes: c.sizes.map((size) => ({
            size,
            p50: median(rounds[size].map((r) => r.p50)),
            p99: median(rounds[size].map((r) => r.p99)),
            rps: median(rounds[size].map((r) => r.rps)),
            errors: rounds[size].reduce((a, r) => a + r.errors, 0),
            bytes: bytes[size],
          })),
        });
      }
    }
  } finally {
    await stack.stop();
  }
  console.log(
    `\nData growth, distributed mode, median of ${ROUNDS} alternating rounds of ${SECONDS} s, ${CONNECTIONS} connections (${((Date.now() - started) / 1000).toFixed(0)} s in all; load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}):\n`,
  );
  console.log('| case | target | size | requests/s | p50 ms | p99 ms | errors | bytes |');
  console.log('|---|---|---:|---:|---:|---:|---:|---:|');
  for (const r of results)
    for (const s of r.sizes)
      console.log(
        `| ${r.case} | ${r.target} | ${s.size.toLocaleString('en-US')} | ${s.rps.toFixed(0)} | ${s.p50} | ${s.p99} | ${s.errors} | ${s.bytes} |`,
      );
  console.log(JSON.stringify({ bench: 'growth', connections: CONNECTIONS, rounds: ROUNDS, results }));
  // One stack at a time: the machine is shared, and both stacks would compete for it.
  const bookingLines = bookings ? await benchGrowthBookings() : [];
  return { results, bookings: bookingLines, events: events ? ((await benchGrowthEvents())?.lines ?? []) : [] };
}

/**
 * One autocannon run of a target at a size: its figures.
 * @param {string} gatewayUrl
 * @param {GrowthTarget} t
 * @param {number} size
 * @param {number} seconds
 */
async function measure(gatewayUrl, t, size, seconds) {
  const vary = t.vary?.(size);
  const r = await autocannon({
    url: `${gatewayUrl}${t.path(size)}`,
    connections: CONNECTIONS,
    duration: seconds,
    ...(vary
      ? { requests: [{ setupRequest: (/** @type {{ path: string }} */ req) => ({ ...req, path: vary() }) }] }
      : {}),
  });
  return { p50: r.latency.p50, p99: r.latency.p99, rps: r.requests.average, errors: r.errors + r.non2xx };
}

/**
 * The final table's lines of a growth run: per target, p99 and bytes at each size, against
 * "p99 at the largest size < 2× p99 at the smallest"; then growth-bookings.mjs's and growth-events.mjs's lines as they are.
 * @param {GrowthRun} run
 * @returns {[string, string, string, boolean | null][]}
 */
export function growthRows(run) {
  /** @type {[string, string, string, boolean | null][]} */
  const lines = [...run.bookings, ...(run.events ?? [])].map((l) => [
    `data growth: ${l.figure}`,
    l.value,
    l.target,
    l.met,
  ]);
  return [...run.results.map(growthRow), .../** @type {[string, string, string, boolean | null][]} */ (lines)];
}

/**
 * @param {GrowthResult} r
 * @returns {[string, string, string, boolean]}
 */
function growthRow(r) {
  const first = r.sizes[0];
  const last = /** @type {typeof first} */ (r.sizes.at(-1));
  const sizes = r.sizes.map((s) => s.size.toLocaleString('en-US')).join(' / ');
  const errors = r.sizes.reduce((a, s) => a + s.errors, 0);
  return [
    `data growth: ${r.case}, ${r.target}, at ${sizes}`,
    `p99 ${r.sizes.map((s) => s.p99).join(' / ')} ms (${(last.p99 / first.p99).toFixed(2)}×), bytes ${r.sizes.map((s) => s.bytes).join(' / ')}${errors ? `, ${errors} errors` : ''}`,
    `p99(${last.size.toLocaleString('en-US')}) < 2× p99(${first.size.toLocaleString('en-US')})`,
    last.p99 < 2 * first.p99 && errors === 0,
  ];
}
