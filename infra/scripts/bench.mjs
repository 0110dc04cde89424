// @ts-check
// `npm run bench`: the gateway path against a bare Node server answering the same JSON, in one run
// and alternating rounds, for GET /api/auth/me (with a session) and GET /health/live, at 50
// connections, on 127.0.0.1 only. Prints requests/s, p50 and p99 per target and the ratio, then one
// JSON line. `-- --profile` also CPU-profiles the embedded process during one extra /api/auth/me run
// and prints where the time goes. Then the event path's latency (outbox → Kafka → consumer against
// Kafka's own produce → consume, infra/scripts/bench/events.mjs) when infra/local's variables are set;
// `-- --events-only` runs that part alone. Then the figures on the distributed stack
// (infra/scripts/bench/discovery.mjs: the public discovery read through the gateway, its cache, the
// venues service and a bare Fastify server; the signed-in reads; bookings against pgbench; 500-way
// contention on one slot; chat delivery; booking-confirmed → social against Kafka's own;
// booking-confirmed → email accepted by Mailpit, bench/email.mjs), ending with one table of every
// figure and its target; `-- --discovery` runs that part alone (`--reads-only`: the reads;
// `--latency-only`: chat delivery and event propagation; `--email-only`: the email figure;
// `--bookings-only`: bookings against pgbench and the 500-way contention). Asserts
// nothing; bounded in time (about 8 minutes, more on a loaded machine). `-- --embedded-only`: the
// embedded part alone (with `--profile`: only the profiles, quickly). Then the web client's landing
// JavaScript and Lighthouse scores (infra/scripts/bench/web.mjs), `-- --web` alone. The data-growth run
// (infra/scripts/bench/growth.mjs: p99 and bytes of the discovery list at 10, 1,000 and 100,000 venues,
// then growth-bookings.mjs: hold and booking p99 by existing bookings, a member's paged reads by items,
// and growth-events.mjs: event propagation p99 at 50, 200 and 1,000 events/s, each on a stack of its
// own) runs before the discovery part, whose final table gets its lines;
// `-- --growth` runs it alone.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseCommandLine } from './args.mjs';
import { ROOT } from './stack.mjs';
import { benchEvents } from './bench/events.mjs';
import { benchDiscovery, printTargets } from './bench/discovery.mjs';
import { benchGrowth } from './bench/growth.mjs';
import { benchWeb } from './bench/web.mjs';
import { demoLogin } from './bench/demo.mjs';
import { answerHeaders, cpuRound, startBare } from './bench/bare.mjs';

const flag = /** @type {const} */ ({ type: 'boolean', default: false, multiple: false });
const { values: args } = parseCommandLine({
  usage:
    'usage: npm run bench [-- --profile] [--events-only | --discovery [--reads-only | --latency-only | --email-only | --bookings-only] | --growth | --web | --embedded-only]',
  options: {
    profile: flag,
    'events-only': flag,
    discovery: flag,
    'reads-only': flag,
    'latency-only': flag,
    'email-only': flag,
    'bookings-only': flag,
    web: flag,
    growth: flag,
    'embedded-only': flag,
  },
});
const PROFILE = args.profile;
const ROUNDS = 3;
const SECONDS = 5;
const CONNECTIONS = 50;
const DISCOVERY = '/api/venues/Miami/Florida/all';
// BENCH_ROOT: measure another checkout's built embedded mode (e.g. an older commit) with this script.
const TARGET = process.env.BENCH_ROOT ?? ROOT;
/** @typedef {import('./bench/bare.mjs').Round} Round */
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
if (args['events-only']) {
  await benchEvents();
  process.exit(0);
}
if (args.discovery || args['reads-only'] || args['latency-only'] || args['email-only'] || args['bookings-only']) {
  await benchDiscovery({
    readsOnly: args['reads-only'],
    latencyOnly: args['latency-only'],
    emailOnly: args['email-only'],
    bookingsOnly: args['bookings-only'],
  });
  process.exit(0);
}
if (args.growth) {
  const growth = await benchGrowth();
  if (growth) printTargets({ growth });
  process.exit(0);
}
if (args.web) {
  await benchWeb();
  process.exit(0);
}

if (!existsSync(join(TARGET, 'infra/embedded/dist/main.js')))
  spawnSync('npm', ['run', 'build'], { cwd: TARGET, stdio: 'inherit' });

