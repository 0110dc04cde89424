// The public discovery read, GET /api/venues/Miami/Florida/all, on the distributed stack (real
// PostgreSQL, Redis, Kafka, MinIO of infra/local, demo venues seeded): through the gateway, straight
// to the venues service (with a signed internal token, as the gateway sends it), and a bare Node
// server answering the same JSON from memory, alternating rounds at 100 connections. Prints
// requests/s, p50 and p99 and the ratios. Part of `npm run bench` (or alone: `-- --discovery`).
// Then non-conflicting booking creation through the gateway, and chat delivery to a WebSocket.
// Asserts nothing; about 3 minutes.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { ROOT, startStack } from '../stack.mjs';

const require = createRequire(import.meta.url);
const platform = require(join(ROOT, 'libs/platform/dist/index.js'));

const PATH = '/api/venues/Miami/Florida/all';
const CONNECTIONS = 100;
const ROUNDS = 3;
const SECONDS = 5;

/**
 * Non-conflicting booking creation through the gateway: one host books the demo clubs' regular
 * sections (unlimited places) on random nights and hours, 20 connections for 10 s. Each booking is
 * priced, checked and counted under its section's row lock, and published through the outbox.
 */
async function benchBookings(gatewayUrl) {
  const login = await fetch(`${gatewayUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'host@demo.luxeswipe.test', password: process.env.DEMO_PASSWORD ?? 'luxeswipe-demo' }) });
  if (login.status !== 200) throw new Error(`demo host login: ${login.status} ${await login.text()}`);
  const cookie = login.headers.getSetCookie()[0].split(';')[0];
  const clubs = (await (await fetch(`${gatewayUrl}/api/venues`)).json()).filter((v) => v.type === 'club');
  const units = [];
  for (const c of clubs) for (const s of await (await fetch(`${gatewayUrl}/api/venues/${c.id}/sections`)).json()) if (!s.isExclusive) units.push({ venueId: c.id, sectionId: s.id });
  // The demo venues reach bookings by their events: wait until it can book them.
  const probe = () => fetch(`${gatewayUrl}/api/bookings`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify(body()) });
  const starts = ['18:00', '19:00', '20:00', '21:00', '22:00', '23:00', '00:00', '01:00', '02:00'];
  const day = (n) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
  const body = () => ({ ...units[Math.floor(Math.random() * units.length)], bookingDate: day(2 + Math.floor(Math.random() * 300)), startTime: starts[Math.floor(Math.random() * 9)], duration: 1 });
  for (let i = 0; i < 60 && (await probe()).status !== 201; i++) await new Promise((r) => setTimeout(r, 1000));
  const r = await autocannon({
    url: `${gatewayUrl}/api/bookings`,
    method: 'POST',
    connections: 20,
    duration: 10,
    headers: { 'content-type': 'application/json', cookie },
    requests: [{ setupRequest: (req) => ({ ...req, body: JSON.stringify(body()) }) }],
  });
  console.log(`\nPOST /api/bookings, non-conflicting (${units.length} sections of ${clubs.length} demo clubs, random nights), 20 connections, 10 s:\n`);
  console.log('| bookings/s | p50 ms | p99 ms | non-2xx | errors |');
  console.log('|---:|---:|---:|---:|---:|');
  console.log(`| ${r.requests.average.toFixed(0)} | ${r.latency.p50} | ${r.latency.p99} | ${r.non2xx} | ${r.errors} |`);
  console.log(JSON.stringify({ bench: 'bookings', rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors }));
}

/**
 * Chat delivery: the demo guest asks to join the demo host's event, the host approves, then the
 * guest posts 1,000 messages one after another while the host's WebSocket is open; the time from
 * each POST's start to the push on the host's socket (outbox → Kafka → gateway → socket).
 */
async function benchChat(gatewayUrl) {
  const { default: WebSocket } = await import('ws');
  const call = async (cookie, method, path, body) => {
    const r = await fetch(`${gatewayUrl}${path}`, { method, headers: { ...(body ? { 'content-type': 'application/json' } : { 'x-requested-with': 'XMLHttpRequest' }), cookie }, body: body ? JSON.stringify(body) : undefined });
    const text = await r.text();
    return { status: r.status, json: text ? JSON.parse(text) : null, cookie: r.headers.getSetCookie()[0]?.split(';')[0] };
  };
  const login = async (email) => (await call('', 'POST', '/api/auth/login', { email, password: process.env.DEMO_PASSWORD ?? 'luxeswipe-demo' })).cookie;
  const host = await login('host@demo.luxeswipe.test');
  const guest = await login('guest@demo.luxeswipe.test');
  const hostId = (await call(host, 'GET', '/api/auth/me')).json.id;
  const clubs = (await call('', 'GET', '/api/venues')).json.filter((v) => v.type === 'club');
  const section = (await call('', 'GET', `/api/venues/${clubs[0].id}/sections`)).json.find((x) => !x.isExclusive);
  const booking = (await call(host, 'POST', '/api/bookings', { venueId: clubs[0].id, sectionId: section.id, bookingDate: new Date(Date.now() + 400 * 86_400_000).toISOString().slice(0, 10), startTime: '21:00', duration: 2 })).json;
  let request;
  for (let i = 0; i < 100 && (request = await call(guest, 'POST', '/api/event-join-requests', { bookingId: booking.id })).status !== 201; i++) await new Promise((r) => setTimeout(r, 200));
  if (booking?.id === undefined || request.status !== 201) throw new Error(`chat bench set-up: booking ${JSON.stringify(booking).slice(0, 200)}, join request ${request.status} ${JSON.stringify(request.json).slice(0, 200)}`);
  const approved = await call(host, 'POST', `/api/event-join-requests/${request.json.id}/approve`);
  if (approved.status !== 200) throw new Error(`chat bench approval: ${approved.status} ${JSON.stringify(approved.json)}`);
  let conversation;
  for (let i = 0; i < 100 && !(conversation = (await call(host, 'GET', `/api/conversations/${hostId}`)).json[0]); i++) await new Promise((r) => setTimeout(r, 200));
  const ws = new WebSocket(`${gatewayUrl.replace(/^http/, 'ws')}/api/realtime`, { headers: { cookie: host, origin: gatewayUrl } });
  const arrivals = new Map();
  ws.on('message', (d) => arrivals.set(JSON.parse(String(d)).message.content, performance.now()));
  await new Promise((r) => ws.once('open', r));
  // The gateway's push group joins the broker once: warm up until a message arrives.
  for (let i = 0; i < 300 && arrivals.size === 0; i++) {
    await call(guest, 'POST', `/api/conversations/${conversation.id}/messages`, { content: `warm-up ${i}` });
    await new Promise((r) => setTimeout(r, 200));
  }
  const N = Number(process.env.BENCH_MESSAGES ?? 1000);
  const latencies = [];
  for (let i = 0; i < N; i++) {
    const content = `bench ${i}`;
    const t0 = performance.now();
    await call(guest, 'POST', `/api/conversations/${conversation.id}/messages`, { content });
    for (let w = 0; w < 500 && !arrivals.has(content); w++) await new Promise((r) => setTimeout(r, 1));
    if (arrivals.has(content)) latencies.push(arrivals.get(content) - t0);
  }
  ws.close();
  const sorted = latencies.sort((a, b) => a - b);
  const pct = (p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]?.toFixed(1);
  console.log(`\nChat delivery, POST /api/conversations/{id}/messages → the recipient's WebSocket, ${N} messages one after another:\n`);
  console.log('| delivered | p50 ms | p99 ms | max ms |');
  console.log('|---:|---:|---:|---:|');
  console.log(`| ${sorted.length}/${N} | ${pct(50)} | ${pct(99)} | ${sorted.at(-1)?.toFixed(1)} |`);
  console.log(JSON.stringify({ bench: 'chat', messages: N, delivered: sorted.length, p50: Number(pct(50)), p99: Number(pct(99)) }));
}

export async function benchDiscovery() {
  if (!process.env.LUXE_PG_ADMIN_URL || !process.env.KAFKA_BROKERS) {
    console.log('\ndiscovery read: skipped (infra/local variables not set; run bash infra/local/up.sh and source its env file)');
    return null;
  }
  const basePort = Number(process.env.BENCH_BASE_PORT ?? 4500);
  const stack = await startStack({
    // BENCH_ID: another bench on the same infrastructure (another checkout) uses its own databases and topics.
    dbPrefix: `luxe_bench${process.env.BENCH_ID ? `_${process.env.BENCH_ID}` : ''}`,
    resetDatabases: true,
    basePort,
    gatewayPort: basePort,
    groupPrefix: `bench${process.env.BENCH_ID ? `-${process.env.BENCH_ID}` : ''}.`,
    seed: true,
    logDir: join(ROOT, '.data/bench-logs'),
    extraEnv: { LOG_LEVEL: 'warn', NODE_ENV: 'development', RATE_LIMIT_LOGIN_PER_IP: '1000', RATE_LIMIT_REGISTER_PER_IP: '1000' },
  });
  let bare;
  try {
    const body = await (await fetch(`${stack.gatewayUrl}${PATH}`)).text();
    const count = JSON.parse(body).length;
    const src = `const b=${JSON.stringify(body)};require('node:http').createServer((q,s)=>{s.writeHead(200,{'content-type':'application/json; charset=utf-8'});s.end(b)}).listen(0,'127.0.0.1',function(){console.log('bare http://127.0.0.1:'+this.address().port)})`;
    bare = spawn(process.execPath, ['-e', src], { stdio: ['ignore', 'pipe', 'inherit'] });
    const bareUrl = await new Promise((res) => bare.stdout.on('data', (d) => res(/bare (\S+)/.exec(String(d))[1])));
    // The venues service refuses calls without the gateway's token: sign one per round (30 s life).
    const signer = new platform.InternalTokenSigner(stack.internalKeys.privateKey);
    const direct = () => ({ [platform.INTERNAL_AUTH_HEADER]: signer.sign(platform.ANONYMOUS, { service: 'venues', method: 'GET', path: PATH }) });
    const targets = [
      { name: 'gateway', url: `${stack.gatewayUrl}${PATH}`, headers: () => ({}) },
      { name: 'venues service', url: `${stack.serviceUrls.venues}${PATH}`, headers: direct },
      { name: 'bare Node', url: `${bareUrl}${PATH}`, headers: () => ({}) },
    ];
    const run = (t, seconds) =>
      autocannon({ url: t.url, headers: t.headers(), connections: CONNECTIONS, duration: seconds }).then((r) => ({ rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx }));
    for (const t of targets) await run(t, 2);
    const results = Object.fromEntries(targets.map((t) => [t.name, []]));
    for (let i = 0; i < ROUNDS; i++) for (const t of targets) results[t.name].push(await run(t, SECONDS));
    const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const s = Object.fromEntries(Object.entries(results).map(([n, rs]) => [n, { rps: median(rs.map((r) => r.rps)), p50: median(rs.map((r) => r.p50)), p99: median(rs.map((r) => r.p99)), errors: rs.reduce((a, r) => a + r.errors, 0) }]));
    console.log(`\nGET ${PATH} (${count} venues, ${body.length} bytes), distributed mode, median of ${ROUNDS} rounds of ${SECONDS} s, ${CONNECTIONS} connections:\n`);
    console.log('| target | requests/s | p50 ms | p99 ms | errors | share of bare |');
    console.log('|---|---:|---:|---:|---:|---:|');
    for (const [n, r] of Object.entries(s)) console.log(`| ${n} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.errors} | ${((r.rps / s['bare Node'].rps) * 100).toFixed(1)} % |`);
    console.log(JSON.stringify({ bench: 'discovery', path: PATH, connections: CONNECTIONS, results: s }));
    await benchBookings(stack.gatewayUrl);
    await benchChat(stack.gatewayUrl);
    return s;
  } finally {
    bare?.kill('SIGTERM');
    await stack.stop();
  }
}
