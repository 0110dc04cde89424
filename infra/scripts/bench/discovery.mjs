// The public discovery read, GET /api/venues/Miami/Florida/all, on the distributed stack (real
// PostgreSQL, Redis, Kafka, MinIO of infra/local, demo venues seeded): through the gateway, straight
// to the venues service (with a signed internal token, as the gateway sends it), and a bare Node
// server answering the same JSON from memory, alternating rounds at 100 connections. Prints
// requests/s, p50 and p99 and the ratios. Part of `npm run bench` (or alone: `-- --discovery`).
// Asserts nothing; about 90 seconds.
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

export async function benchDiscovery() {
  if (!process.env.LUXE_PG_ADMIN_URL || !process.env.KAFKA_BROKERS) {
    console.log('\ndiscovery read: skipped (infra/local variables not set; run bash infra/local/up.sh and source its env file)');
    return null;
  }
  const basePort = Number(process.env.BENCH_BASE_PORT ?? 4500);
  const stack = await startStack({
    dbPrefix: 'luxe_bench',
    resetDatabases: true,
    basePort,
    gatewayPort: basePort,
    groupPrefix: 'bench.',
    seed: true,
    logDir: join(ROOT, '.data/bench-logs'),
    extraEnv: { LOG_LEVEL: 'warn', NODE_ENV: 'development' },
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
    return s;
  } finally {
    bare?.kill('SIGTERM');
    await stack.stop();
  }
}