/**
 * @param {string} cmd
 * @param {string[]} argv
 * @param {Record<string, string>} env
 * @param {RegExp} readyRe its first group is what `ready` resolves with
 * @param {string} [cwd]
 * @returns {{ child: import('node:child_process').ChildProcessByStdio<null, import('node:stream').Readable, null>, ready: Promise<string>, output: () => string }}
 */
function startChild(cmd, argv, env, readyRe, cwd = undefined) {
  const child = spawn(cmd, argv, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  const ready = new Promise((res, rej) => {
    child.stdout.on('data', (d) => {
      out += d;
      const m = readyRe.exec(out);
      if (m) res(m[1]);
    });
    child.once('exit', (c) => rej(new Error(`${argv.join(' ')} exited ${c}: ${out}`)));
    setTimeout(() => rej(new Error('not ready within 120 s')), 120_000).unref();
  });
  return { child, ready, output: () => out };
}

const dataDir = mkdtempSync(join(tmpdir(), 'luxe-bench-'));
const profileDir = join(ROOT, '.data/profiles');
const profileOut = join(profileDir, `gateway-${Date.now()}.cpuprofile`);
if (PROFILE) mkdirSync(profileDir, { recursive: true });
const embedded = startChild(
  process.execPath,
  [
    ...(PROFILE ? ['--require', join(ROOT, 'infra/scripts/bench/profile-preload.cjs')] : []),
    join(TARGET, 'infra/embedded/dist/main.js'),
  ],
  {
    PORT: '0',
    EMBEDDED_PG_PORT: process.env.BENCH_PG_PORT ?? '55461',
    EMBEDDED_DATA_DIR: dataDir,
    LOG_LEVEL: 'error',
    LUXE_PROFILE_OUT: profileOut,
  },
  /is ready in [\d.]+s: (http:\/\/\S+)/,
);

try {
  const gateway = await embedded.ready;
  const cookie = await demoLogin(gateway);
  const meBody = await (await fetch(`${gateway}/api/auth/me`, { headers: { cookie } })).text();
  const liveBody = await (await fetch(`${gateway}/health/live`)).text();
  // The discovery read as the gateway serves it again (cached): the bare server sends its headers too (bench/bare.mjs).
  await fetch(`${gateway}${DISCOVERY}`);
  const discovery = await fetch(`${gateway}${DISCOVERY}`);
  const discoveryBody = await discovery.text();

  // A bare Fastify server answering the same bodies: the ceiling of this machine for one Node process.
  const bare = await startBare({
    '/api/auth/me': { body: meBody },
    '/health/live': { body: liveBody },
    [DISCOVERY]: { body: discoveryBody, headers: answerHeaders(discovery.headers), correlation: true },
  });
  const bareUrl = bare.url;

  const gwPid = embedded.child.pid;
  const barePid = bare.child.pid;
  const targets = [
    { name: 'gateway /api/auth/me', url: `${gateway}/api/auth/me`, headers: { cookie }, pid: gwPid },
    { name: 'bare    /api/auth/me', url: `${bareUrl}/api/auth/me`, pid: barePid },
    { name: 'gateway /health/live', url: `${gateway}/health/live`, pid: gwPid },
    { name: 'bare    /health/live', url: `${bareUrl}/health/live`, pid: barePid },
    { name: `gateway ${DISCOVERY}`, url: `${gateway}${DISCOVERY}`, pid: gwPid },
    { name: `bare    ${DISCOVERY}`, url: `${bareUrl}${DISCOVERY}`, pid: barePid },
  ];
  /** @type {(t: typeof targets[number], seconds: number) => Promise<Round>} */
  const run = (t, seconds) => cpuRound(t, seconds, CONNECTIONS);

  console.log(`load average at start: ${load()}`);
  for (const t of targets) await run(t, 2); // warm-up
  /** @type {Record<string, Round[]>} */
  const results = Object.fromEntries(targets.map((t) => [t.name, []]));
  for (let round = 1; round <= ROUNDS; round++) {
    for (const t of targets) results[t.name].push(await run(t, SECONDS));
    console.log(`round ${round}/${ROUNDS} done (load ${load()})`);
  }
  /** @param {number[]} xs */
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const summary = Object.fromEntries(
    Object.entries(results).map(([name, rs]) => [
      name,
      {
        rps: median(rs.map((r) => r.rps)),
        p50: median(rs.map((r) => r.p50)),
        p99: median(rs.map((r) => r.p99)),
        errors: rs.reduce((a, r) => a + r.errors, 0),
        cpuUs: median(rs.map((r) => r.cpuUs)),
      },
    ]),
  );
  console.log(`\nmedian of ${ROUNDS} rounds of ${SECONDS} s, ${CONNECTIONS} connections:\n`);
  // CPU µs/request: the serving process's CPU time per request, which the machine's load moves far less than requests/s.
  console.log('| target | requests/s | p50 ms | p99 ms | errors | gateway/bare | CPU µs/request | CPU bare/gateway |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const path of ['/api/auth/me', '/health/live', DISCOVERY]) {
    const g = summary[`gateway ${path}`];
    const b = summary[`bare    ${path}`];
    console.log(
      `| gateway ${path} | ${g.rps.toFixed(0)} | ${g.p50} | ${g.p99} | ${g.errors} | ${((g.rps / b.rps) * 100).toFixed(1)} % | ${g.cpuUs.toFixed(1)} | ${((b.cpuUs / g.cpuUs) * 100).toFixed(1)} % |`,
    );
    console.log(
      `| bare ${path} | ${b.rps.toFixed(0)} | ${b.p50} | ${b.p99} | ${b.errors} | | ${b.cpuUs.toFixed(1)} | |`,
    );
  }
  console.log(`\nload average at end: ${load()}`);
  console.log(
    JSON.stringify({
      bench: 'gateway',
      connections: CONNECTIONS,
      rounds: ROUNDS,
      seconds: SECONDS,
      load: loadavg(),
      results: summary,
    }),
  );

  if (PROFILE) {
    // One 10 s run of each signed-in and public read (the latter answered from the gateway's cache).
    /** @type {[typeof targets[number], string][]} */
    const profiled = [
      [targets[0], profileOut],
      [targets[4], profileOut.replace(/\.cpuprofile$/, '-2.cpuprofile')],
    ];
    for (const [t, out] of profiled) {
      embedded.child.kill('SIGUSR2');
      await run(t, 10);
      embedded.child.kill('SIGUSR2');
      for (let i = 0; i < 50 && !existsSync(out); i++) await new Promise((r) => setTimeout(r, 100));
      console.log(`\nCPU profile of a 10 s ${t.name} run: ${out}\n`);
      printProfile(JSON.parse(readFileSync(out, 'utf8')));
    }
  }
  bare.child.kill('SIGTERM');
  if (!args['embedded-only']) {
    await benchEvents();
    await benchDiscovery({ growth: await benchGrowth() });
    await benchWeb();
  }
} finally {
  embedded.child.kill('SIGTERM');
  await new Promise((r) => embedded.child.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}

/**
 * Self time per function and per package, from a V8 .cpuprofile.
 * @param {import('node:inspector').Profiler.Profile} p
 */
function printProfile(p) {
  const nodes = new Map(p.nodes.map((n) => [n.id, n]));
  /** @type {Map<number, number>} node id → self time */
  const self = new Map();
  p.samples?.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (p.timeDeltas?.[i] ?? 0)));
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const byFn = new Map();
  const byPkg = new Map();
  for (const [id, t] of self) {
    const node = nodes.get(id);
    if (!node) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    const pkg =
      /node_modules\/((@[^/]+\/)?[^/]+)/.exec(url)?.[1] ??
      (url.startsWith('node:')
        ? 'node (core)'
        : url.includes(ROOT)
          ? url.slice(url.indexOf(ROOT) + ROOT.length + 1).split('/dist/')[0]
          : functionName || '(native)');
    const fn = `${functionName || '(anonymous)'} ${url.split('/').pop()}:${lineNumber + 1}`;
    byFn.set(fn, (byFn.get(fn) ?? 0) + t);
    byPkg.set(pkg, (byPkg.get(pkg) ?? 0) + t);
  }
  /** @type {(m: Map<string, number>, n: number) => string} */
  const top = (m, n) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `${((v / total) * 100).toFixed(1).padStart(5)} %  ${k}`)
      .join('\n');
  console.log(`by package (self time):\n${top(byPkg, 20)}\n\nby function (self time):\n${top(byFn, 25)}`);
}
