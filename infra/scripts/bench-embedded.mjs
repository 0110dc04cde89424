// @ts-check
// `npm run bench:embedded`: start time and memory of the embedded mode (what `npm start` runs).
// Starts it twice (cold: a new data folder, so PostgreSQL is initialised; warm: the same
// folder again), then drives 200 register/me calls against 127.0.0.1 and reads the RSS.
// Prints figures; asserts nothing.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './stack.mjs';

const dataDir = mkdtempSync(join(tmpdir(), 'luxe-bench-'));
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
    env: { ...process.env, PORT: '0', EMBEDDED_PG_PORT: '55496', EMBEDDED_DATA_DIR: dataDir, LOG_LEVEL: 'error' },
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
  console.log(
    `${label}: ready in ${(readyMs / 1000).toFixed(2)} s (process start to URL printed); RSS ${rssReady.toFixed(0)} MiB at ready` +
      (requests
        ? `, ${rssAfter.toFixed(0)} MiB after ${requests} requests (${(reqMs / requests).toFixed(1)} ms per request, argon2id included)`
        : ''),
  );
}

try {
  await run('cold start (new data folder)', 0);
  await run('warm start (existing data)', 200);
  console.log('Note: RSS is the Node process; the embedded PostgreSQL server runs as its own processes.');
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
