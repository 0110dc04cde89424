// @ts-check
// The issue's figures on the distributed stack (real PostgreSQL, Redis, Kafka, MinIO of infra/local,
// demo data seeded), each next to its reference, then one table of every figure, its target and
// whether it is met. Part of `npm run bench` (or alone: `-- --discovery`). Asserts nothing; about
// 6 minutes (longer on a loaded machine).
// - The public discovery read GET /api/venues/Miami/Florida/all through the gateway (anonymous and
//   with a session cookie), straight to the venues service (with a signed internal token, as the
//   gateway sends it), and from a bare Fastify server answering the same JSON from memory with the
//   same headers (bench/bare.mjs); and the signed-in GET /api/auth/me against the bare server's copy. Alternating rounds, 100 connections.
// - Booking creation against pgbench, and 500 requests for one exclusive slot (bench/bookings.mjs).
// - Chat delivery POST → the recipient's WebSocket over 1,000 messages.
// - Event propagation booking-confirmed → social's read model over 5,000 events, against Kafka's
//   own produce → consume (bench/events.mjs).
// - booking-confirmed → the host's email accepted by Mailpit over 500 bookings (bench/email.mjs;
//   `-- --email-only` alone, starting only the services it needs).
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { ROOT, startStack } from '../stack.mjs';
import { answerHeaders, cpuRound, startBare } from './bare.mjs';
import { benchBookings, benchContention } from './bookings.mjs';
import { benchEmail, EMAIL_SKIPPED, emailBenchEnabled } from './email.mjs';
import { demoLogin, demoPassword, DEMO_HOST } from './demo.mjs';
import { benchPropagation } from './events.mjs';
import { growthRows } from './growth.mjs';

const require = createRequire(import.meta.url);
/** @type {typeof import('@luxe/platform')} the build (the benchmarks measure what runs) */
const platform = require(join(ROOT, 'libs/platform/dist/index.js'));

const PATH = '/api/venues/Miami/Florida/all';
const CONNECTIONS = 100;
const ROUNDS = Number(process.env.BENCH_READ_ROUNDS ?? 5);
const SECONDS = Number(process.env.BENCH_READ_SECONDS ?? 4);

/**
 * Chat delivery: the demo guest asks to join the demo host's event, the host approves, then the
 * guest posts 1,000 messages one after another while the host's WebSocket is open; the time from
 * each POST's start to the push on the host's socket (outbox → Kafka → gateway → socket).
 */
