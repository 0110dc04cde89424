import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Logger } from '@luxe/platform';
import { PageRenderer, priorityImage, SERVER_RENDER_FILE, withRoot, type ReadAnswer } from './page-render';
import { serveWebClient } from './static';

const LIST_URL = '/api/venues/Miami/Florida/all';
const page = (root: string) =>
  `<!doctype html><html><head><title>Events</title></head><body>\n<div id="root">${root}</div>\n</body></html>`;

/**
 * A server bundle as the web build writes one (web/src/prerender.tsx's exports): draws each venue
 * of its read as a card, counting its renders in the process (`globalThis.renders`).
 */
const BUNDLE = `exports.FIRST_READ_URLS = [${JSON.stringify(LIST_URL)}];
exports.render = async (path, reads) => {
  globalThis.renders = (globalThis.renders ?? 0) + 1;
  const venues = reads[0].body;
  if (venues.some((v) => v.name === 'throw')) throw new Error('boom');
  const cards = venues.map((v, i) => '<article data-testid="venue-card"><img src="' + v.imageUrl + '"' +
    (i === 0 ? ' srcSet="' + v.imageUrl + '?w=800 800w, ' + v.imageUrl + ' 2048w" sizes="(min-width: 640px) 50vw, 100vw" fetchPriority="high"' : '') +
    '/><h3>' + v.name + '</h3></article>').join('');
  return { html: '<h1>Browse Exclusive Events</h1>' + cards, state: { queries: [{ data: venues, cursor: reads[0].nextCursor }] } };
};`;

const renders = () => (globalThis as { renders?: number }).renders ?? 0;
const logger = () => ({ warn: jest.fn(), info: jest.fn(), error: jest.fn(), debug: jest.fn() }) as unknown as Logger;
const venues = (...names: string[]) =>
  JSON.stringify(names.map((name, i) => ({ id: `v${i}`, name, imageUrl: `/api/images/venues/o1/${i}.webp` })));

function bundleDir(source = BUNDLE): string {
  const dir = mkdtempSync(join(tmpdir(), 'luxe-render-'));
  mkdirSync(join(dir, 'server'));
  writeFileSync(join(dir, SERVER_RENDER_FILE), source);
  return dir;
}

describe('withRoot: a prerendered page drawn again with its data', () => {
  it("puts the markup in #root in place of the build's, and the data block right after it, `<` escaped", () => {
    const out = withRoot(page('<p>Loading events...</p>'), '<ul><li>$& Star</li></ul>', {
      name: '</script><!--',
    })!.toString();
    expect(out).toBe(
      '<!doctype html><html><head><title>Events</title></head><body>\n<div id="root"><ul><li>$& Star</li></ul></div>' +
        '<script type="application/json" id="luxe-state">{"name":"\\u003c/script>\\u003c!--"}</script>\n</body></html>',
    );
    expect(JSON.parse(/id="luxe-state">(.*)<\/script>/.exec(out)![1])).toEqual({ name: '</script><!--' });
  });

  it('keeps a root that holds nested elements whole (its own </div> is the last before </body>)', () => {
    const out = withRoot(page('<div><div>skeleton</div></div>'), '<div>cards</div>', {})!.toString();
    expect(out).toContain('<div id="root"><div>cards</div></div><script');
    expect(out).not.toContain('skeleton');
  });

  it('gives nothing for a page without #root or without a body end', () => {
    expect(withRoot('<html><body><div id="app"></div></body></html>', 'x', {})).toBeUndefined();
    expect(withRoot('<div id="root"></div>', 'x', {})).toBeUndefined();
  });
});

