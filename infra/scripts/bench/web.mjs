// @ts-check
// The web client's figures (docs/benchmarks.md#npm-run-bench):
// the gzip size of the JavaScript each of /, /events and /login
// loads (every script the page fetches until the network is idle, measured in Debian's Chromium), and
// Lighthouse's performance and accessibility scores for the same pages (npm `lighthouse` driving the
// same Chromium; its default mobile profile with simulated slow 4G and 4x CPU slowdown, and the
// desktop profile). Runs against the embedded mode (what `npm start` serves; WEB_DIST_DIR serves
// another build, e.g. a copy of an older web/dist, to compare). Part of `npm run bench`, or alone:
// `npm run bench -- --web`; `node infra/scripts/bench/web.mjs --js-only` prints the JavaScript
// figures without Lighthouse (seconds, and not CPU-dependent). Asserts nothing; about a minute.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';
import { parseCommandLine } from '../args.mjs';
import { ROOT } from '../stack.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];
export const LANDING_JS_TARGET_KB = 150;
// Each public page prerendered (web/prerender.plugin.ts): 100 for performance and accessibility,
// and its first paint within 1.2 s on the mobile profile.
export const LIGHTHOUSE_TARGET = 100;
export const MOBILE_FCP_TARGET_MS = 1200;
const PAGES = ['/', '/events', '/login'];

function startEmbedded() {
  const dataDir = mkdtempSync(join(tmpdir(), 'luxe-bench-web-'));
  const child = spawn(process.execPath, [join(ROOT, 'infra/embedded/dist/main.js')], {
    env: {
      ...process.env,
      PORT: '0',
      EMBEDDED_PG_PORT: process.env.BENCH_WEB_PG_PORT ?? '55497',
      EMBEDDED_DATA_DIR: dataDir,
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  const ready = new Promise((res, rej) => {
    child.stdout.on('data', (d) => {
      out += d;
      const m = /is ready in [\d.]+s: (http:\/\/\S+)/.exec(out);
      if (m) res(m[1]);
    });
    child.once('exit', (c) => rej(new Error(`embedded mode exited ${c}: ${out}`)));
    setTimeout(() => rej(new Error('embedded mode not ready within 120 s')), 120_000).unref();
  });
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { ready, stop };
}

/**
 * Every script each page loads on a first visit (a fresh browser context: empty cache, no session),
 * with its size as sent and gzip -9 of its body.
 */
/**
 * @param {string} base
 * @param {string[]} paths
 * @returns {Promise<Map<string, Script[]>>}
 */
async function pageScripts(base, paths) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS.filter((f) => f !== '--headless') });
  const byPath = new Map();
  try {
    for (const path of paths) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      /** @type {Promise<Script>[]} */
      const pending = [];
      page.on('response', (r) => {
        if (r.request().resourceType() !== 'script') return;
        pending.push(
          r
            .body()
            .catch(() => Buffer.alloc(0))
            .then((body) => ({
              url: new URL(r.url()).pathname,
              raw: body.length,
              gzip: gzipSync(body, { level: 9 }).length,
              encoding: r.headers()['content-encoding'] ?? 'none',
            })),
        );
      });
      await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
      await page.waitForTimeout(500);
      byPath.set(path, await Promise.all(pending));
      await context.close();
    }
    return byPath;
  } finally {
    await browser.close();
  }
}

/** @typedef {{ url: string, raw: number, gzip: number, encoding: string }} Script one script a page loaded, its size as sent and gzipped */

/** @param {number} bytes */
const kb = (bytes) => (bytes / 1024).toFixed(1);
/** @type {(scripts: Script[], key: 'raw' | 'gzip') => number} */
const sum = (scripts, key) => scripts.reduce((s, x) => s + x[key], 0);

