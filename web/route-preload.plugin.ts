import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Plugin, Rolldown } from 'vite';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

/** What the gateway reads to add a page's own scripts to its HTML (gateway/src/web/static.ts). */
export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

/** One lazily loaded screen: the paths it answers and the scripts it needs at once. */
export interface RoutePreload {
  /** The route's path as the router writes it (`/events`, `/pass/:token`). */
  path: string;
  /** The same as a case-insensitive regular expression over the URL's path (a trailing slash allowed). */
  pattern: string;
  /** The screen's chunk and the chunks it imports statically, beyond what index.html already loads. */
  files: string[];
}

/** `{ path: '/events', lazy: () => import('./routes/events/events')` in the route table. */
const LAZY_ROUTE = /path:\s*'([^']+)',\s*lazy:\s*\(\)\s*=>\s*import\('([^']+)'\)/g;

/** The route table's lazy routes: path and the module the router imports for it. */
export function lazyRoutes(routerSource: string): { path: string; module: string }[] {
  return [...routerSource.matchAll(LAZY_ROUTE)].map((m) => ({ path: m[1], module: m[2] }));
}

/** `/pass/:token` → `^/pass/[^/]+/?$` (react-router's params; matched case-insensitively, as it does). */
export function pathPattern(path: string): string {
  const body = path
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return `^${body}/?$`;
}

/** A chunk's file and, recursively, the files of its static imports. */
function closure(bundle: OutputBundle, fileName: string, seen = new Set<string>()): Set<string> {
  if (seen.has(fileName)) return seen;
  seen.add(fileName);
  const chunk = bundle[fileName];
  if (chunk?.type === 'chunk') for (const f of chunk.imports) closure(bundle, f, seen);
  return seen;
}

/**
 * Writes `route-preloads.json`: for each lazily loaded screen of web/src/app/router.tsx, the
 * scripts it needs before it can paint. index.html names only the entry's scripts, so a screen's
 * own chunks were found only once the entry had run and the router had matched: one more round
 * trip before anything painted, the costliest wait on a mobile network. The gateway adds them to the page's HTML as `<link rel="modulepreload">`, so they load
 * beside the entry. Only static imports: what a screen loads later on purpose (the login form's
 * zod) stays later.
 */
export function routePreloadPlugin(routerFile: string): Plugin {
  return {
    name: 'luxe-route-preload',
    // The client build only, not the prerender's server build (web/prerender.plugin.ts).
    apply: (config, env) => env.command === 'build' && !config.build?.ssr,
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
      const entry = chunks.find((c) => c.isEntry);
      if (!entry) return;
      const initial = closure(bundle, entry.fileName);
      const routes = lazyRoutes(readFileSync(routerFile, 'utf8'));
      const preloads: RoutePreload[] = [];
      for (const route of routes) {
        const base = resolve(dirname(routerFile), route.module);
        const chunk = chunks.find((c) => c.facadeModuleId && c.facadeModuleId.replace(/\.[jt]sx?$/, '') === base);
        if (!chunk) this.error(`route-preload: no chunk for ${route.path} (${route.module})`);
        const files = [...closure(bundle, chunk.fileName)].filter((f) => !initial.has(f)).map((f) => `/${f}`);
        preloads.push({ path: route.path, pattern: pathPattern(route.path), files });
      }
      if (preloads.length === 0) this.error(`route-preload: no lazy route found in ${routerFile}`);
      this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: `${JSON.stringify(preloads, null, 1)}\n` });
    },
  };
}