describe('priorityImage: the image a drawn page fetches first, as a preload must name it', () => {
  it('takes the first fetchpriority="high" image with its srcset and sizes, whatever the case of the attributes', () => {
    const html =
      '<img src="/api/images/venues/o/lazy.webp" loading="lazy"/>' +
      '<img src="/api/images/venues/o/a.webp" srcSet="/api/images/venues/o/a.webp?w=800 800w, /api/images/venues/o/a.webp 2048w" sizes="(min-width: 640px) 50vw, 100vw" fetchPriority="high"/>';
    expect(priorityImage(html)).toEqual({
      src: '/api/images/venues/o/a.webp',
      srcset: '/api/images/venues/o/a.webp?w=800 800w, /api/images/venues/o/a.webp 2048w',
      sizes: '(min-width: 640px) 50vw, 100vw',
    });
    expect(priorityImage('<img src="/api/placeholder-yacht.jpg" fetchpriority="high">')).toEqual({
      src: '/api/placeholder-yacht.jpg',
    });
  });

  it('gives nothing without such an image, or when an attribute could end a header parameter', () => {
    expect(priorityImage('<img src="/a.webp" loading="lazy">')).toBeUndefined();
    expect(priorityImage('<img src="/a.webp" srcset="/a.webp 1w&quot;; rel=x" fetchpriority="high">')).toBeUndefined();
    expect(priorityImage('<img src="/a;b.webp" fetchpriority="high">')).toBeUndefined();
  });
});

describe('PageRenderer', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  async function renderer(read: (url: string) => Promise<ReadAnswer | undefined>, source?: string, budgetMs?: number) {
    const dir = bundleDir(source);
    dirs.push(dir);
    const log = logger();
    const r = new PageRenderer({ dir, reads: { '/events': [LIST_URL] }, read, logger: log, budgetMs });
    await r.load();
    return { r, log };
  }

  it("draws the page with its read's answer, and draws it again only when that answer changes", async () => {
    let body = venues('Biscayne Star', 'Sea Breeze');
    const reads: string[] = [];
    const { r } = await renderer(async (url) => (reads.push(url), { body, nextCursor: 'c1' }));
    expect([r.draws('/events'), r.draws('/'), r.draws('/login')]).toEqual([true, false, false]);
    const before = renders();
    const first = await r.page('/events', Buffer.from(page('<p>Loading events...</p>')));
    const html = first!.body.toString();
    expect(html).toContain('<h3>Biscayne Star</h3></article><article data-testid="venue-card">');
    expect(html).not.toContain('Loading events...');
    expect(JSON.parse(/id="luxe-state">(.*?)<\/script>/.exec(html)![1])).toEqual({
      queries: [{ data: JSON.parse(body), cursor: 'c1' }],
    });
    expect(first!.image?.src).toBe('/api/images/venues/o1/0.webp');
    // The same answer: the same page, not drawn again (its compressed forms are kept by it).
    expect(await r.page('/events', Buffer.from(page('')))).toBe(first);
    expect(renders() - before).toBe(1);
    body = venues('Velvet Miami');
    expect((await r.page('/events', Buffer.from(page(''))))!.body.toString()).toContain('<h3>Velvet Miami</h3>');
    expect(renders() - before).toBe(2);
    expect(reads).toEqual([LIST_URL, LIST_URL, LIST_URL]);
  });

  it('leaves the page as prerendered when the read fails, answers no 200, or is later than the budget', async () => {
    const failing = await renderer(async () => {
      throw new Error('venues down');
    });
    expect(await failing.r.page('/events', Buffer.from(page('')))).toBeUndefined();
    const refused = await renderer(async () => undefined);
    expect(await refused.r.page('/events', Buffer.from(page('')))).toBeUndefined();
    const slow = await renderer(
      () => new Promise((resolve) => setTimeout(() => resolve({ body: venues('Late'), nextCursor: null }), 200)),
      undefined,
      20,
    );
    expect(await slow.r.page('/events', Buffer.from(page('')))).toBeUndefined();
  });

  it('leaves the page as prerendered, and says so, when the bundle fails to draw it or exports no render', async () => {
    const throwing = await renderer(async () => ({ body: venues('throw'), nextCursor: null }));
    expect(await throwing.r.page('/events', Buffer.from(page('')))).toBeUndefined();
    expect(throwing.log.warn).toHaveBeenCalledWith(
      expect.objectContaining({ path: '/events' }),
      expect.stringMatching(/could not be drawn/),
    );
    const empty = await renderer(async () => ({ body: venues('A'), nextCursor: null }), 'exports.other = 1;');
    expect(empty.r.draws('/events')).toBe(false);
    expect(empty.log.warn).toHaveBeenCalledWith(expect.anything(), expect.stringMatching(/cannot be drawn/));
  });

  it('draws nothing before its bundle is loaded, nor for a build without one', async () => {
    const dir = bundleDir();
    dirs.push(dir);
    const r = new PageRenderer({
      dir,
      reads: { '/events': [LIST_URL] },
      read: async () => undefined,
      logger: logger(),
    });
    expect([r.available, r.draws('/events')]).toEqual([true, false]);
    const none = new PageRenderer({ dir: tmpdir(), reads: {}, read: async () => undefined, logger: logger() });
    expect(none.available).toBe(false);
  });
});

