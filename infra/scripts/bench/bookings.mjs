// @ts-check
// Booking creation on the distributed stack of `npm run bench` (infra/scripts/bench/discovery.mjs
// starts it): non-conflicting bookings per second through the gateway next to pgbench's TPS of the
// same transaction on the same PostgreSQL (alternating rounds), then 500 concurrent requests for one
// exclusive slot (exactly one may win). Asserts nothing.
import { spawnSync } from 'node:child_process';
import http from 'node:http';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { ROOT } from '../stack.mjs';
import { demoLogin } from './demo.mjs';

const require = createRequire(import.meta.url);
const platform = require(join(ROOT, 'libs/platform/dist/index.js'));

const CONNECTIONS = 20;
const ROUNDS = Number(process.env.BENCH_BOOKING_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_BOOKING_SECONDS ?? 5);
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
 * What one booking creation sends to PostgreSQL, as one pgbench transaction (`-M extended`, the
 * driver's protocol) on a scratch database made by the bookings service's own migrations (its
 * tables, indexes and constraints) holding the bench stack's demo venue, section and host cards:
 * the venue's card and the host's (read before the transaction; the service reads them at once,
 * on two connections), then BEGIN, the section's row locked (FOR UPDATE), the overlapping
 * bookings counted, the booking row inserted (every column the service writes), the outbox
 * statement (`OUTBOX_ADD_SQL`, the very text the service sends: SET LOCAL synchronous_commit = on,
 * the stream's version, the event row, NOTIFY) and COMMIT. The server runs with
 * `synchronous_commit = off` (infra/local): without the outbox's SET LOCAL a pgbench commit would
 * not wait for the disk where the service's does. One script per section, chosen at random
 * (pgbench has no arrays); nights and hours at random, as the gateway run's.
 */
/**
 * @param {string} adminUrl
 * @param {string} dbPrefix the bench stack's databases (its bookings database holds the demo cards)
 * @param {{ venueId: string, sectionId: string }[]} units the sections the gateway run books
 * @param {string} hostId the demo host
 * @returns {Promise<{ skipped: string } | { run: (seconds: number) => { tps: number, latencyAvgMs: number | null } | { skipped: string }, close: () => void }>}
 */
async function pgbenchSetup(adminUrl, dbPrefix, units, hostId) {
  const bin = pgbenchBinary();
  if (!bin) return { skipped: 'pgbench not found (apt-get install postgresql-15 or set PGBENCH)' };
  const { migrations } = require(join(ROOT, 'services/bookings/dist/migrations/index.js'));
  const db = `${dbPrefix}_pgbench`;
  const source = platform.createDataSource({
    url: platform.databaseUrl(adminUrl, `${dbPrefix}_bookings`),
    migrations: [],
  });
  await source.initialize();
  // The cards as the stack's bookings service has them (copied: the scratch database has no consumers).
  const venues = await source.query(`SELECT * FROM venue_cards WHERE venue_id = ANY($1)`, [
    units.map((u) => u.venueId),
  ]);
  const sections = await source.query(`SELECT * FROM section_cards WHERE section_id = ANY($1)`, [
    units.map((u) => u.sectionId),
  ]);
  const members = await source.query(`SELECT * FROM member_cards WHERE user_id = $1`, [hostId]);
  await source.destroy();
  const adminDs = platform.createDataSource({ url: adminUrl, migrations: [] });
  await adminDs.initialize();
  await adminDs.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
  await adminDs.destroy();
  await platform.ensureDatabase(adminUrl, db);
  const url = platform.databaseUrl(adminUrl, db);
  const ds = platform.createDataSource({ url, migrations });
  await platform.initDatabase(ds); // the outbox tables and bookings' own, exactly as the service has them
  /** @type {(table: string, rows: Record<string, unknown>[]) => Promise<void>} */
  const copy = async (table, rows) => {
    for (const r of rows) {
      const cols = Object.keys(r);
      await ds.query(
        `INSERT INTO ${table} (${cols.join(', ')}) VALUES (${cols.map((_, i) => `$${i + 1}`).join(', ')})`,
        cols.map((c) =>
          r[c] !== null && typeof r[c] === 'object' && !(r[c] instanceof Date) ? JSON.stringify(r[c]) : r[c],
        ),
      );
    }
  };
  await copy('venue_cards', venues);
  await copy('section_cards', sections);
  await copy('member_cards', members);
  await ds.destroy();
  /** @param {unknown} v */
  const lit = (v) => (v === null || v === undefined ? 'NULL' : `'${String(v).replace(/'/g, "''")}'`);
  // The envelope of a booking-confirmed event as the service writes it ("sequence":0, see OUTBOX_ADD_SQL).
  const envelope = (/** @type {any} */ v, /** @type {any} */ sec) =>
    JSON.stringify({
      id: '00000000-0000-4000-8000-000000000000',
      type: 'bookings.booking-confirmed',
      version: 1,
      stream: 'bookings.booking',
      sequence: 0,
      occurredAt: new Date().toISOString(),
      producer: 'bookings',
      key: '00000000-0000-4000-8000-000000000000',
      data: {
        bookingId: '00000000-0000-4000-8000-000000000000',
        hostId,
        hostFirstName: members[0]?.first_name ?? 'Host',
        venueId: v.venue_id,
        venueName: v.name,
        venueType: v.type,
        venueCity: v.city,
        venueState: v.state,
        venueImage: v.image_url,
        sectionType: sec.type,
        bookingDate: '2027-01-01',
        startTime: '21:00',
        endTime: '22:00',
        duration: 1,
        startsAt: new Date().toISOString(),
        guestVisibility: 'both',
        friendsCount: 0,
        totalCost: String(sec.price_per_hour),
        capacity: sec.capacity,
        sectionId: sec.section_id,
        dancerId: null,
      },
    });
  // $n of the outbox statement, as pgbench expressions (the booking's id is both the event's key and its row's).
  /** @param {string} json */
  const outboxValues = (json) => [
    `'bookings.booking'`,
    `md5(:k::text)::uuid::text`,
    `gen_random_uuid()`,
    `'bookings.booking-confirmed'`,
    '1',
    // As base64: pgbench would take the JSON's `:name`s for its variables.
    `convert_from(decode('${Buffer.from(json).toString('base64')}', 'base64'), 'UTF8')`,
    String(Buffer.byteLength(json)),
    lit('00000000-0000-4000-8000-000000000000'),
    'NULL',
    `'bench_outbox'`,
  ];
  const outboxSql = (/** @type {string} */ json) => {
    const values = outboxValues(json);
    return platform.OUTBOX_ADD_SQL.replace(
      /\$(\d+)/g,
      (/** @type {string} */ _, /** @type {string} */ n) => values[Number(n) - 1],
    ).replace(/\s+/g, ' ');
  };
  const dir = mkdtempSync(join(tmpdir(), 'luxe-pgbench-'));
  /** @type {string[]} */
  const scripts = [];
  for (const sec of sections) {
    const v = venues.find((/** @type {{ venue_id: string }} */ x) => x.venue_id === sec.venue_id);
    // The window as bookingWindow makes it: 18:00 + h in New York (EST/EDT) on the night's date.
    const startsAt = `((current_date + :d::int)::timestamp + make_interval(hours => 18 + :h::int)) AT TIME ZONE 'America/New_York'`;
    const script = join(dir, `${sec.section_id}.sql`);
    writeFileSync(
      script,
      `\\set d random(2, 300)
\\set h random(0, 8)
\\set k random(1, 9000000000000000000)
SELECT * FROM venue_cards WHERE venue_id = ${lit(v.venue_id)} LIMIT 1;
SELECT * FROM member_cards WHERE user_id = ${lit(hostId)} LIMIT 1;
BEGIN;
SELECT * FROM section_cards WHERE section_id = ${lit(sec.section_id)} FOR UPDATE;
SELECT COUNT(DISTINCT id) AS cnt FROM bookings WHERE venue_id = ${lit(v.venue_id)} AND section_id = ${lit(sec.section_id)} AND starts_at < ${startsAt} + interval '1 hour' AND ends_at > ${startsAt} AND starts_at > ${startsAt} - interval '6 hours' AND (status = 'confirmed' OR (status = 'held' AND hold_expires_at > now()));
INSERT INTO bookings (id, host_id, venue_id, venue_name, venue_type, venue_city, venue_state, venue_image, section_id, section_name, section_type, dancer_id, booking_date, start_time, end_time, duration, starts_at, ends_at, total_cost, minimum_spend, deposit_percent, deposit_amount, friends, guest_visibility, status, event_description, hold_expires_at, created_at, cancellation_policy, amount_paid, refund_amount, cancelled_at) VALUES (md5(:k::text)::uuid, ${lit(hostId)}, ${lit(v.venue_id)}, ${lit(v.name)}, ${lit(v.type)}, ${lit(v.city)}, ${lit(v.state)}, ${lit(v.image_url)}, ${lit(sec.section_id)}, ${lit(sec.name)}, ${lit(sec.type)}, NULL, current_date + :d::int, '21:00', '22:00', 1, ${startsAt}, ${startsAt} + interval '1 hour', ${lit(sec.price_per_hour)}, NULL, 0, 0, '[]', 'both', 'confirmed', NULL, NULL, now(), ${lit(v.cancellation_policy ?? 'moderate')}, 0, NULL, NULL);
${outboxSql(envelope(v, sec))};
COMMIT;
`,
    );
    scripts.push(script);
  }
  return {
    run: (seconds) => {
      const r = spawnSync(
        bin,
        [
          '-n',
          '-M',
          'extended',
          '-c',
          String(CONNECTIONS),
          '-j',
          '2',
          '-T',
          String(seconds),
          ...scripts.flatMap((f) => ['-f', f]),
          url,
        ],
        { encoding: 'utf8' },
      );
      const tps =
        /tps = ([\d.]+) \(without initial connection time\)/.exec(r.stdout) ?? /tps = ([\d.]+)/.exec(r.stdout);
      const lat = /latency average = ([\d.]+) ms/.exec(r.stdout);
      if (!tps || /aborted|error/i.test(r.stderr))
        return { skipped: `pgbench failed: ${(r.stderr || r.stdout).slice(0, 600)}` };
      return { tps: Number(tps[1]), latencyAvgMs: lat ? Number(lat[1]) : null };
    },
    close: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux; 0 elsewhere or once it is gone). */
/** @param {number | undefined} pid */
function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ 100)
  } catch {
    return 0;
  }
}

