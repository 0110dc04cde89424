import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, errorBody, sendError } from '@luxe/platform';
import {
  api,
  buildPath,
  DEFAULT_VENUE_LOCATION,
  DEFAULT_VENUE_TYPE_FILTER,
  REQUEST_ERRORS,
  VENUE_CARD_IMAGE_SIZES,
  venueImageSrcSet,
} from '@luxe/contracts';
import type { DrawnPage, PageRenderer, PriorityImage } from './page-render';

/**
 * Serves the built web client: each public page the build prerendered (web/prerender.plugin.ts:
 * `/` is index.html, `/events` events/index.html) with its own HTML, and the SPA's empty page
 * (`__spa-fallback.html`) for every other GET outside /api and /health. Text assets are sent as the `.br`/`.gz` files the web build writes beside them (web/precompress.plugin.ts)
 * when the browser accepts them; hashed files under /assets/ are cached for a year (their name
 * changes with their content), index.html is revalidated every time.
 */
export interface WebClientOptions {
  /**
   * Images a page shows first, known before its code runs (e.g. the first venue of /events' list,
   * from the gateway's cache of that read): sent as `Link: <url>; rel=preload; as=image` with the page
   * (with the image's own `imagesrcset` and `imagesizes`: the preload must name the copy the `<img>`
   * will take, or the photo is downloaded twice), so the browser fetches the page's largest paint
   * beside the scripts instead of after them. Only for the page's own URL: a query string
   * (`/events?location=…`) opens another list, whose first photo is not this one.
   */
  imageHints?: (path: string) => PriorityImage[];
  /**
   * The origin those images are served from in the end (`/api/images/…` redirects to object
   * storage): sent beside the hints as `Link: <origin>; rel=preconnect`, so the connection to it is
   * opened while the redirect is asked for.
   */
  imageOrigin?: ImageOrigin;
  /**
   * The session cookie's name: a request carrying it gets the empty page even where a prerendered
   * one exists. The prerendered HTML is the anonymous visitor's view, and a member opening `/` or
   * /login is sent on to his dashboard; drawn from scratch, his page shows no landing page first.
   */
  sessionCookie?: string;
  /**
   * Draws a page whose screen starts with an API read with that read's answer (page-render.ts:
   * /events' first cards in its HTML); anonymous GETs without a query string only.
   */
  renderer?: PageRenderer;
}

/**
 * Where photos are served from: the configured public origin of object storage
 * (STORAGE_PUBLIC_ORIGIN), else the origin of the first photo redirect the gateway answered.
 */
export class ImageOrigin {
  constructor(private origin?: string) {}

  /** A redirect's absolute http(s) URL gives its origin, once (a path gives nothing). */
  learn(url: string): void {
    if (this.origin || !/^https?:\/\//i.test(url)) return;
    try {
      this.origin = new URL(url).origin;
    } catch {
      // not a URL: nothing learnt
    }
  }

  get(): string | undefined {
    return this.origin;
  }
}

export async function serveWebClient(
  fastify: FastifyInstance,
  dir: string | undefined,
  opts: WebClientOptions = {},
): Promise<void> {
  const indexHtml = dir ? join(dir, 'index.html') : '';
  const built = !!dir && existsSync(indexHtml);
  if (built) {
    await fastify.register(fastifyStatic, {
      root: dir!,
      prefix: '/',
      // The web build's server bundle (page-render.ts) is the gateway's, not the browser's.
      allowedPath: (pathName) => !/^\/server(\/|$)/i.test(pathName),
      index: false,
      wildcard: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, path) => {
        void reply.header(
          'Cache-Control',
          path.endsWith('.html')
            ? 'no-cache'
            : /[\\/]assets[\\/]/.test(path)
              ? 'public, max-age=31536000, immutable'
              : 'public, max-age=3600',
        );
      },
    });
  }
  // A build without prerendered pages (an older one) has the empty page as index.html.
  const shellFile = built && existsSync(join(dir!, SPA_SHELL_FILE)) ? join(dir!, SPA_SHELL_FILE) : indexHtml;
  const page = built ? readFileSync(shellFile) : null;
  const pageFor = built ? routePages(dir!, page!) : null;
  const session = opts.sessionCookie
    ? new RegExp(`(?:^|;)\\s*${opts.sessionCookie.replace(/\W/g, '\\$&')}=[^;\\s]`)
    : null;
  fastify.route({
    method: ['GET', 'HEAD'],
    url: '/*',
    handler: (req, reply) => {
      const path = req.url.split('?')[0].toLowerCase();
      // /metrics too: the gateway serves it on an internal listener only (METRICS_PORT), never here.
      if (path === '/api' || path.startsWith('/api/') || path.startsWith('/health') || path === '/metrics') {
        const { body } = errorBody(
          AppError.of(REQUEST_ERRORS.NOT_FOUND, { message: `Cannot ${req.method} ${req.url.split('?')[0]}` }),
        );
        return sendError(reply, body);
      }
      if (!page || !pageFor)
        return reply.code(503).type('text/plain').send('The web client is not built: run `npm run build`.');
      // The page is HTML with its styles inlined: sent compressed like the assets (made once per page).
      const signedIn = !!session && session.test(String(req.headers.cookie ?? ''));
      const body = pageFor(path, signedIn);
      const drawn =
        opts.renderer &&
        req.method === 'GET' &&
        !signedIn &&
        !req.url.includes('?') &&
        opts.renderer.draws(pagePath(path))
          ? opts.renderer.page(pagePath(path), body, (req as { correlationId?: string }).correlationId)
          : undefined;
      if (drawn) return drawn.then((page) => sendPage(req, reply, page?.body ?? body, page));
      return sendPage(req, reply, body);
    },
  });