/** @param {string} gatewayUrl */
async function benchChat(gatewayUrl) {
  const { default: WebSocket } = await import('ws');
  /** @type {(cookie: string | undefined, method: string, path: string, body?: unknown) => Promise<{ status: number, json: any, cookie: string | undefined }>} */
  const call = async (cookie, method, path, body) => {
    const r = await fetch(`${gatewayUrl}${path}`, {
      method,
      headers: {
        ...(body ? { 'content-type': 'application/json' } : { 'x-requested-with': 'XMLHttpRequest' }),
        ...(cookie === undefined ? {} : { cookie }),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await r.text();
    return {
      status: r.status,
      json: text ? JSON.parse(text) : null,
      cookie: r.headers.getSetCookie()[0]?.split(';')[0],
    };
  };
  /** @param {string} email */
  const login = async (email) =>
    (await call('', 'POST', '/api/auth/login', { email, password: demoPassword() })).cookie;
  const host = await login(DEMO_HOST);
  const guest = await login('guest@demo.luxeswipe.test');
  const hostId = (await call(host, 'GET', '/api/auth/me')).json.id;
  const clubs = (await call('', 'GET', '/api/venues')).json.filter(
    (/** @type {{ type: string }} */ v) => v.type === 'club',
  );
  const section = (await call('', 'GET', `/api/venues/${clubs[0].id}/sections`)).json.find(
    (/** @type {{ isExclusive: boolean }} */ x) => !x.isExclusive,
  );
  // Right after a start the bookings service may not have the seeded venues yet (its read model follows events).
  let booking;
  for (let i = 0; i < 100; i++) {
    // Within the booking horizon (BOOKING_HORIZON_DAYS, 365): a date beyond it is refused.
    const r = await call(host, 'POST', '/api/bookings', {
      venueId: clubs[0].id,
      sectionId: section.id,
      bookingDate: new Date(Date.now() + 360 * 86_400_000).toISOString().slice(0, 10),
      startTime: '21:00',
      duration: 2,
    });
    booking = r.json;
    if (r.status !== 404) break;
    await new Promise((res) => setTimeout(res, 300));
  }
  // The booking's confirmation reaches social's read model by events (its payment first): on a
  // loaded machine that took over 20 s right after the stack's start. A minute at most.
  let request = await call(guest, 'POST', '/api/event-join-requests', { bookingId: booking.id });
  for (let i = 1; i < 300 && request.status !== 201; i++) {
    await new Promise((r) => setTimeout(r, 200));
    request = await call(guest, 'POST', '/api/event-join-requests', { bookingId: booking.id });
  }
  if (booking?.id === undefined || request.status !== 201)
    throw new Error(
      `chat bench set-up: booking ${JSON.stringify(booking).slice(0, 200)}, join request ${request.status} ${JSON.stringify(request.json).slice(0, 200)}`,
    );
  const approved = await call(host, 'POST', `/api/event-join-requests/${request.json.id}/approve`);
  if (approved.status !== 200)
    throw new Error(`chat bench approval: ${approved.status} ${JSON.stringify(approved.json)}`);
  let conversation;
  for (let i = 0; i < 100 && !(conversation = (await call(host, 'GET', `/api/conversations/${hostId}`)).json[0]); i++)
    await new Promise((r) => setTimeout(r, 200));
  const ws = new WebSocket(`${gatewayUrl.replace(/^http/, 'ws')}/api/realtime`, {
    headers: { cookie: host, origin: gatewayUrl },
  });
  const arrivals = new Map();
  ws.on('message', (d) => {
    const push = JSON.parse(String(d));
    // Other pushes (conversation-opened, …) arrive on the same socket.
    if (push.type === 'message-sent') arrivals.set(push.message.content, performance.now());
  });
  await new Promise((r) => ws.once('open', r));
  // The gateway's push group joins the broker once: warm up until a message arrives.
  for (let i = 0; i < 300 && arrivals.size === 0; i++) {
    await call(guest, 'POST', `/api/conversations/${conversation.id}/messages`, { content: `warm-up ${i}` });
    await new Promise((r) => setTimeout(r, 200));
  }
  const N = Number(process.env.BENCH_MESSAGES ?? 1000);
  const latencies = [];
  // The sender's own answer (the POST's round trip), and how often the push came before it: where
  // a slow delivery's time went (the write itself, or the way to the socket after it).
  /** @type {number[]} */
  const answers = [];
  let pushedFirst = 0;
  for (let i = 0; i < N; i++) {
    const content = `bench ${i}`;
    const t0 = performance.now();
    await call(guest, 'POST', `/api/conversations/${conversation.id}/messages`, { content });
    answers.push(performance.now() - t0);
    if (arrivals.has(content)) pushedFirst++;
    for (let w = 0; w < 500 && !arrivals.has(content); w++) await new Promise((r) => setTimeout(r, 1));
    if (arrivals.has(content)) latencies.push(arrivals.get(content) - t0);
  }
  ws.close();
  const sorted = latencies.sort((a, b) => a - b);
  /** @param {number} p */
  const pct = (p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]?.toFixed(1);
  answers.sort((a, b) => a - b);
  /** @param {number} p */
  const answerPct = (p) => answers[Math.min(answers.length - 1, Math.floor((p / 100) * answers.length))]?.toFixed(1);
  console.log(
    `\nChat delivery, POST /api/conversations/{id}/messages → the recipient's WebSocket, ${N} messages one after another:\n`,
  );
  console.log('| delivered | p50 ms | p99 ms | max ms |');
  console.log('|---:|---:|---:|---:|');
  console.log(`| ${sorted.length}/${N} | ${pct(50)} | ${pct(99)} | ${sorted.at(-1)?.toFixed(1)} |`);
  console.log(
    `the sender's answer (POST round trip): p50 ${answerPct(50)} ms, p99 ${answerPct(99)} ms; the push came before it ${pushedFirst} times of ${N}`,
  );
  console.log(
    JSON.stringify({
      bench: 'chat',
      messages: N,
      delivered: sorted.length,
      p50: Number(pct(50)),
      p99: Number(pct(99)),
      answerP50: Number(answerPct(50)),
      answerP99: Number(answerPct(99)),
      pushedFirst,
    }),
  );
  return { messages: N, delivered: sorted.length, p50: Number(pct(50)), p99: Number(pct(99)) };
}

/** @typedef {import('./bare.mjs').Round} Round */

/** The seed is still landing right after the start: waits until the demo venues are listed. */
/** @param {string} gw */
async function demoVenuesListed(gw) {
  for (let i = 0; i < 120; i++) {
    const r = await fetch(`${gw}/api/venues`);
    const list = r.ok ? await r.json() : null;
    if (Array.isArray(list) && list.length > 0) return;
    if (i === 119) throw new Error(`GET /api/venues: ${r.status} ${JSON.stringify(list)?.slice(0, 200)}`);
    await new Promise((res) => setTimeout(res, 500));
  }
}

/** @param {number[]} xs */
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * Median of each figure over the rounds, and each target's share of its bare reference as the
 * median of the rounds' own shares (a round's bare run follows its gateway runs within seconds):
 * a shared VM's speed drifts from one half-minute to the next, and a ratio of medians
 * taken from different rounds carries that drift.
 */
/**
 * @param {Record<string, Round[]>} results each target's rounds
 * @returns {Record<string, { rps: number, p50: number, p99: number, errors: number, cpuUs: number, share: number, shares: number[] }>}
 */
function summarize(results) {
  /** @type {Record<string, { rps: number, p50: number, p99: number, errors: number, cpuUs: number, share: number, shares: number[] }>} */
  const s = Object.fromEntries(
    Object.entries(results).map(([n, rs]) => [
      n,
      {
        rps: median(rs.map((r) => r.rps)),
        p50: median(rs.map((r) => r.p50)),
        p99: median(rs.map((r) => r.p99)),
        errors: rs.reduce((a, r) => a + r.errors, 0),
        cpuUs: median(rs.map((r) => r.cpuUs)),
        share: NaN,
        shares: [],
      },
    ]),
  );
  for (const [n, rs] of Object.entries(results)) {
    const ref = results[referenceOf(n)];
    s[n].share = median(rs.map((r, i) => (r.rps / ref[i].rps) * 100));
    s[n].shares = rs.map((r, i) => Number(((r.rps / ref[i].rps) * 100).toFixed(1)));
  }
  return s;
}

/** @param {string} name */
const referenceOf = (name) => (name.endsWith('/api/auth/me') ? 'bare Fastify /api/auth/me' : 'bare Fastify');

/** One table: every figure, its target, met or not. */
/** @param {Record<string, any>} out what benchDiscovery measured, by part */
export function printTargets(out) {
  const rows = [];
  /** @type {(a: number, b: number) => number} */
  const pctOf = (a, b) => (a / b) * 100;
  const d = out.discovery;
  if (d) {
    const bare = d['bare Fastify'];
    const anon = d['gateway, anonymous'];
    const signed = d['gateway, signed in'];
    const me = d['gateway /api/auth/me'];
    const bareMe = d['bare Fastify /api/auth/me'];
    // A share: the median of the rounds' own (see summarize), then the ratio of the medians.
    /** @type {(t: { share: number, shares: number[], rps: number }, ref: { rps: number }) => string} */
    const share = (t, ref) =>
      `${t.share.toFixed(1)} % (rounds ${t.shares.join(', ')}; medians ${t.rps.toFixed(0)} / ${ref.rps.toFixed(0)} rps = ${pctOf(t.rps, ref.rps).toFixed(1)} %)`;
    rows.push([
      'public discovery read, gateway / bare Fastify (same body and headers)',
      share(anon, bare),
      '≥ 75 %',
      anon.share >= 75,
    ]);
    rows.push(['public discovery read, gateway p99', `${anon.p99} ms`, '≤ 15 ms', anon.p99 <= 15]);
    rows.push([
      'signed-in discovery read (session cookie), gateway / bare Fastify',
      `${share(signed, bare)}, p99 ${signed.p99} ms`,
      '≥ 25 %',
      signed.share >= 25,
    ]);
    rows.push([
      'signed-in GET /api/auth/me, gateway / bare Fastify',
      `${share(me, bareMe)}, p99 ${me.p99} ms`,
      '≥ 50 %',
      me.share >= 50,
    ]);
    rows.push([
      'discovery read straight to the venues service / bare Fastify',
      share(d['venues service'], bare),
      '(reference)',
      null,
    ]);
  }
  const b = out.bookings;
  // The share: the median of the alternating rounds' own (bench/bookings.mjs), then the ratio of the medians.
  if (b)
    rows.push([
      'non-conflicting bookings/s / pgbench TPS of the same transaction (bookings schema, same statements, synchronous commit)',
      b.share !== null && b.pgbench?.tps
        ? `${b.share.toFixed(1)} % (rounds ${b.shares.join(', ')}; medians ${b.rps.toFixed(0)} / ${b.pgbench.tps.toFixed(0)} = ${pctOf(b.rps, b.pgbench.tps).toFixed(1)} %), p50 ${b.p50} ms, p99 ${b.p99} ms; the machine ${b.machine.busyPct} % busy, ${b.machine.msPerBooking} ms of CPU per booking in all`
        : `${b.rps.toFixed(0)}/s, p99 ${b.p99} ms (pgbench: ${b.pgbench?.skipped})`,
      '≥ 40 %, p99 ≤ 50 ms',
      b.share === null ? null : b.share >= 40 && b.p99 <= 50,
    ]);
  const c = out.contention;
  if (c)
    rows.push([
      `${c.contenders} requests for one exclusive slot`,
      `${c.winners} won, ${c.conflicts} × 409, others ${JSON.stringify(Object.fromEntries(Object.entries(c.statuses).filter(([k]) => k !== '201' && k !== '409')))}, ${c.networkErrors} network errors`,
      'exactly 1 winner',
      c.winners === 1,
    ]);
  const ch = out.chat;
  if (ch)
    rows.push([
      `chat delivery POST → WebSocket (${ch.delivered}/${ch.messages})`,
      `p50 ${ch.p50} ms, p99 ${ch.p99} ms`,
      'p99 ≤ 20 ms',
      ch.p99 <= 20 && ch.delivered === ch.messages,
    ]);
  const p = out.propagation;
  if (p)
    rows.push([
      `booking-confirmed → social read model (${p.path.n}/${p.n})`,
      `p50 ${p.path.p50} ms, p99 ${p.path.p99} ms; Kafka's own p50 ${p.kafka.p50} ms, p99 ${p.kafka.p99} ms (${p.kafkaSettings}): ${p.ratio.toFixed(1)}×`,
      'p99 ≤ 2× Kafka p99',
      p.ratio <= 2 && p.path.n === p.n,
    ]);
  const e = out.email;
  // The sender's poll (EMAIL_SEND_MS) is most of it: an email waits for the next round, up to one interval.
  if (e)
    rows.push([
      `booking-confirmed → email accepted by Mailpit, p50 / p99 (${e.found}/${e.n}, ${e.missing} missing)`,
      `p50 ${e.path?.p50 ?? '-'} ms, p99 ${e.path?.p99 ?? '-'} ms, max ${e.path?.max ?? '-'} ms (the sender polls every ${e.sendMs} ms, which dominates; committed → queued p50 ${e.stages.toQueued?.p50 ?? '-'} ms, p99 ${e.stages.toQueued?.p99 ?? '-'} ms)`,
      'every email arrives; latency: no target yet (measured only)',
      e.missing === 0,
    ]);
  if (out.growth) rows.push(...growthRows(out.growth));
  console.log(
    '\nEvery figure against its target (one run; the machine is shared, so ratios matter more than absolute numbers):\n',
  );
  console.log('| figure | measured | target | met |');
  console.log('|---|---|---|---|');
  for (const [f, m, t, ok] of rows) console.log(`| ${f} | ${m} | ${t} | ${ok === null ? '—' : ok ? 'yes' : 'NO'} |`);
  console.log(
    `\nload average: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
}

/**
 * @param {{ readsOnly?: boolean, latencyOnly?: boolean, emailOnly?: boolean, bookingsOnly?: boolean, growth?: import('./growth.mjs').GrowthRun | null }} [opts]
 *   growth: the data-growth run's results (bench/growth.mjs, on a stack of its own), lines of the final table
 */
export async function benchDiscovery({
  readsOnly = false,
  latencyOnly = false,
  emailOnly = false,
  bookingsOnly = false,
  growth = null,
} = {}) {
  if (!process.env.LUXE_PG_ADMIN_URL || !process.env.KAFKA_BROKERS) {
    console.log(
      '\ndiscovery read: skipped (infra/local variables not set; run bash infra/local/up.sh and source its env file)',
    );
    return null;
  }
  if (emailOnly && !emailBenchEnabled()) {
    console.log(EMAIL_SKIPPED);
    return null;
  }
  // The email sender's poll as in production (BENCH_EMAIL_SEND_MS: another, for a run of its own).
  const emailSendMs = Number(process.env.BENCH_EMAIL_SEND_MS ?? 1000);
  const basePort = Number(process.env.BENCH_BASE_PORT ?? 4500);
  // BENCH_ID: another bench on the same infrastructure (another checkout) uses its own databases and topics.
  const dbPrefix = `luxe_bench${process.env.BENCH_ID ? `_${process.env.BENCH_ID}` : ''}`;
  const stack = await startStack({
    dbPrefix,
    resetDatabases: true,
    basePort,
    gatewayPort: basePort,
    groupPrefix: `bench${process.env.BENCH_ID ? `-${process.env.BENCH_ID}` : ''}.`,
    seed: true,
    logDir: join(ROOT, '.data/bench-logs'),
    // The email path alone: a host registers (identity), books a demo club (venues, bookings), is emailed (notifications).
    ...(emailOnly ? { services: ['identity', 'venues', 'bookings', 'notifications'] } : {}),
    // One guest sends 1,000 chat messages back to back (the per-member limits × 1000 let them through).
    extraEnv: {
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      RATE_LIMIT_LOGIN_PER_IP: '1000',
      RATE_LIMIT_REGISTER_PER_IP: '1000',
      RATE_LIMIT_MEMBER_SCALE: '1000',
      EMAIL_SEND_MS: String(emailSendMs),
    },
  });
  /** @type {import('node:child_process').ChildProcess | null | undefined} */
  let bare;
  /** @type {Record<string, any>} */
  const out = {};
  // A crash (an exception in a socket callback) or ^C must not leave the stack's processes running.
  /** @param {unknown} err */
  const abort = async (err) => {
    console.error(err);
    bare?.kill('SIGTERM');
    await stack.stop().catch(() => undefined);
    process.exit(1);
  };
  process
    .once('uncaughtException', abort)
    .once('unhandledRejection', abort)
    .once('SIGINT', abort)
    .once('SIGTERM', abort);
  try {
    const gw = stack.gatewayUrl;
    if (emailOnly) {
      out.email = await benchEmail(stack, { sendMs: emailSendMs });
      return (printTargets(out), out);
    }
    if (bookingsOnly) {
      await demoVenuesListed(gw);
      out.bookings = await benchBookings(gw, {
        adminUrl: process.env.LUXE_PG_ADMIN_URL,
        dbPrefix,
        processes: stack.processes,
      });
      out.contention = await benchContention(gw);
      return (printTargets(out), out);
    }
    if (latencyOnly) {
      await demoVenuesListed(gw);
      out.chat = await benchChat(gw);
      out.propagation = await benchPropagation(stack);
      return (printTargets(out), out);
    }
    // Twice: the second answer is the cached one, whose headers (x-cache: hit) the measured reads get.
    await fetch(`${gw}${PATH}`);
    const answer = await fetch(`${gw}${PATH}`);
    const body = await answer.text();
    const headers = answerHeaders(answer.headers);
    const count = JSON.parse(body).length;
    const cookie = await demoLogin(gw);
    const meBody = await (await fetch(`${gw}/api/auth/me`, { headers: { cookie } })).text();
    // The same bodies from memory (bench/bare.mjs), the discovery read with the gateway's headers;
    // /api/auth/me with its content type only, as the issue's figure for it has always been measured.
    const started = await startBare({
      [PATH]: { body, headers, correlation: true },
      '/api/auth/me': { body: meBody },
    });
    bare = started.child;
    const bareUrl = started.url;
    // The venues service refuses calls without the gateway's token: sign one per round (30 s life).
    const signer = new platform.InternalTokenSigner(stack.internalKeys.privateKey);
    const direct = () => ({
      [platform.INTERNAL_AUTH_HEADER]: signer.sign(platform.ANONYMOUS, {
        service: 'venues',
        method: 'GET',
        path: PATH,
      }),
    });
    const gwPid = stack.processes.pid('gateway');
    const venuesPid = stack.processes.pid('venues');
    const targets = [
      { name: 'gateway, anonymous', url: `${gw}${PATH}`, headers: () => ({}), pid: gwPid },
      { name: 'gateway, signed in', url: `${gw}${PATH}`, headers: () => ({ cookie }), pid: gwPid },
      { name: 'venues service', url: `${stack.serviceUrls.venues}${PATH}`, headers: direct, pid: venuesPid },
      { name: 'bare Fastify', url: `${bareUrl}${PATH}`, headers: () => ({}), pid: bare.pid },
      { name: 'gateway /api/auth/me', url: `${gw}/api/auth/me`, headers: () => ({ cookie }), pid: gwPid },
      { name: 'bare Fastify /api/auth/me', url: `${bareUrl}/api/auth/me`, headers: () => ({}), pid: bare.pid },
    ];
    /** @type {(t: typeof targets[number], seconds: number) => Promise<Round>} */
    const run = (t, seconds) => cpuRound({ url: t.url, pid: t.pid, headers: t.headers() }, seconds, CONNECTIONS);
    for (const t of targets) await run(t, 2);
    /** @type {Record<string, Round[]>} */
    const results = Object.fromEntries(targets.map((t) => [t.name, []]));
    // Alternating rounds: every target once per round, so the machine's load hits them alike.
    for (let i = 0; i < ROUNDS; i++) for (const t of targets) results[t.name].push(await run(t, SECONDS));
    const s = summarize(results);
    console.log(
      `\nGET ${PATH} (${count} venues, ${body.length} bytes; the gateway's second answer in a row says x-cache: ${headers['x-cache']}; the bare server sends the same headers: ${Object.keys(headers).join(', ')}, x-correlation-id), distributed mode, median of ${ROUNDS} alternating rounds of ${SECONDS} s, ${CONNECTIONS} connections:\n`,
    );
    // CPU µs/request: the serving process's CPU time (user + system) per request answered; its
    // share, the bare server's against the target's, moves far less with the machine's load.
    console.log(
      "| target | requests/s | p50 ms | p99 ms | errors | share of bare Fastify (median of the rounds' shares) | CPU µs/request (bare's / this) |",
    );
    console.log('|---|---:|---:|---:|---:|---:|---:|');
    for (const [n, r] of Object.entries(s))
      console.log(
        `| ${n} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.share.toFixed(1)} % (rounds ${r.shares.join(', ')}) | ${r.cpuUs.toFixed(1)} (${((s[referenceOf(n)].cpuUs / r.cpuUs) * 100).toFixed(1)} %) |`,
      );
    console.log(JSON.stringify({ bench: 'discovery', path: PATH, connections: CONNECTIONS, results: s }));
    out.discovery = s;
    bare.kill('SIGTERM');
    bare = null;
    if (readsOnly) return (printTargets(out), out);
    out.bookings = await benchBookings(gw, {
      adminUrl: process.env.LUXE_PG_ADMIN_URL,
      dbPrefix,
      processes: stack.processes,
    });
    out.contention = await benchContention(gw);
    out.chat = await benchChat(gw);
    out.propagation = await benchPropagation(stack);
    if (emailBenchEnabled()) out.email = await benchEmail(stack, { sendMs: emailSendMs });
    else console.log(EMAIL_SKIPPED);
    if (growth) out.growth = growth;
    printTargets(out);
    return out;
  } finally {
    bare?.kill('SIGTERM');
    await stack.stop();
  }
}
