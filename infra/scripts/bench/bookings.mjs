// @ts-check
// Booking creation on the distributed stack of `npm run bench` (infra/scripts/bench/discovery.mjs
// starts it): non-conflicting bookings per second through the gateway next to pgbench's TPS of one
// equivalent insert transaction on the same PostgreSQL, then 500 concurrent requests for one
// exclusive slot (exactly one may win). Asserts nothing.
import { spawnSync } from 'node:child_process';
import http from 'node:http';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { ROOT } from '../stack.mjs';
import { demoLogin } from './demo.mjs';

const require = createRequire(import.meta.url);
const platform = require(join(ROOT, 'libs/platform/dist/index.js'));

const CONNECTIONS = 20;
const SECONDS = 10;
const CONTENDERS = Number(process.env.BENCH_CONTENDERS ?? 500);
/** @param {number} n */
const day = (n) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const STARTS = ['18:00', '19:00', '20:00', '21:00', '22:00', '23:00', '00:00', '01:00', '02:00'];

/** The demo clubs' sections, regular and exclusive. */
/** @param {string} gatewayUrl */
async function demoSections(gatewayUrl) {
  const clubs = /** @type {any[]} */ (await (await fetch(`${gatewayUrl}/api/venues`)).json()).filter(
    (v) => v.type === 'club',
  );
  const units = [];
  for (const c of clubs)
    for (const s of /** @type {any[]} */ (await (await fetch(`${gatewayUrl}/api/venues/${c.id}/sections`)).json()))
      units.push({
        venueId: c.id,
        sectionId: s.id,
        exclusive: s.isExclusive || s.maxSimultaneousBookings === 1,
        deposit: s.depositPercent > 0,
      });
  return { clubs, units };
}

/** The pgbench binary (Debian's postgresql package, which infra/local/postgres.sh installs), or null. */
function pgbenchBinary() {
  if (process.env.PGBENCH) return process.env.PGBENCH;
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  for (const v of readdirSync(base).sort().reverse())
    if (existsSync(join(base, v, 'bin/pgbench'))) return join(base, v, 'bin/pgbench');
  return null;
}

/**
 * What one booking creation does in PostgreSQL, as one pgbench transaction on a scratch database
 * of the same server: lock the section's row, count the overlapping bookings, insert the booking
 * (the bookings table's columns), then the outbox: the stream's sequence, the event row, NOTIFY.
 */
/**
 * @param {string} adminUrl
 * @param {string} dbPrefix
 */
