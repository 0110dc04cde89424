// @ts-check
// API fuzzing of the whole /api surface with schemathesis, against the gateway's own OpenAPI
// document (GET /api/openapi.json), on the distributed stack (real PostgreSQL, Kafka, Redis,
// MinIO, stripe-mock of infra/local; databases of its own, demo data seeded). Used by
// infra/scripts/test-fuzz.sh (`npm run test:fuzz`), which provisions schemathesis first.
//
//   node infra/scripts/fuzz.mjs --schemathesis PATH [--report FILE]
//
// Runs, one after another (schemathesis' examples, coverage and fuzzing phases, valid and
// invalid input): the venue-owner operations as a venue owner (session cookie), the member
// operations as a host (session cookie), the public ones as a visitor, the admin ones with the
// stack's admin (bearer token from POST /api/admin/login), and last the two that end the caller's
// session (logout, account deletion) with a member of their own. After each signed-in run, its
// session must still work (else its answers were mostly 401s).
// Checks: no answer of 500 or above, every answer's status documented, every JSON answer valid
// against its documented schema, every answer's media type documented.
// Writes a Jest-shaped report: one test per operation (its requests, any failures with the
// request that reproduces them), plus one that the run made at least FUZZ_MIN_REQUESTS requests.
// Environment: FUZZ_BASE_PORT (4900: gateway there, services on the next 8), FUZZ_MAX_EXAMPLES
// (per operation and run), FUZZ_WORKERS, FUZZ_SEED, FUZZ_MIN_REQUESTS (5000), FUZZ_REDIS_DB (9).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { parseCommandLine } from './args.mjs';
import { ROOT, startStack } from './stack.mjs';

const STARTED_MS = Date.now();
const require = createRequire(import.meta.url);
const { values: args } = parseCommandLine({
  usage: 'usage: node infra/scripts/fuzz.mjs --schemathesis PATH [--report FILE]',
  options: { schemathesis: { type: 'string' }, report: { type: 'string' } },
});
const SCHEMATHESIS = args.schemathesis ?? process.env.SCHEMATHESIS;
const REPORT = args.report;
const OUT = join(ROOT, '.data', 'fuzz');
const BASE_PORT = Number(process.env.FUZZ_BASE_PORT ?? 4900);
const MAX_EXAMPLES = Number(process.env.FUZZ_MAX_EXAMPLES ?? 35);
// One worker: schemathesis' threads trip a CPython 3.11 bug ("AST constructor recursion depth mismatch", python/cpython#106905).
const WORKERS = process.env.FUZZ_WORKERS ?? '1';
const SEED = process.env.FUZZ_SEED ?? String(Math.floor(Math.random() * 2 ** 31));
const MIN_REQUESTS = Number(process.env.FUZZ_MIN_REQUESTS ?? 5000);
const REDIS_DB = Number(process.env.FUZZ_REDIS_DB ?? 9);
const CHECKS = 'not_a_server_error,status_code_conformance,response_schema_conformance,content_type_conformance';