/**
 * Where one booking's CPU goes, in ms: the gateway's and the bookings service's processes, and the
 * PostgreSQL backends of bookings' database (its pool and the relay's connections). Sampled around
 * each round: on a shared machine a process's CPU per request moves far less than its latency.
 */
/**
 * @param {{ pid: (name: string) => number | undefined }} processes
 * @param {string} adminUrl
 * @param {string} database
 */
async function cpuMeter(processes, adminUrl, database) {
  const { Client } = require('pg');
  const c = new Client({ connectionString: adminUrl });
  await c.connect();
  const backends = async () =>
    /** @type {{ pid: number }[]} */ (
      (await c.query(`SELECT pid FROM pg_stat_activity WHERE datname = $1`, [database])).rows
    ).map((r) => r.pid);
  const sample = async () => ({
    gateway: cpuSeconds(processes.pid('gateway')),
    bookings: cpuSeconds(processes.pid('bookings')),
    postgres: Object.fromEntries((await backends()).map((pid) => [pid, cpuSeconds(pid)])),
  });
  return {
    sample,
    /** @type {(a: Awaited<ReturnType<typeof sample>>, b: Awaited<ReturnType<typeof sample>>, n: number) => { gateway: number, bookings: number, postgres: number }} */
    perRequest: (a, b, n) => ({
      gateway: ((b.gateway - a.gateway) * 1000) / n,
      bookings: ((b.bookings - a.bookings) * 1000) / n,
      // Backends alive at both ends (a pool's connections live on).
      postgres: (Object.entries(b.postgres).reduce((t, [pid, s]) => t + s - (a.postgres[pid] ?? s), 0) * 1000) / n,
    }),
    close: () => c.end(),
  };
}