describe('serveWebClient with a PageRenderer: /events drawn with its first cards', () => {
  const dir = bundleDir();
  let app: FastifyInstance;
  let reads = 0;

  beforeAll(async () => {
    mkdirSync(join(dir, 'events'));
    writeFileSync(join(dir, 'index.html'), page('<h1>Swipe</h1>'));
    writeFileSync(join(dir, 'events/index.html'), page('<p>Loading events...</p>'));
    writeFileSync(join(dir, '__spa-fallback.html'), page(''));
    writeFileSync(join(dir, 'prerendered.json'), JSON.stringify([{ path: '/events', file: 'events/index.html' }]));
    const renderer = new PageRenderer({
      dir,
      reads: { '/events': [LIST_URL] },
      read: async () => (reads++, { body: venues('Biscayne Star'), nextCursor: null }),
      logger: logger(),
    });
    await renderer.load();
    app = Fastify();
    await serveWebClient(app, dir, {
      sessionCookie: 'luxe_session',
      renderer,
      imageHints: () => [{ src: '/api/images/x.webp' }],
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers an anonymous GET /events with the drawn page, its first image hinted as the page fetches it', async () => {
    const r = await app.inject({ url: '/events', headers: { 'accept-encoding': 'br' } });
    expect([r.statusCode, r.headers['content-encoding'], r.headers['cache-control']]).toEqual([200, 'br', 'no-cache']);
    const html = brotliDecompressSync(r.rawPayload).toString();
    expect(html).toContain('<h3>Biscayne Star</h3>');
    expect(html).toContain('id="luxe-state"');
    expect(r.headers.link).toBe(
      '</api/images/venues/o1/0.webp>; rel=preload; as=image; imagesrcset="/api/images/venues/o1/0.webp?w=800 800w, /api/images/venues/o1/0.webp 2048w"; imagesizes="(min-width: 640px) 50vw, 100vw"; fetchpriority=high',
    );
  });

  it('sends the prerendered page to a member, to a URL with a query, and to HEAD, without reading the list', async () => {
    const before = reads;
    for (const [url, cookie] of [
      ['/events', 'luxe_session=abc'],
      ['/events?location=Tampa%2C+FL', undefined],
    ] as const) {
      const r = await app.inject({ url, headers: { ...(cookie ? { cookie } : {}) } });
      expect([url, r.payload.includes('Biscayne'), r.payload.includes('luxe-state')]).toEqual([url, false, false]);
    }
    expect((await app.inject({ method: 'HEAD', url: '/events' })).statusCode).toBe(200);
    expect(reads).toBe(before);
    // The prerendered page sent to a member keeps the hint (the list's first image as learnt); with a
    // query string none: another list opens, whose first photo is not that one.
    expect((await app.inject({ url: '/events', headers: { cookie: 'luxe_session=abc' } })).headers.link).toBe(
      '</api/images/x.webp>; rel=preload; as=image; fetchpriority=high',
    );
    expect((await app.inject({ url: '/events?location=x' })).headers.link).toBeUndefined();
  });

  it('never serves the server bundle itself', async () => {
    for (const url of ['/server/render.cjs', '/SERVER/render.cjs', '/server/'])
      expect([url, (await app.inject({ url })).payload]).not.toContainEqual(expect.stringContaining('FIRST_READ_URLS'));
    expect((await app.inject({ url: '/server/render.cjs' })).statusCode).not.toBe(200);
  });
});
