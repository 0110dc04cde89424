// @ts-check
// The bare Fastify server the gateway's reads are measured against: the ceiling of one Node
// process on this machine for the same answer. A route given `mirror` answers with the headers the
// gateway sent for it (security headers, cache-control, ETag, vary, content-type, …; a correlation
// id made per request, as the gateway makes one), so the share measures the gateway's work and not
// the bytes and header handling any server sending these headers pays (on the discovery read the
// headers alone cost the bare server about a quarter of its rate).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { ROOT } from '../stack.mjs';

/** Headers that belong to one response or one connection, not to the answer: never copied. */
const PER_RESPONSE = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);
/** Made anew for every request by the gateway (and so by the bare server too). */
const CORRELATION_HEADER = 'x-correlation-id';

/**
 * The headers of a gateway answer the bare server repeats: every one but those of the connection,
 * the correlation id left out (the server makes one per request).
 * @param {Headers} headers
 * @returns {Record<string, string>}
 */
export function answerHeaders(headers) {
  /** @type {Record<string, string>} */
  const out = {};
  headers.forEach((v, k) => {
    if (!PER_RESPONSE.has(k) && k !== CORRELATION_HEADER) out[k] = v;
  });
  return out;
}

/**
 * @typedef {{ body: string, headers?: Record<string, string>, correlation?: boolean }} BareRoute
 *   headers: sent as given on every answer (none: the JSON content type only);
 *   correlation: a fresh x-correlation-id per request, as the gateway sends
 */

/**
 * Starts the bare server (a child process, so it has a core's event loop of its own like the
 * gateway); resolves to its URL and the child.
 * @param {Record<string, BareRoute>} routes by path
 * @returns {Promise<{ url: string, child: import('node:child_process').ChildProcess }>}
 */
export async function startBare(routes) {
  const src = `
const { randomUUID } = require('node:crypto');
const routes = ${JSON.stringify(routes)};
const f = require('fastify')({ logger: false });
for (const [path, r] of Object.entries(routes)) {
  const headers = r.headers ?? { 'content-type': 'application/json; charset=utf-8' };
  f.get(path, r.correlation
    ? (q, s) => { s.headers(headers).header('${CORRELATION_HEADER}', randomUUID()); return r.body; }
    : (q, s) => { s.headers(headers); return r.body; });
}
f.listen({ port: 0, host: '127.0.0.1' }).then((a) => console.log('bare ' + a));`;
  const child = spawn(process.execPath, ['-e', src], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  const out = /** @type {import('node:stream').Readable} spawned with stdout piped */ (child.stdout);
  const url = await new Promise((resolve, reject) => {
    let seen = '';
    out.on('data', (d) => {
      seen += d;
      const m = /bare (\S+)/.exec(seen);
      if (m) resolve(m[1]);
    });
    child.once('exit', (c) => reject(new Error(`the bare server exited ${c}: ${seen}`)));
  });
  return { url, child };
}

/**
 * A process's CPU time so far, user + system, in ms (Linux: /proc/<pid>/stat, in clock ticks of
 * 10 ms); NaN elsewhere. Over a run of many requests, its difference per request is what serving
 * one costs that process, a figure the shared machine's load moves far less than requests/s.
 * @param {number | undefined} pid
 */
export function processCpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
}

/**
 * @typedef {{ rps: number, p50: number, p99: number, errors: number, cpuUs: number }} Round one
 *   autocannon run's figures; cpuUs: the serving process's CPU time per request (processCpuMs)
 */

/**
 * One autocannon run against `url` (127.0.0.1 only) and what each request cost the serving process
 * `pid` in CPU; every read comparison of the bench (gateway, services, bare) takes its rounds so.
 * @param {{ url: string, pid: number | undefined, headers?: Record<string, string> }} target
 * @param {number} seconds
 * @param {number} connections
 * @returns {Promise<Round>}
 */
export async function cpuRound(target, seconds, connections) {
  const cpu0 = processCpuMs(target.pid);
  const r = await autocannon({
    url: target.url,
    headers: target.headers,
    connections,
    duration: seconds,
    pipelining: 1,
  });
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.non2xx,
    cpuUs: ((processCpuMs(target.pid) - cpu0) * 1000) / r.requests.total,
  };
}