/** @param {Map<string, Script[]>} byPath */
function printScripts(byPath) {
  const landing = byPath.get('/') ?? [];
  const gzipTotal = sum(landing, 'gzip');
  console.log(
    `\nThe landing page's JavaScript (GET / at 390 px in Chromium, every script until the network is idle):\n`,
  );
  console.log('| script | raw KB | gzip -9 KB | sent as |');
  console.log('|---|---:|---:|---|');
  for (const s of landing) console.log(`| ${s.url} | ${kb(s.raw)} | ${kb(s.gzip)} | ${s.encoding} |`);
  console.log(
    `| **total (${landing.length} files)** | ${kb(sum(landing, 'raw'))} | **${kb(gzipTotal)}** (target ≤ ${LANDING_JS_TARGET_KB}) | |`,
  );
  console.log(
    JSON.stringify({
      bench: 'landing-js',
      files: landing.length,
      gzipKB: Number(kb(gzipTotal)),
      targetKB: LANDING_JS_TARGET_KB,
      met: gzipTotal / 1024 <= LANDING_JS_TARGET_KB,
    }),
  );

  console.log(`\nThe JavaScript each page loads (first visit, same method):\n`);
  console.log('| page | files | raw KB | gzip -9 KB | scripts |');
  console.log('|---|---:|---:|---:|---|');
  for (const [path, scripts] of byPath) {
    const names = scripts.map((s) => s.url.replace(/^\/assets\//, '').replace(/-[\w-]{8}\.js$/, '')).join(', ');
    console.log(
      `| ${path} | ${scripts.length} | ${kb(sum(scripts, 'raw'))} | **${kb(sum(scripts, 'gzip'))}** | ${names} |`,
    );
  }
  for (const [path, scripts] of byPath)
    console.log(
      JSON.stringify({
        bench: 'page-js',
        path,
        files: scripts.length,
        rawKB: Number(kb(sum(scripts, 'raw'))),
        gzipKB: Number(kb(sum(scripts, 'gzip'))),
      }),
    );
  return gzipTotal;
}

/**
 * @param {string} base
 * @param {string[]} paths
 */
async function lighthouseScores(base, paths) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: FLAGS });
  const rows = [];
  try {
    for (const path of paths) {
      /** @type {[string, import('lighthouse').Config | undefined][]} */
      const profiles = [
        ['mobile', undefined],
        ['desktop', desktopConfig],
      ];
      for (const [profile, config] of profiles) {
        const run = async () => {
          const r = await lighthouse(
            `${base}${path}`,
            { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] },
            config,
          );
          if (!r) throw new Error(`Lighthouse ${path} ${profile}: no result`);
          return r;
        };
        let result = await run();
        // A run that errs (a trace without its paint events, now and then on a busy machine) is
        // tried once more, and its error named, rather than printed as a score of 0.
        if (result.lhr.runtimeError || result.lhr.categories.performance.score === null) {
          console.log(
            `Lighthouse ${path} ${profile}: ${result.lhr.runtimeError?.code ?? 'no performance score'}; running it again`,
          );
          result = await run();
        }
        const lhr = result.lhr;
        // BENCH_LIGHTHOUSE_DIR: keep each full report (the audits' details: LCP element, request chains).
        if (process.env.BENCH_LIGHTHOUSE_DIR)
          writeFileSync(
            join(process.env.BENCH_LIGHTHOUSE_DIR, `${path.replace(/\W+/g, '_') || 'root'}-${profile}.json`),
            String(result.report),
          ); // output 'json': one report
        /** @param {string} id */
        const metric = (id) => lhr.audits[id]?.numericValue;
        rows.push({
          path,
          profile,
          performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
          accessibility: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
          fcpMs: Math.round(metric('first-contentful-paint') ?? NaN),
          lcpMs: Math.round(metric('largest-contentful-paint') ?? NaN),
          tbtMs: Math.round(metric('total-blocking-time') ?? NaN),
          cls: Number((metric('cumulative-layout-shift') ?? NaN).toFixed(3)),
          failed: Object.values(lhr.audits)
            .filter(
              (a) =>
                a.score !== null &&
                a.score < 0.9 &&
                a.scoreDisplayMode !== 'informative' &&
                a.scoreDisplayMode !== 'manual' &&
                a.scoreDisplayMode !== 'notApplicable',
            )
            .map((a) => a.id)
            .slice(0, 6),
        });
      }
    }
  } finally {
    chrome.kill();
  }
  return rows;
}

export async function benchWeb({ lighthouse: withLighthouse = true } = {}) {
  if (!existsSync(join(ROOT, 'web/dist/index.html')) || !existsSync(join(ROOT, 'infra/embedded/dist/main.js')))
    throw new Error('build first: npm run build');
  const embedded = startEmbedded();
  try {
    const base = await embedded.ready;
    const gzipTotal = printScripts(await pageScripts(base, PAGES));
    if (!withLighthouse) return { gzipKB: gzipTotal / 1024, rows: [] };

    const rows = await lighthouseScores(base, PAGES);
    console.log(
      `\nLighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version} (Debian Chromium; target ≥ ${LIGHTHOUSE_TARGET}, mobile FCP ≤ ${MOBILE_FCP_TARGET_MS} ms; load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}):\n`,
    );
    console.log('| page | profile | performance | accessibility | FCP ms | LCP ms | TBT ms | CLS | audits under 0.9 |');
    console.log('|---|---|---:|---:|---:|---:|---:|---:|---|');
    for (const r of rows)
      console.log(
        `| ${r.path} | ${r.profile} | ${r.performance} | ${r.accessibility} | ${r.fcpMs} | ${r.lcpMs} | ${r.tbtMs} | ${r.cls} | ${r.failed.join(', ') || '-'} |`,
      );
    for (const r of rows)
      console.log(
        JSON.stringify({
          bench: 'lighthouse',
          ...r,
          met:
            r.performance >= LIGHTHOUSE_TARGET &&
            r.accessibility >= LIGHTHOUSE_TARGET &&
            (r.profile !== 'mobile' || r.fcpMs <= MOBILE_FCP_TARGET_MS),
        }),
      );
    return { gzipKB: gzipTotal / 1024, rows };
  } finally {
    await embedded.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseCommandLine({
    usage: 'usage: node infra/scripts/bench/web.mjs [--js-only]',
    options: { 'js-only': { type: 'boolean', default: false } },
  });
  await benchWeb({ lighthouse: !values['js-only'] });
}