  /**
   * A page's headers and body, compressed when the browser takes it (`drawn`: the page drawn with its
   * data, made again when its list changes, see `compressed`; its first image hinted as it is in it).
   */
  function sendPage(req: FastifyRequest, reply: FastifyReply, body: Buffer, drawn?: DrawnPage) {
    const path = req.url.split('?')[0].toLowerCase();
    const accepts = String(req.headers['accept-encoding'] ?? '');
    const encoding = /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : null;
    void reply
      .header('Cache-Control', 'no-cache')
      .header('Vary', session ? 'Accept-Encoding, Cookie' : 'Accept-Encoding')
      .type('text/html; charset=utf-8');
    const images: PriorityImage[] = drawn
      ? drawn.image && isOwnImagePath(drawn.image.src)
        ? [drawn.image]
        : []
      : req.url.includes('?')
        ? []
        : (opts.imageHints?.(path) ?? []).filter((i) => isOwnImagePath(i.src));
    if (images.length > 0) {
      const origin = opts.imageOrigin?.get();
      const links = images.map(
        (i) =>
          `<${i.src}>; rel=preload; as=image${i.srcset ? `; imagesrcset="${i.srcset}"; imagesizes="${i.sizes ?? ''}"` : ''}; fetchpriority=high`,
      );
      void reply.header('Link', [...(origin ? [`<${origin}>; rel=preconnect`] : []), ...links].join(', '));
    }
    if (!encoding) return reply.send(body);
    return reply.header('Content-Encoding', encoding).send(compressed(body, encoding, !!drawn));
  }
}

/** One lazily loaded screen's scripts, as the web build lists them (web/route-preload.plugin.ts). */
interface RoutePreload {
  path: string;
  pattern: string;
  files: string[];
}

/**
 * Each page's compressed forms, made once per page (a handful of pages, each ~75 KB with its
 * inlined styles). A page drawn with data is made again whenever its list changes, on the request
 * path: brotli at quality 5 (~1 ms, 12.5 KB) instead of 11 (~60 ms, 11.2 KB), gzip at 6.
 */
const compressedPages = new WeakMap<Buffer, { br?: Buffer; gzip?: Buffer }>();
function compressed(page: Buffer, encoding: 'br' | 'gzip', drawn = false): Buffer {
  let forms = compressedPages.get(page);
  if (!forms) compressedPages.set(page, (forms = {}));
  return (forms[encoding] ??=
    encoding === 'br'
      ? brotliCompressSync(page, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: drawn ? 5 : 11 } })
      : gzipSync(page, { level: drawn ? 6 : 9 }));
}

/**
 * The API reads a public screen starts with whoever opens it (no user, no input): fetched from the
 * HTML (`<link rel="preload" as="fetch">`) at once, beside the scripts, and taken by the screen's
 * own request when its code runs. /events lists the default location of every type first
 * (web/src/features/discovery/components/venue-list.tsx, from the same contract constants).
 * web/e2e/web-delivery.e2e.ts checks the page then asks the server once.
 */
export const DATA_PRELOADS: Record<string, string[]> = {
  '/events': [buildPath(api.venues.byLocation.path, { ...DEFAULT_VENUE_LOCATION, type: DEFAULT_VENUE_TYPE_FILTER })],
};

/** Only our own image paths become hints (a same-origin path, nothing that could break the header). */
const isOwnImagePath = (u: string) => /^\/api\/(images\/|placeholder-)[\w./%-]+$/.test(u);

/**
 * The first venue's image of each DATA_PRELOADS list a page opens with, learnt from the answers the
 * gateway's public read cache keeps (`learn`, nothing is fetched for a hint). The cache keeps an
 * answer seconds (PUBLIC_CACHE_TTL_MS) and a quiet site's next visitor comes later: the image last
 * learnt stays the hint for `rememberMs` (a stale hint costs one unused image request). The grid
 * fetches only its first card's image at once (web's PRIORITY_CARDS = 1), so only that one is hinted.
 */