/**
 * The machine's CPU time so far in ms (every core, every process: /proc/stat's busy jiffies) and
 * its idle time, and this process's own (the load generator), to tell how much of the machine one
 * booking takes in all: the gateway, the service and PostgreSQL, and also Kafka, the relay and the
 * consumers of its events, which the per-process figures leave out.
 */
function machineCpu() {
  const [cpu] = readFileSync('/proc/stat', 'utf8').split('\n');
  const [user, nice, system, idle, iowait, irq, softirq, steal] = cpu.trim().split(/\s+/).slice(1, 9).map(Number);
  const hz = 100; // USER_HZ on Linux
  const own = process.cpuUsage();
  return {
    busyMs: ((user + nice + system + irq + softirq + steal) * 1000) / hz,
    idleMs: ((idle + iowait) * 1000) / hz,
    ownMs: (own.user + own.system) / 1000,
  };
}

/**
 * Every process's CPU seconds so far, by what it is: the stack's processes by name, PostgreSQL's
 * backends by database (the bench's prefix dropped), Kafka's broker, and the rest by command. To
 * say where a booking's CPU went in all (the relay's Kafka writes and the events' consumers too),
 * which the per-process columns above leave out.
 * @param {{ pid: (name: string) => number | undefined, names: () => string[] }} processes
 * @param {import('pg').Client} admin
 * @param {string} dbPrefix
 */
