import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import type { PrerenderedPage } from './src/prerender';

/** The SPA's empty page, for every path the build did not prerender (React Router's name for it). */
export const SPA_SHELL_FILE = '__spa-fallback.html';
/** What the gateway reads to answer each prerendered path with its own page (gateway/src/web/static.ts). */
export const PRERENDERED_FILE = 'prerendered.json';

/** One prerendered path and its page's file under the build's folder (`/events` → `events/index.html`). */
export interface PrerenderedEntry {
  path: string;
  file: string;
}

/** `/` → `index.html`, `/events` → `events/index.html` (the files a static host would serve for them). */
export const pageFile = (path: string) => (path === '/' ? 'index.html' : `${path.replace(/^\/|\/$/g, '')}/index.html`);

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** `<link rel="stylesheet" crossorigin href="/assets/index-a1b2.css">` as Vite writes it in index.html. */
const STYLESHEET = /<link rel="stylesheet"[^>]*? href="\/([^"]+\.css)"[^>]*>/g;
/** The `<link rel="modulepreload" …>` Vite writes in the head (deferred to the boot script). */
const PRELOADS = /<link rel="modulepreload"[^>]*>/g;

/**
 * The id of the `<template>` that holds a prerendered page's scripts and preloads until its first
 * frame; the gateway adds a screen's own preloads to it too (gateway/src/web/static.ts).
 */
export const DEFERRED_ID = 'luxe-deferred';

/**
 * The script a prerendered page loads beside its entry (written as `assets/boot-<hash>.js`): once
 * the page's first frame is on screen it asks for the preloads the template holds (a second frame:
 * the first one's paint reaches the screen after the tasks its frame callbacks queue). The page
 * paints from its HTML and inlined styles alone; asked for with the HTML, the preloads (high
 * priority, the whole JavaScript of the page) competed with it for the network and the first frame,
 * and Lighthouse counts every high-priority request that finished before the first paint as needed
 * for it (~2 s of a simulated phone's first paint). The entry itself stays in the page: its scripts
 * are what the document's load waits for (a browser test, a visitor's spinner), and its own imports
 * are asked for as soon as it is parsed (held back too, the document would report loaded before any
 * of its code was asked for). A hidden page has no frame to wait for: at once.
 */
export const BOOT_SCRIPT = `const t = document.getElementById('${DEFERRED_ID}');
const load = () => {
  for (const el of t.content.querySelectorAll('link')) {
    const link = document.createElement('link');
    for (const a of el.attributes) link.setAttribute(a.name, a.value);
    document.head.append(link);
  }
  for (const s of t.content.querySelectorAll('script[src]')) import(s.getAttribute('src'));
};
if (!t) throw new Error('${DEFERRED_ID}: no template');
if (document.visibilityState === 'hidden') load();
else requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(load, 0)));
`;

/** The entry `<script type="module" …>` as Vite writes it in index.html (one). */
const ENTRY = /<script type="module"(?![^>]*\bfetchpriority=)([^>]*\bsrc=)/;

/** The boot script's file under the build's folder, named by its content as Vite names assets. */
export const bootFile = () =>
  `assets/boot-${createHash('sha256').update(BOOT_SCRIPT).digest('base64url').slice(0, 8)}.js`;

/**
 * The built index.html with a page's markup in `#root`, its own title, and its stylesheet inlined
 * (`css`: a file's text by its path under the build's folder). A linked stylesheet blocks the first
 * paint for one more round trip (the page's markup is there, its styles not yet); inlined, the page
 * paints as its HTML arrives, before the scripts. The page CSP allows inline styles (not inline
 * scripts: the preloads wait in a `<template>` for the boot script, `boot`, the path of
 * `BOOT_SCRIPT`'s file). The entry is asked for at low priority: the page is whole without it (its
 * code makes it interactive), and at the default, high, its 36 KB shared the network with what the
 * first paint and the largest one do need (/events' first photo; docs/benchmarks.md has the
 * figures). The modules it imports are still asked for at once.
 */