export function listImageHints(rememberMs = 10 * 60_000, now: () => number = Date.now) {
  const lists = new Set(Object.values(DATA_PRELOADS).flat());
  const learnt = new Map<string, { images: PriorityImage[]; at: number }>();
  return {
    learn(url: string, body: string): void {
      if (lists.has(url)) learnt.set(url, { images: firstImageOf(body), at: now() });
    },
    hints(path: string): PriorityImage[] {
      const out: PriorityImage[] = [];
      for (const url of DATA_PRELOADS[path] ?? []) {
        const l = learnt.get(url);
        if (l && now() - l.at <= rememberMs) out.push(...l.images);
      }
      return out;
    },
  };
}

/** A list's first card photo as its `<img>` asks for it (web/src/features/discovery/components/venue-card.tsx). */
function firstImageOf(listBody: string): PriorityImage[] {
  try {
    const list: unknown = JSON.parse(listBody);
    const first = Array.isArray(list) ? (list[0] as { imageUrl?: unknown } | undefined) : undefined;
    if (typeof first?.imageUrl !== 'string') return [];
    const srcset = venueImageSrcSet(first.imageUrl);
    return [srcset ? { src: first.imageUrl, srcset, sizes: VENUE_CARD_IMAGE_SIZES } : { src: first.imageUrl }];
  } catch {
    return [];
  }
}

const attr = (v: string) => v.replace(/[^\w./%-]/g, '');

/** The empty page of the SPA, and the list of prerendered pages (web/prerender.plugin.ts writes both). */
export const SPA_SHELL_FILE = '__spa-fallback.html';
const PRERENDERED_FILE = 'prerendered.json';
/**
 * Where a prerendered page keeps its scripts and preloads until its first frame (web/prerender.plugin.ts's
 * DEFERRED_ID; static.spec.ts checks a page the plugin made).
 */
export const DEFERRED_OPEN = '<template id="luxe-deferred">';

/** `/Events/` → `/events`: how the prerendered pages are looked up (the router matches case-insensitively). */
const pagePath = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path).toLowerCase();

/** Each prerendered page's HTML by its path, read once at start. */
function prerenderedPages(dir: string): Map<string, Buffer> {
  const file = join(dir, PRERENDERED_FILE);
  if (!existsSync(file)) return new Map();
  const list = JSON.parse(readFileSync(file, 'utf8')) as { path: string; file: string }[];
  // Only files inside the build's folder (the list is ours, but a path is a path).
  return new Map(
    list
      .filter((p) => !p.file.split(/[\\/]/).includes('..'))
      .map((p) => [pagePath(p.path), readFileSync(join(dir, p.file))]),
  );
}

/**
 * The page for a path: its prerendered HTML if the build made one (not for a signed-in request,
 * see `sessionCookie`), else the SPA's empty page; either with the screen's own scripts as
 * `<link rel="modulepreload">` (from `route-preloads.json`, written by the web build), so they load
 * beside the entry instead of after it has run, and the API reads it starts with (DATA_PRELOADS).
 * Built once per screen at start; a path no screen claims gets the empty page as it is.
 */
export function routePages(dir: string, shell: Buffer): (path: string, signedIn?: boolean) => Buffer {
  const prerendered = prerenderedPages(dir);
  const file = join(dir, 'route-preloads.json');
  const preloads = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as RoutePreload[]) : [];
  const routes = preloads.map((r) => {
    const links = [
      ...r.files.map((f) => `<link rel="modulepreload" crossorigin href="${attr(f)}">`),
      // The client's requests carry the session cookie (credentials: 'include'): so does the preload, or it would not be taken.
      ...(DATA_PRELOADS[r.path] ?? []).map(
        (u) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${attr(u)}">`,
      ),
    ].join('');
    const withLinks = (page: Buffer) => {
      const html = page.toString('utf8');
      // A prerendered page asks for its scripts and preloads after its first frame: the screen's join them.
      if (html.includes(DEFERRED_OPEN))
        return Buffer.from(html.replace(DEFERRED_OPEN, () => `${DEFERRED_OPEN}${links}`));
      return html.includes('</head>') ? Buffer.from(html.replace('</head>', () => `${links}</head>`)) : page;
    };
    const own = prerendered.get(pagePath(r.path));
    return { pattern: new RegExp(r.pattern, 'i'), shell: withLinks(shell), prerendered: own && withLinks(own) };
  });
  return (path, signedIn = false) => {
    const route = routes.find((r) => r.pattern.test(path));
    const own = signedIn ? undefined : (route?.prerendered ?? prerendered.get(pagePath(path)));
    return own ?? route?.shell ?? shell;
  };
}