async function machineByProcess(processes, admin, dbPrefix) {
  /** @type {Map<number, string>} */
  const label = new Map();
  for (const n of processes.names()) {
    const pid = processes.pid(n);
    if (pid) label.set(pid, n);
  }
  const rows = /** @type {{ pid: number, datname: string | null }[]} */ (
    (await admin.query('SELECT pid, datname FROM pg_stat_activity')).rows
  );
  for (const r of rows) label.set(r.pid, `PostgreSQL ${(r.datname ?? 'background').replace(`${dbPrefix}_`, '')}`);
  /** @type {Map<number, number>} */
  const byPid = new Map();
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    const s = cpuSeconds(pid);
    if (s === 0) continue;
    byPid.set(pid, s);
    if (!label.has(pid)) {
      let cmd = '';
      try {
        cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
      } catch {
        continue;
      }
      label.set(pid, /kafka\.Kafka/.test(cmd) ? 'Kafka' : /^postgres/.test(cmd) ? 'PostgreSQL other' : 'other');
    }
  }
  return { byPid, label };
}

/**
 * Non-conflicting booking creation through the gateway: the demo host books the demo clubs'
 * regular sections (unlimited places) on random nights and hours, 20 connections. Each booking is
 * priced, checked and counted under its section's row lock, and published through the outbox.
 * Against pgbench's TPS of the same transaction in SQL alone (pgbenchSetup), same connections,
 * in alternating rounds (BENCH_BOOKING_ROUNDS of BENCH_BOOKING_SECONDS each: this VM's speed
 * drifts within a minute); the share is the median of the rounds' own shares.
 */
/**
 * @param {string} gatewayUrl
 * @param {{ adminUrl: string, dbPrefix: string, processes?: { pid: (name: string) => number | undefined, names: () => string[] } }} db
 *   processes: the stack's, to tell each booking's CPU per process
 */