/** @type {{ title: string, fullName: string, status: 'passed' | 'failed', failureMessages: string[] }[]} the Jest-shaped report's result lines */
const results = [];
/** @type {(title: string, ok: boolean, message?: string) => void} */
const record = (title, ok, message) => {
  results.push({
    title,
    fullName: `fuzz ${title}`,
    status: ok ? 'passed' : 'failed',
    failureMessages: ok || !message ? [] : [message],
  });
  console.log(`${ok ? 'ok' : 'not ok'} - ${title}`);
  if (!ok && message) console.log(message.replace(/^/gm, '    '));
};
function writeReport() {
  const failed = results.filter((r) => r.status === 'failed').length;
  if (REPORT) {
    mkdirSync(join(REPORT, '..'), { recursive: true });
    writeFileSync(
      REPORT,
      JSON.stringify(
        {
          numPassedTests: results.length - failed,
          numFailedTests: failed,
          numPendingTests: 0,
          numTodoTests: 0,
          success: failed === 0 && results.length > 0,
          testResults: [
            { name: 'infra/scripts/test-fuzz.sh', status: failed ? 'failed' : 'passed', assertionResults: results },
          ],
        },
        null,
        1,
      ),
    );
  }
  // The phase's time, from test-fuzz.sh's start (provisioning included) when it gives it.
  const t0 = Number(process.env.FUZZ_PHASE_START_MS ?? STARTED_MS);
  console.log(`\nphase time: ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  console.log(`fuzz: ${results.length - failed} passed, ${failed} failed`);
  console.log(`${results.length - failed} passed, ${failed} failed`);
  return failed === 0 && results.length > 0;
}

/**
 * @param {string} base
 * @param {string} method
 * @param {string} path
 * @param {{ body?: unknown, cookie?: string, bearer?: string }} [opts]
 */
async function call(base, method, path, { body, cookie, bearer } = {}) {
  /** @type {Record<string, string>} */
  const headers = { ...(body ? { 'content-type': 'application/json' } : { 'x-requested-with': 'XMLHttpRequest' }) };
  if (cookie) headers.cookie = cookie;
  if (bearer) headers.authorization = `Bearer ${bearer}`;
  const r = await fetch(`${base}${path}`, { method, headers, body: body ? JSON.stringify(body) : undefined });
  const text = await r.text();
  let json = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON */
  }
  return { status: r.status, json, text, cookie: r.headers.getSetCookie()[0]?.split(';')[0] };
}

/** Registers a member of the type and returns its session cookie (`luxe_session=...`). */
/**
 * @param {string} base
 * @param {string} userType
 * @param {string} firstName
 */
async function member(base, userType, firstName) {
  const email = `fuzz-${userType}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@fuzz.luxeswipe.test`;
  const r = await call(base, 'POST', '/api/auth/register', {
    body: {
      email,
      password: 'fuzz-password-1',
      firstName,
      lastName: 'Fuzz',
      city: 'Miami, FL',
      state: 'Florida',
      userType,
    },
  });
  if (r.status !== 201 || !r.cookie) throw new Error(`register ${userType}: ${r.status} ${r.text.slice(0, 300)}`);
  const me = await call(base, 'GET', '/api/auth/me', { cookie: r.cookie });
  if (me.status !== 200) throw new Error(`me ${userType}: ${me.status} ${me.text.slice(0, 300)}`);
  return { cookie: r.cookie, id: me.json.id };
}

/** Forgets this stack's rate-limit windows and sessions of a previous run: its own Redis database only. */
/** @param {string} url */
async function flushOwnRedisDb(url) {
  /** @type {typeof import('ioredis').Redis} */
  const Redis = require('ioredis');
  const r = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  await r.connect();
  try {
    await r.flushdb();
  } finally {
    r.disconnect();
  }
}

/**
 * @param {string} name
 * @param {string} base
 * @param {string} schemaFile
 * @param {{ headers: string[], operations: string[], maxExamples: number }} run
 * @returns {Promise<{ name: string, code: number | null, output: string, seconds: number, dir: string }>}
 */
function runSchemathesis(name, base, schemaFile, { headers, operations, maxExamples }) {
  const dir = join(OUT, name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const argv = [
    'run',
    schemaFile,
    '--url',
    base,
    '--checks',
    CHECKS,
    '--phases',
    'examples,coverage,fuzzing',
    '--max-examples',
    String(maxExamples),
    '--workers',
    WORKERS,
    '--seed',
    SEED,
    '--no-shrink',
    '--continue-on-failure',
    '--generation-with-security-parameters',
    'false',
    '--request-timeout',
    '15',
    '--suppress-health-check',
    'all',
    '--max-redirects',
    '0',
    '--warnings',
    'off',
    '--no-color',
    '--report',
    'junit,ndjson',
    '--report-junit-path',
    join(dir, 'junit.xml'),
    '--report-ndjson-path',
    join(dir, 'events.ndjson'),
    '--generation-database',
    'none',
    '-H',
    'X-Requested-With: XMLHttpRequest',
  ];
  for (const h of headers) argv.push('-H', h);
  for (const op of operations) argv.push('--include-operation-id', op);
  return new Promise((resolve) => {
    const t0 = Date.now();
    const child = spawn(/** @type {string} main checked it */ (SCHEMATHESIS), argv, {
      cwd: dir,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NO_COLOR: '1', SCHEMATHESIS_HOOKS: '' },
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => {
      writeFileSync(join(dir, 'output.txt'), output);
      resolve({ name, code, output, seconds: (Date.now() - t0) / 1000, dir });
    });
  });
}

/**
 * Counts from schemathesis' NDJSON event stream: every ScenarioFinished event carries the
 * recorder of the scenario's test cases (one HTTP interaction each) and their check results.
 */
/** A recorded body: text, or `{ $base64 }` for bytes. */
/** @param {any} b a request's or response's body as schemathesis records it (text, {$base64}, or JSON) */
const text = (b) =>
  (b == null
    ? ''
    : typeof b === 'string'
      ? b
      : b.$base64 !== undefined
        ? Buffer.from(b.$base64, 'base64').toString('utf8')
        : JSON.stringify(b)
  ).slice(0, 400);

/**
 * @typedef {{ requests: number, statuses: Record<string, number>, failures: Map<string, string>, errors: string[] }} OpStats
 */
/** @param {string} file schemathesis' NDJSON event stream */
function parseEvents(file) {
  /** @type {Map<string, OpStats>} */
  const ops = new Map();
  /** @type {(label: string) => OpStats} */
  const op = (label) => {
    if (!ops.has(label)) ops.set(label, { requests: 0, statuses: {}, failures: new Map(), errors: [] });
    return /** @type {OpStats} set above */ (ops.get(label));
  };
  let total = 0;
  if (!existsSync(file)) return { ops, total, missing: true };
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    let ev;
    try {
      ev = JSON.parse(line);
    } catch {
      continue;
    }
    const [[type, data]] = Object.entries(ev);
    if (type === 'ScenarioFinished') {
      const label = data.label ?? data.recorder?.label;
      if (!label) continue;
      const o = op(label);
      const interactions = Object.values(data.recorder?.interactions ?? {});
      for (const i of interactions) {
        if (!i.response) continue;
        o.requests += 1;
        total += 1;
        o.statuses[i.response.status_code] = (o.statuses[i.response.status_code] ?? 0) + 1;
      }
      for (const [caseId, checks] of Object.entries(data.recorder?.checks ?? {})) {
        for (const c of checks) {
          if (c.status !== 'FAILURE' && c.status !== 'failure') continue;
          const key = `${c.name}: ${c.failure_info?.failure?.title ?? c.failure_info?.failure?.message ?? ''}`;
          if (o.failures.has(key)) continue;
          const i = data.recorder.interactions?.[caseId];
          const req = i?.request;
          const resp = i?.response;
          const curl = req ? `${req.method} ${req.uri}${req.body ? ` body=${text(req.body)}` : ''}` : '';
          const respBody = text(resp?.content);
          o.failures.set(
            key,
            `${key}\n${c.failure_info?.failure?.message ?? ''}\n  request: ${curl}\n  response: ${resp?.status_code ?? '?'} ${respBody}`,
          );
        }
      }
    } else if (type === 'NonFatalError') {
      op(data.label ?? 'schema').errors.push(
        String(data.info?.message ?? data.value?.message ?? JSON.stringify(data).slice(0, 300)),
      );
    }
  }
  return { ops, total, missing: false };
}

async function main() {
  if (!SCHEMATHESIS)
    throw new Error('--schemathesis PATH (or SCHEMATHESIS) is required: bash infra/local/schemathesis.sh prints it');
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  const redisUrl = new URL(String(process.env.REDIS_URL));
  redisUrl.pathname = `/${REDIS_DB}`;
  await flushOwnRedisDb(redisUrl.toString());
  const t0 = Date.now();
  const stack = await startStack({
    dbPrefix: 'luxe_fuzz',
    resetDatabases: true,
    basePort: BASE_PORT,
    gatewayPort: BASE_PORT,
    groupPrefix: 'fuzz.',
    readyTimeoutMs: 240_000,
    seed: true,
    logDir: join(OUT, 'logs'),
    // A Redis database of its own: the rate-limit windows (which the fuzzer exhausts on purpose) are the loopback address's, shared with every stack on the machine otherwise.
    infraEnv: { REDIS_URL: redisUrl.toString() },
    // Sign-up and login limits above the defaults so that the fuzzer reaches the handlers, and still low enough that it meets their 429 answers.
    extraEnv: { NODE_ENV: 'test', LOG_LEVEL: 'warn', RATE_LIMIT_REGISTER_PER_IP: '60', RATE_LIMIT_LOGIN_PER_IP: '100' },
  });
  console.log(
    `stack ready in ${((Date.now() - t0) / 1000).toFixed(0)} s at ${stack.gatewayUrl} (seed ${SEED}, ${MAX_EXAMPLES} examples per operation and run, ${WORKERS} workers)`,
  );
  let ok = false;
  try {
    const base = stack.gatewayUrl;
    const host = await member(base, 'host', 'Fuzzy');
    const owner = await member(base, 'venue', 'Owner');
    const leaver = await member(base, 'guest', 'Leaver');
    const admin = await call(base, 'POST', '/api/admin/login', {
      body: { email: stack.admin.email, password: stack.admin.password },
    });
    if (admin.status !== 200) throw new Error(`admin login: ${admin.status} ${admin.text.slice(0, 300)}`);
    const docRes = await fetch(`${base}/api/openapi.json`);
    if (docRes.status !== 200) throw new Error(`GET /api/openapi.json: ${docRes.status}`);
    const doc = /** @type {{ paths: Record<string, Record<string, any>> }} the gateway's OpenAPI document */ (
      await docRes.json()
    );
    const schemaFile = join(OUT, 'openapi.json');
    writeFileSync(schemaFile, JSON.stringify(doc, null, 1));
    const operations = Object.values(doc.paths).flatMap((p) => Object.values(p));
    /** @param {any} o an operation of the OpenAPI document */
    const access = (o) =>
      o.security?.[0]?.adminBearer
        ? 'admin'
        : o.description.includes('of type venue')
          ? 'venue-owner'
          : o.security
            ? 'member'
            : 'public';
    /** @param {(o: any) => boolean} pred */
    const ids = (pred) => operations.filter(pred).map((o) => o.operationId);
    // Operations that end the caller's own session run last, each with a member of its own:
    // schemathesis reuses ids it saw in earlier answers (its resource pool), so it does find the
    // fuzzer's own account to delete, or (as the admin) to suspend.
    const ENDS_SESSION = ['users.deleteAccount', 'auth.logout'];
    /** @param {string} cookie */
    const sessionOk = (cookie) => async () => (await call(base, 'GET', '/api/auth/me', { cookie })).status;
    const runs = [
      {
        name: 'venue-owner',
        headers: [`Cookie: ${owner.cookie}`],
        operations: ids((o) => access(o) === 'venue-owner'),
        session: sessionOk(owner.cookie),
      },
      {
        name: 'member',
        headers: [`Cookie: ${host.cookie}`],
        operations: ids((o) => access(o) === 'member' && !ENDS_SESSION.includes(o.operationId)),
        session: sessionOk(host.cookie),
      },
      {
        name: 'public',
        headers: [],
        operations: ids((o) => access(o) === 'public' && !ENDS_SESSION.includes(o.operationId)),
      },
      {
        name: 'admin',
        headers: [`Authorization: Bearer ${admin.json.token}`],
        operations: ids((o) => access(o) === 'admin'),
        session: async () => (await call(base, 'GET', '/api/admin/session', { bearer: admin.json.token })).status,
      },
      { name: 'session-ending', headers: [`Cookie: ${leaver.cookie}`], operations: ENDS_SESSION },
    ];
    const ran = [];
    for (const r of runs) {
      const res = await runSchemathesis(r.name, base, schemaFile, { ...r, maxExamples: MAX_EXAMPLES });
      const parsed = parseEvents(join(res.dir, 'events.ndjson'));
      console.log(
        `${r.name}: ${r.operations.length} operations, ${parsed.total} requests, ${res.seconds.toFixed(0)} s, schemathesis exit ${res.code}`,
      );
      ran.push({ ...r, res, parsed });
      // The run's sign-in must have lasted to its end (else most of its answers were 401s).
      if (r.session) {
        const status = await r.session();
        record(
          `${r.name}: the signed-in session lasted the whole run`,
          status === 200,
          `the session check answered ${status}`,
        );
      }
    }

    let total = 0;
    for (const r of ran) {
      total += r.parsed.total;
      if (r.parsed.missing) {
        record(
          `${r.name}: schemathesis ran and wrote its event stream`,
          false,
          `exit ${r.res.code}\n${r.res.output.slice(-3000)}`,
        );
        continue;
      }
      const byId = new Map(operations.map((o) => [o.operationId, o]));
      for (const id of r.operations) {
        const o = byId.get(id);
        const [path, method] = Object.entries(doc.paths).flatMap(([p, ms]) =>
          Object.entries(ms)
            .filter(([, x]) => x === o)
            .map(([m]) => [p, m]),
        )[0];
        const label = `${method.toUpperCase()} ${path}`;
        const stats = r.parsed.ops.get(label) ?? { requests: 0, statuses: {}, failures: new Map(), errors: [] };
        const problems = [...stats.failures.values(), ...stats.errors.map((/** @type {string} */ e) => `error: ${e}`)];
        if (stats.requests === 0) problems.push('no request was made for this operation');
        const statuses = Object.entries(stats.statuses)
          .map(([s, n]) => `${s}×${n}`)
          .join(' ');
        record(
          `${label} (${id}, as ${r.name}): ${stats.requests} requests [${statuses}], no 5xx, documented statuses, schemas and media types`,
          problems.length === 0,
          problems.join('\n\n'),
        );
      }
      if (r.res.code !== 0 && ![...r.parsed.ops.values()].some((s) => s.failures.size || s.errors.length))
        record(`${r.name}: schemathesis finished cleanly`, false, `exit ${r.res.code}\n${r.res.output.slice(-3000)}`);
    }
    const seconds = (Date.now() - t0) / 1000;
    record(
      `at least ${MIN_REQUESTS} generated requests in total (${total} in ${seconds.toFixed(0)} s)`,
      total >= MIN_REQUESTS,
      `only ${total} requests`,
    );
    writeFileSync(
      join(OUT, 'summary.json'),
      JSON.stringify(
        {
          requests: total,
          seconds,
          seed: SEED,
          runs: ran.map((r) => ({
            name: r.name,
            operations: r.operations.length,
            requests: r.parsed.total,
            seconds: r.res.seconds,
            exit: r.res.code,
          })),
        },
        null,
        1,
      ),
    );
    console.log(`\n${total} requests in ${seconds.toFixed(0)} s (seed ${SEED}); details under ${OUT}`);
  } catch (/** @type {any} */ err) {
    record('the fuzzing run completed (stack, sign-in, schemathesis)', false, String(err?.stack ?? err));
  } finally {
    await stack.stop();
    ok = writeReport();
  }
  process.exit(ok ? 0 : 1);
}

main().catch((err) => {
  record('the fuzzing run completed (stack, sign-in, schemathesis)', false, String(err?.stack ?? err));
  writeReport();
  process.exit(1);
});