async function pgbenchTps(adminUrl, dbPrefix) {
  const bin = pgbenchBinary();
  if (!bin) return { skipped: 'pgbench not found (apt-get install postgresql-15 or set PGBENCH)' };
  const db = `${dbPrefix}_pgbench`;
  await platform.ensureDatabase(adminUrl, db);
  const url = platform.databaseUrl(adminUrl, db);
  const ds = platform.createDataSource({ url, migrations: [] });
  await platform.initDatabase(ds); // the outbox tables, exactly as the services have them
  await ds.query(`DROP TABLE IF EXISTS bench_bookings, bench_sections`);
  await ds.query(
    `CREATE TABLE bench_sections (section_id integer PRIMARY KEY, venue_id uuid NOT NULL, name text NOT NULL, price_per_hour numeric(10,2) NOT NULL, max_simultaneous_bookings integer NOT NULL, is_active boolean NOT NULL)`,
  );
  await ds.query(
    `INSERT INTO bench_sections SELECT g, gen_random_uuid(), 'Main Floor', 300, 1000000, true FROM generate_series(1, 12) g`,
  );
  await ds.query(`CREATE TABLE bench_bookings (
    id uuid PRIMARY KEY, host_id uuid NOT NULL, venue_id uuid NOT NULL, venue_name text NOT NULL, venue_type text NOT NULL, venue_city text NOT NULL,
    venue_state text NOT NULL, venue_image text NOT NULL, section_id integer, section_name text NOT NULL, section_type text NOT NULL, dancer_id uuid,
    booking_date date NOT NULL, start_time text NOT NULL, end_time text NOT NULL, duration integer NOT NULL, starts_at timestamptz NOT NULL,
    ends_at timestamptz NOT NULL, total_cost numeric(10,2) NOT NULL, friends jsonb NOT NULL DEFAULT '[]', guest_visibility text NOT NULL DEFAULT 'both',
    status text NOT NULL, event_description text, hold_expires_at timestamptz, created_at timestamptz NOT NULL DEFAULT now())`);
  await ds.query(`CREATE INDEX ON bench_bookings (host_id)`);
  await ds.query(`CREATE INDEX ON bench_bookings (venue_id, section_id, starts_at)`);
  await ds.query(`TRUNCATE outbox_events, outbox_sequences`);
  await ds.destroy();
  const dir = mkdtempSync(join(tmpdir(), 'luxe-pgbench-'));
  const script = join(dir, 'booking.sql');
  writeFileSync(
    script,
    `\\set s random(1, 12)
\\set d random(2, 300)
\\set h random(0, 8)
BEGIN;
SELECT * FROM bench_sections WHERE section_id = :s FOR UPDATE;
SELECT count(*) FROM bench_bookings WHERE section_id = :s AND status IN ('confirmed', 'held') AND starts_at < current_date + :d + make_interval(hours => 19 + :h) AND ends_at > current_date + :d + make_interval(hours => 18 + :h);
INSERT INTO bench_bookings (id, host_id, venue_id, venue_name, venue_type, venue_city, venue_state, venue_image, section_id, section_name, section_type, booking_date, start_time, end_time, duration, starts_at, ends_at, total_cost, status)
  VALUES (gen_random_uuid(), gen_random_uuid(), gen_random_uuid(), 'Velvet', 'club', 'Miami', 'Florida', '/api/placeholder-venue', :s, 'Main Floor', 'Table', current_date + :d, '21:00', '22:00', 1, current_date + :d + make_interval(hours => 18 + :h), current_date + :d + make_interval(hours => 19 + :h), 300, 'confirmed');
INSERT INTO outbox_sequences (stream, key, sequence) VALUES ('bookings.booking', md5(random()::text), 1) ON CONFLICT (stream, key) DO UPDATE SET sequence = outbox_sequences.sequence + 1 RETURNING sequence;
INSERT INTO outbox_events (id, type, version, stream, sequence, key, envelope, bytes, correlation_id, trace_parent)
  VALUES (gen_random_uuid(), 'bookings.booking-confirmed', 1, 'bookings.booking', 1, md5(random()::text), jsonb_build_object('type', 'bookings.booking-confirmed', 'data', jsonb_build_object('venueName', 'Velvet', 'bookingDate', current_date + :d, 'startTime', '21:00', 'totalCost', '300.00', 'hostFirstName', 'Ada', 'venueCity', 'Miami', 'venueState', 'Florida', 'sectionType', 'Table', 'guestVisibility', 'both')), 900, NULL, NULL);
SELECT pg_notify('bench_outbox', '');
COMMIT;
`,
  );
  try {
    const r = spawnSync(bin, ['-n', '-c', String(CONNECTIONS), '-j', '2', '-T', String(SECONDS), '-f', script, url], {
      encoding: 'utf8',
    });
    const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(r.stdout) ?? /tps = ([\d.]+)/.exec(r.stdout);
    const lat = /latency average = ([\d.]+) ms/.exec(r.stdout);
    if (!tps) return { skipped: `pgbench failed: ${(r.stderr || r.stdout).slice(0, 400)}` };
    return { tps: Number(tps[1]), latencyAvgMs: lat ? Number(lat[1]) : null };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Non-conflicting booking creation through the gateway: the demo host books the demo clubs'
 * regular sections (unlimited places) on random nights and hours, 20 connections for 10 s. Each
 * booking is priced, checked and counted under its section's row lock, and published through
 * the outbox. Then pgbench's TPS of the same work in SQL alone, same connections and time.
 */
/**
 * @param {string} gatewayUrl
 * @param {{ adminUrl: string, dbPrefix: string }} db
 */
export async function benchBookings(gatewayUrl, { adminUrl, dbPrefix }) {
  const cookie = await demoLogin(gatewayUrl);
  const { clubs, units: all } = await demoSections(gatewayUrl);
  const units = all.filter((u) => !u.exclusive && !u.deposit);
  const body = () => ({
    ...pick(units),
    bookingDate: day(2 + Math.floor(Math.random() * 300)),
    startTime: STARTS[Math.floor(Math.random() * 9)],
    duration: 1,
  });
  /** @param {typeof units} xs */
  const pick = (xs) => {
    const u = xs[Math.floor(Math.random() * xs.length)];
    return { venueId: u.venueId, sectionId: u.sectionId };
  };
  // The demo venues reach bookings by their events: wait until it can book them.
  const probe = () =>
    fetch(`${gatewayUrl}/api/bookings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify(body()),
    });
  for (let i = 0; i < 60 && (await probe()).status !== 201; i++) await new Promise((r) => setTimeout(r, 1000));
  /** @type {Record<string, number>} */
  const statuses = {};
  const r = await autocannon({
    url: `${gatewayUrl}/api/bookings`,
    method: 'POST',
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: { 'content-type': 'application/json', cookie },
    requests: [{ setupRequest: (req) => ({ ...req, body: JSON.stringify(body()) }) }],
  });
  for (const [code, s] of Object.entries(r.statusCodeStats ?? {})) statuses[code] = s.count;
  const pgb = await pgbenchTps(adminUrl, dbPrefix);
  console.log(
    `\nPOST /api/bookings, non-conflicting (${units.length} sections of ${clubs.length} demo clubs, random nights), ${CONNECTIONS} connections, ${SECONDS} s, against pgbench of the same transaction in SQL:\n`,
  );
  console.log('| path | per second | p50 ms | p99 ms | statuses | errors |');
  console.log('|---|---:|---:|---:|---|---:|');
  console.log(
    `| gateway → bookings service | ${r.requests.average.toFixed(0)} | ${r.latency.p50} | ${r.latency.p99} | ${JSON.stringify(statuses)} | ${r.errors} |`,
  );
  console.log(
    pgb.tps
      ? `| pgbench, one equivalent insert transaction | ${pgb.tps.toFixed(0)} | (avg ${pgb.latencyAvgMs} ms) | | | |`
      : `| pgbench | ${pgb.skipped} | | | | |`,
  );
  if (pgb.tps) console.log(`\nbookings/s over pgbench TPS: ${((r.requests.average / pgb.tps) * 100).toFixed(1)} %`);
  const out = {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    statuses,
    errors: r.errors,
    pgbench: pgb,
  };
  console.log(JSON.stringify({ bench: 'bookings', ...out }));
  return out;
}

/**
 * 500 concurrent POSTs for the same exclusive section, night and hour, by the demo host (one
 * host: the slot check is the section's, whoever asks). Exactly one may win (201); the others
 * are refused with 409. Counts every status.
 */
/** @param {string} gatewayUrl */
export async function benchContention(gatewayUrl) {
  const cookie = await demoLogin(gatewayUrl);
  const { units } = await demoSections(gatewayUrl);
  const slot = units.find((u) => u.exclusive && !u.deposit);
  if (!slot) {
    console.log('\ncontention: skipped (no exclusive demo section without a deposit)');
    return null;
  }
  const body = JSON.stringify({
    venueId: slot.venueId,
    sectionId: slot.sectionId,
    bookingDate: day(350 + Math.floor(Math.random() * 10)),
    startTime: '22:00',
    duration: 2,
  });
  // One socket per contender, all opened at once (node:http, no pooling limit).
  const agent = new http.Agent({ keepAlive: false, maxSockets: CONTENDERS });
  const post = () =>
    new Promise((res, rej) => {
      const req = http.request(
        `${gatewayUrl}/api/bookings`,
        {
          method: 'POST',
          agent,
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), cookie },
        },
        (r) => {
          r.resume();
          r.on('end', () => res(r.statusCode));
        },
      );
      req.on('error', rej);
      req.end(body);
    });
  /** @type {Record<number, number>} */
  const statuses = {};
  let failed = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CONTENDERS }, () =>
      post().then(
        (status) => void (statuses[status] = (statuses[status] ?? 0) + 1),
        () => void failed++,
      ),
    ),
  );
  const ms = performance.now() - t0;
  agent.destroy();
  const winners = statuses[201] ?? 0;
  const conflicts = statuses[409] ?? 0;
  const others = Object.entries(statuses).filter(([c]) => c !== '201' && c !== '409');
  console.log(
    `\n${CONTENDERS} concurrent POST /api/bookings for one exclusive section, night and hour (${(ms / 1000).toFixed(1)} s):\n`,
  );
  console.log('| winners (201) | refused (409) | other statuses | network errors | exactly one winner |');
  console.log('|---:|---:|---|---:|---|');
  console.log(
    `| ${winners} | ${conflicts} | ${others.length ? JSON.stringify(Object.fromEntries(others)) : 'none'} | ${failed} | ${winners === 1 ? 'yes' : 'NO'} |`,
  );
  const out = { contenders: CONTENDERS, winners, conflicts, statuses, networkErrors: failed, seconds: ms / 1000 };
  console.log(JSON.stringify({ bench: 'contention', ...out }));
  return out;
}
