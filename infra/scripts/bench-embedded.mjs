// @ts-check
// `npm run bench:embedded`: start time and memory of the embedded mode (what `npm start` runs).
// Starts it four times: the first start of a build (no template data folder yet: it is made, in a
// temporary folder of its own, then copied), a cold start (another new data folder, copied from
// that template: what `npm start` does on a new folder), a median of `BENCH_COLD_STARTS` (3) such
// cold starts, then a warm start (the same folder again), and drives 200 register/me calls against
// 127.0.0.1 and reads the RSS. Prints figures; asserts nothing.
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './stack.mjs';

// The templates live under the temporary folder (os.tmpdir()): one of the run's own starts with none.
const tmp = mkdtempSync(join(tmpdir(), 'luxe-bench-'));
chmodSync(tmp, 0o755); // traversable by the postgres user when run as root
let dataDir = '';
/** @param {number | undefined} pid */
const rssMiB = (pid) => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
};

/**
 * @param {string} label
 * @param {number} requests
 */
async function run(label, requests) {
  const t0 = process.hrtime.bigint();
  const child = spawn(process.execPath, [join(ROOT, 'infra/embedded/dist/main.js')], {
    env: {
      ...process.env,
      TMPDIR: tmp,
      PORT: '0',
      EMBEDDED_PG_PORT: process.env.BENCH_EMBEDDED_PG_PORT ?? '55496',
      EMBEDDED_DATA_DIR: dataDir,
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  const url = await new Promise((res, rej) => {
    child.stdout.on('data', (d) => {
      out += d;
      const m = /is ready in [\d.]+s: (http:\/\/\S+)/.exec(out);
      if (m) res(m[1]);
    });
    child.once('exit', (c) => rej(new Error(`exited ${c}: ${out}`)));
    setTimeout(() => rej(new Error('not ready within 120 s')), 120_000);
  });
  const readyMs = Number(process.hrtime.bigint() - t0) / 1e6;
  const rssReady = rssMiB(child.pid);
  let reqMs = 0;
  if (requests) {
    const t1 = process.hrtime.bigint();
    for (let i = 0; i < requests / 2; i++) {
      const r = await fetch(`${url}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          email: `bench.${Date.now()}.${i}@example.com`,
          password: 'password-123',
          firstName: 'B',
          lastName: 'M',
          city: 'Miami, FL',
          state: 'Florida',
          userType: 'guest',
        }),
      });
      const cookie = r.headers.getSetCookie()[0]?.split(';')[0];
      await (await fetch(`${url}/api/auth/me`, { headers: { cookie } })).text();
    }
    reqMs = Number(process.hrtime.bigint() - t1) / 1e6;
  }
  const rssAfter = rssMiB(child.pid);
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  if (!label) return readyMs;
  console.log(
    `${label}: ready in ${(readyMs / 1000).toFixed(2)} s (process start to URL printed); RSS ${rssReady.toFixed(0)} MiB at ready` +
      (requests
        ? `, ${rssAfter.toFixed(0)} MiB after ${requests} requests (${(reqMs / requests).toFixed(1)} ms per request, argon2id included)`
        : ''),
  );
  return readyMs;
}

/** A new data folder of the run. */
const newDataFolder = () => (dataDir = mkdtempSync(join(tmp, 'data-')));

try {
  newDataFolder();
  await run('first start of this build (makes the template data folder, then copies it)', 0);
  const colds = [];
  for (let i = 0; i < Number(process.env.BENCH_COLD_STARTS ?? 3); i++) {
    newDataFolder();
    colds.push(await run(i ? '' : 'cold start (new data folder, copied from the template)', 0));
  }
  const sorted = [...colds].sort((a, b) => a - b);
  console.log(
    `cold starts: median ${(sorted[Math.floor(sorted.length / 2)] / 1000).toFixed(2)} s of ${colds.length} (${colds.map((ms) => (ms / 1000).toFixed(2)).join(', ')} s)`,
  );
  await run('warm start (existing data)', 200);
  console.log('Note: RSS is the Node process; the embedded PostgreSQL server runs as its own processes.');
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