export async function benchBookings(gatewayUrl, { adminUrl, dbPrefix, processes }) {
  const cookie = await demoLogin(gatewayUrl);
  const me = /** @type {{ id: string }} */ (
    await (await fetch(`${gatewayUrl}/api/auth/me`, { headers: { cookie } })).json()
  );
  const hostId = me.id;
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
  const pg = await pgbenchSetup(adminUrl, dbPrefix, units, hostId);
  /** @type {Record<string, number>} */
  const statuses = {};
  /** @type {{ rps: number, p50: number, p99: number, errors: number, tps: number | null, share: number | null, cpu: { gateway: number, bookings: number, postgres: number } | null, machine: { msPerBooking: number, busyPct: number } }[]} */
  const rounds = [];
  const meter = processes ? await cpuMeter(processes, adminUrl, `${dbPrefix}_bookings`) : null;
  const { Client } = require('pg');
  /** @type {import('pg').Client | null} */
  const admin = processes ? new Client({ connectionString: adminUrl }) : null;
  await admin?.connect();
  /** @type {Map<string, number>} CPU seconds by process kind, over every round */
  const spent = new Map();
  let booked = 0;
  /** @type {string | null} */
  let skipped = 'skipped' in pg ? pg.skipped : null;
  try {
    for (let i = 0; i < ROUNDS; i++) {
      const before = await meter?.sample();
      const whole = processes && admin ? await machineByProcess(processes, admin, dbPrefix) : null;
      const machineBefore = machineCpu();
      const r = await autocannon({
        url: `${gatewayUrl}/api/bookings`,
        method: 'POST',
        connections: CONNECTIONS,
        duration: SECONDS,
        headers: { 'content-type': 'application/json', cookie },
        requests: [{ setupRequest: (req) => ({ ...req, body: JSON.stringify(body()) }) }],
      });
      const machineAfter = machineCpu();
      const after = await meter?.sample();
      if (whole && processes && admin) {
        const end = await machineByProcess(processes, admin, dbPrefix);
        for (const [pid, s] of end.byPid) {
          const kind = end.label.get(pid) ?? 'other';
          spent.set(kind, (spent.get(kind) ?? 0) + s - (whole.byPid.get(pid) ?? 0));
        }
        booked += r.requests.total;
      }
      const stackMs = machineAfter.busyMs - machineBefore.busyMs - (machineAfter.ownMs - machineBefore.ownMs);
      const allMs = machineAfter.busyMs - machineBefore.busyMs + machineAfter.idleMs - machineBefore.idleMs;
      const machine = {
        msPerBooking: stackMs / Math.max(1, r.requests.total),
        busyPct: allMs > 0 ? ((machineAfter.busyMs - machineBefore.busyMs) / allMs) * 100 : 0,
      };
      const cpu = meter && before && after ? meter.perRequest(before, after, Math.max(1, r.requests.total)) : null;
      for (const [code, s] of Object.entries(r.statusCodeStats ?? {})) statuses[code] = (statuses[code] ?? 0) + s.count;
      const p = 'run' in pg ? pg.run(SECONDS) : null;
      if (p && 'skipped' in p) skipped = p.skipped;
      const tps = p && 'tps' in p ? p.tps : null;
      rounds.push({
        rps: r.requests.average,
        p50: r.latency.p50,
        p99: r.latency.p99,
        errors: r.errors + r.non2xx,
        tps,
        share: tps ? (r.requests.average / tps) * 100 : null,
        cpu,
        machine,
      });
    }
  } finally {
    if ('close' in pg) pg.close();
    await meter?.close();
    await admin?.end();
  }
  /** @param {number[]} xs */
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const shares = rounds.map((r) => r.share).filter((x) => x !== null);
  const tpss = rounds.map((r) => r.tps).filter((x) => x !== null);
  console.log(
    `\nPOST /api/bookings, non-conflicting (${units.length} sections of ${clubs.length} demo clubs, random nights), ${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${SECONDS} s against pgbench of the same transaction (the bookings schema, the service's statements, the outbox's synchronous commit):\n`,
  );
  console.log(
    '| round | bookings/s | p50 ms | p99 ms | errors | pgbench TPS | share | CPU ms per booking: gateway / bookings / its PostgreSQL backends | machine: CPU ms per booking (all but the load generator) / busy |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---|---|');
  /** @param {number} x */
  const f = (x) => x.toFixed(2);
  rounds.forEach((r, i) =>
    console.log(
      `| ${i + 1} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.tps?.toFixed(0) ?? '-'} | ${r.share?.toFixed(1) ?? '-'} % | ${r.cpu ? `${f(r.cpu.gateway)} / ${f(r.cpu.bookings)} / ${f(r.cpu.postgres)}` : '-'} | ${f(r.machine.msPerBooking)} / ${r.machine.busyPct.toFixed(0)} % |`,
    ),
  );
  console.log(`\nstatuses: ${JSON.stringify(statuses)}${skipped ? `; pgbench: ${skipped}` : ''}`);
  /** @type {Record<string, number>} ms of CPU per booking by process kind, over every round */
  const whereMs = Object.fromEntries(
    [...spent]
      .map(([k, sec]) => /** @type {[string, number]} */ ([k, (sec * 1000) / Math.max(1, booked)]))
      .filter(([, ms]) => ms >= 0.05)
      .sort((a, b) => b[1] - a[1])
      .map(([k, ms]) => [k, Number(ms.toFixed(2))]),
  );
  if (booked)
    console.log(
      `where one booking's CPU went, every round (ms): ${Object.entries(whereMs)
        .map(([k, ms]) => `${k} ${ms}`)
        .join(', ')}`,
    );
  const out = {
    rps: median(rounds.map((r) => r.rps)),
    p50: median(rounds.map((r) => r.p50)),
    p99: median(rounds.map((r) => r.p99)),
    statuses,
    errors: rounds.reduce((a, r) => a + r.errors, 0),
    share: shares.length ? median(shares) : null,
    cpuMs: rounds[0]?.cpu
      ? Object.fromEntries(
          ['gateway', 'bookings', 'postgres'].map((k) => [
            k,
            Number(median(rounds.map((r) => /** @type {Record<string, number>} */ (r.cpu)[k])).toFixed(2)),
          ]),
        )
      : null,
    shares: shares.map((x) => Number(x.toFixed(1))),
    machine: {
      msPerBooking: Number(median(rounds.map((r) => r.machine.msPerBooking)).toFixed(2)),
      busyPct: Number(median(rounds.map((r) => r.machine.busyPct)).toFixed(0)),
    },
    pgbench: tpss.length ? { tps: median(tpss) } : { skipped },
    whereMs,
  };
  if (out.share !== null)
    console.log(`bookings/s over pgbench TPS, median of the rounds' shares: ${out.share.toFixed(1)} %`);
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