export function pageHtml(shell: string, page: PrerenderedPage, css: (file: string) => string, boot: string): string {
  if (!shell.includes('<div id="root"></div>')) throw new Error('prerender: index.html has no empty <div id="root">');
  if (!shell.includes('</head>')) throw new Error('prerender: index.html has no </head>');
  if (!/<script type="module"[^>]*\bsrc=/.test(shell)) throw new Error('prerender: index.html has no entry script');
  const deferred = shell.match(PRELOADS) ?? [];
  // Replacer functions: the markup is inserted as it is (a `$` in it is no replacement pattern).
  return shell
    .replace(ENTRY, (_tag, rest: string) => `<script type="module" fetchpriority="low"${rest}`)
    .replace(PRELOADS, '')
    .replace(
      '</head>',
      () =>
        `<template id="${DEFERRED_ID}">${deferred.join('')}</template><script type="module" src="/${boot}"></script></head>`,
    )
    .replace(STYLESHEET, (_link, file: string) => `<style>${css(file).replace(/<\/style/gi, '<\\/style')}</style>`)
    .replace('<div id="root"></div>', () => `<div id="root">${page.html}</div>`)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(page.title)}</title>`);
}

/**
 * The server build of the app, kept in the build's folder for the gateway (gateway/src/web/page-render.ts
 * requires it to draw /events with its first cards): one CommonJS file with React, the router and
 * the app inside, so the gateway's image needs none of them installed. Never served (the gateway's
 * static files skip `server/`).
 */
export const SERVER_RENDER_FILE = 'server/render.cjs';

/**
 * Each path's page, rendered by the server build in a Node process of its own: this config runs in
 * Vite's module runner, which would load the server build as source of its own (and is closed by now).
 */
function renderInNode(module: string, paths: string[]): Record<string, PrerenderedPage> {
  const script = `const { prerender } = require(${JSON.stringify(module)});
(async () => {
  const pages = {};
  for (const path of ${JSON.stringify(paths)}) pages[path] = await prerender(path);
  process.stdout.write(JSON.stringify(pages));
})();`;
  const out = execFileSync(process.execPath, ['-e', script], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return JSON.parse(out) as Record<string, PrerenderedPage>;
}

/**
 * Prerenders the public pages after the client build (React Router's data mode has no prerender of
 * its own; its framework mode's does the same): the app is built once more for Node
 * (`src/prerender.tsx`, the router's static rendering), each path rendered to HTML and written
 * into the built index.html, so the first paint is the page itself, not an empty page waiting for
 * its scripts; main.tsx hydrates it. index.html becomes `/`'s page and the empty page moves to
 * `__spa-fallback.html`; `prerendered.json` lists the pages for the gateway. Runs before
 * precompressPlugin (the pages get their `.br`/`.gz` too).
 */
export function prerenderPlugin({ entry, paths }: { entry: string; paths: string[] }): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'luxe-prerender',
    // The client build only (the server build below reads the same config).
    apply: (c, env) => env.command === 'build' && !c.build?.ssr,
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      order: 'pre',
      async handler() {
        const outDir = resolve(config.root, config.build.outDir);
        const serverFile = join(outDir, SERVER_RENDER_FILE);
        await build({
          configFile: config.configFile,
          configLoader: 'runner',
          mode: config.mode,
          logLevel: 'warn',
          // React's production build inside (its entry picks by NODE_ENV at run time otherwise).
          define: { 'process.env.NODE_ENV': JSON.stringify('production') },
          ssr: { noExternal: true, target: 'node' },
          build: {
            ssr: entry,
            outDir: dirname(serverFile),
            emptyOutDir: false,
            sourcemap: false,
            copyPublicDir: false,
            rolldownOptions: {
              output: { format: 'cjs', entryFileNames: basename(serverFile), codeSplitting: false },
            },
          },
        });
        const pages = renderInNode(serverFile, paths);
        const shell = readFileSync(join(outDir, 'index.html'), 'utf8');
        writeFileSync(join(outDir, SPA_SHELL_FILE), shell);
        const entries: PrerenderedEntry[] = [];
        const boot = bootFile();
        writeFileSync(join(outDir, boot), BOOT_SCRIPT);
        for (const path of paths) {
          const file = pageFile(path);
          mkdirSync(dirname(join(outDir, file)), { recursive: true });
          writeFileSync(
            join(outDir, file),
            pageHtml(shell, pages[path], (css) => readFileSync(join(outDir, css), 'utf8'), boot),
          );
          entries.push({ path, file });
        }
        writeFileSync(join(outDir, PRERENDERED_FILE), `${JSON.stringify(entries, null, 1)}\n`);
      },
    },
  };
}
