// The web client's figures (issue 14): the gzip size of the JavaScript the landing page loads (every
// script the page fetches until the network is idle, measured in Debian's Chromium), and Lighthouse's
// performance and accessibility scores for /, /events and /login (npm `lighthouse` driving the same
// Chromium; its default mobile profile with simulated slow 4G and 4x CPU slowdown, and the desktop
// profile). Runs against the embedded mode (what `npm start` serves). Part of `npm run bench`, or
// alone: `npm run bench -- --web`. Asserts nothing; about a minute.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';
import { ROOT } from '../stack.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];
export const LANDING_JS_TARGET_KB = 150;
export const LIGHTHOUSE_TARGET = 95;

function startEmbedded() {
  const dataDir = mkdtempSync(join(tmpdir(), 'luxe-bench-web-'));
  const child = spawn(process.execPath, [join(ROOT, 'infra/embedded/dist/main.js')], {
    env: { ...process.env, PORT: '0', EMBEDDED_PG_PORT: process.env.BENCH_WEB_PG_PORT ?? '55497', EMBEDDED_DATA_DIR: dataDir, LOG_LEVEL: 'error' },
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

/** Every script the landing page loads, with its size as sent and gzip -9 of its body. */
async function landingScripts(base) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS.filter((f) => f !== '--headless') });
  try {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const scripts = [];
    page.on('response', async (r) => {
      if (r.request().resourceType() !== 'script') return;
      const body = await r.body().catch(() => Buffer.alloc(0));
      scripts.push({ url: new URL(r.url()).pathname, raw: body.length, gzip: gzipSync(body, { level: 9 }).length, encoding: r.headers()['content-encoding'] ?? 'none' });
    });
    await page.goto(`${base}/`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(500);
    return scripts;
  } finally {
    await browser.close();
  }
}

async function lighthouseScores(base, paths) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: FLAGS });
  const rows = [];
  try {
    for (const path of paths) {
      for (const [profile, config] of [['mobile', undefined], ['desktop', desktopConfig]]) {
        const result = await lighthouse(`${base}${path}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] }, config);
        const lhr = result.lhr;
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
            .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'manual' && a.scoreDisplayMode !== 'notApplicable')
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

export async function benchWeb() {
  if (!existsSync(join(ROOT, 'web/dist/index.html')) || !existsSync(join(ROOT, 'infra/embedded/dist/main.js'))) throw new Error('build first: npm run build');
  const embedded = startEmbedded();
  try {
    const base = await embedded.ready;
    const scripts = await landingScripts(base);
    const gzipTotal = scripts.reduce((s, x) => s + x.gzip, 0);
    console.log(`\nThe landing page's JavaScript (GET / at 390 px in Chromium, every script until the network is idle):\n`);
    console.log('| script | raw KB | gzip -9 KB | sent as |');
    console.log('|---|---:|---:|---|');
    for (const s of scripts) console.log(`| ${s.url} | ${(s.raw / 1024).toFixed(1)} | ${(s.gzip / 1024).toFixed(1)} | ${s.encoding} |`);
    console.log(`| **total (${scripts.length} files)** | ${(scripts.reduce((s, x) => s + x.raw, 0) / 1024).toFixed(1)} | **${(gzipTotal / 1024).toFixed(1)}** (target ≤ ${LANDING_JS_TARGET_KB}) | |`);
    console.log(JSON.stringify({ bench: 'landing-js', files: scripts.length, gzipKB: Number((gzipTotal / 1024).toFixed(1)), targetKB: LANDING_JS_TARGET_KB, met: gzipTotal / 1024 <= LANDING_JS_TARGET_KB }));

    const rows = await lighthouseScores(base, ['/', '/events', '/login']);
    console.log(`\nLighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version} (Debian Chromium; target ≥ ${LIGHTHOUSE_TARGET}):\n`);
    console.log('| page | profile | performance | accessibility | FCP ms | LCP ms | TBT ms | CLS | audits under 0.9 |');
    console.log('|---|---|---:|---:|---:|---:|---:|---:|---|');
    for (const r of rows) console.log(`| ${r.path} | ${r.profile} | ${r.performance} | ${r.accessibility} | ${r.fcpMs} | ${r.lcpMs} | ${r.tbtMs} | ${r.cls} | ${r.failed.join(', ') || '-'} |`);
    for (const r of rows) console.log(JSON.stringify({ bench: 'lighthouse', ...r, met: r.performance >= LIGHTHOUSE_TARGET && r.accessibility >= LIGHTHOUSE_TARGET }));
    return { gzipKB: gzipTotal / 1024, rows };
  } finally {
    await embedded.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchWeb();
