import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Fastify, { type FastifyInstance } from 'fastify';
import { DEFERRED_OPEN, ImageOrigin, listImageHints, routePages, serveWebClient } from './static';

describe('serveWebClient: the built client, precompressed and cached by name', () => {
  const dir = mkdtempSync(join(tmpdir(), 'luxe-static-'));
  const js = `export const x = ${JSON.stringify('luxe '.repeat(400))};\n`;
  let app: FastifyInstance;

  beforeAll(async () => {
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>LuxeSwipe</title><div id="root"></div>');
    writeFileSync(join(dir, 'assets/app-1a2b3c.js'), js);
    writeFileSync(join(dir, 'assets/app-1a2b3c.js.br'), brotliCompressSync(js));
    writeFileSync(join(dir, 'assets/app-1a2b3c.js.gz'), gzipSync(js));
    app = Fastify();
    await serveWebClient(app, dir);
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('sends the brotli file to a browser that accepts br, cached for a year as immutable', async () => {
    const r = await app.inject({ url: '/assets/app-1a2b3c.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(r.headers.vary)).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(r.rawPayload).toString()).toBe(js);
    expect(r.rawPayload.length).toBeLessThan(js.length / 4);
  });

  it('sends gzip to a browser without br, and the plain file to one accepting neither', async () => {
    const gz = await app.inject({ url: '/assets/app-1a2b3c.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(js);
    const plain = await app.inject({ url: '/assets/app-1a2b3c.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.payload).toBe(js);
  });

  it('serves index.html for the app routes, revalidated every time', async () => {
    const r = await app.inject({ url: '/events' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/html/);
    expect(r.headers['cache-control']).toBe('no-cache');
    expect(r.payload).toContain('<div id="root">');
  });

  it('sends the page compressed to a browser that accepts it (br, else gzip), saying it varies by encoding', async () => {
    const br = await app.inject({ url: '/login', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('<div id="root">');
    const gz = await app.inject({ url: '/login', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toContain('<div id="root">');
    const plain = await app.inject({ url: '/login', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.payload).toContain('<div id="root">');
  });
});

describe("routePages: a screen's own scripts preloaded in its HTML", () => {
  const dir = mkdtempSync(join(tmpdir(), 'luxe-preload-'));
  const page = Buffer.from(
    '<!doctype html><html><head><title>LuxeSwipe</title></head><body><div id="root"></div></body></html>',
  );
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("adds each matching screen's files before </head>, params and a trailing slash included; other paths get index.html", () => {
    writeFileSync(
      join(dir, 'route-preloads.json'),
      JSON.stringify([
        { path: '/events', pattern: '^/events/?$', files: ['/assets/events-a1.js', '/assets/venue-list-b2.js'] },
        { path: '/pass/:token', pattern: '^/pass/[^/]+/?$', files: ['/assets/pass-c3.js'] },
      ]),
    );
    const pageFor = routePages(dir, page);
    const events = pageFor('/events').toString();
    expect(events).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/events-a1.js"><link rel="modulepreload" crossorigin href="/assets/venue-list-b2.js">',
    );
    expect(pageFor('/events/').toString()).toBe(events);
    // /events also starts its first list read from the HTML (the contract's default location, every type).
    expect(events).toContain(
      '<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/venues/Miami/Florida/all"></head>',
    );
    expect(pageFor('/pass/8f2c').toString()).not.toContain('rel="preload"');
    expect(pageFor('/pass/8f2c').toString()).toContain('href="/assets/pass-c3.js"');
    expect(pageFor('/pass/8f2c').toString()).not.toContain('events-a1');
    for (const other of ['/', '/eventsx', '/pass', '/pass/a/b']) expect(pageFor(other)).toBe(page);
  });

  it("adds them inside a prerendered page's template of deferred scripts (asked for after its first frame), not before </head>", () => {
    const prerendered = Buffer.from(
      `<!doctype html><html><head><title>x</title>${DEFERRED_OPEN}<script type="module" src="/assets/index-e1.js"></script></template><script type="module" src="/assets/boot-b1.js"></script></head><body><div id="root"><h1>Events</h1></div></body></html>`,
    );
    mkdirSync(join(dir, 'events'), { recursive: true });
    writeFileSync(join(dir, 'events/index.html'), prerendered);
    writeFileSync(join(dir, 'prerendered.json'), JSON.stringify([{ path: '/events', file: 'events/index.html' }]));
    try {
      const events = routePages(dir, page)('/events').toString();
      expect(events).toContain(
        `${DEFERRED_OPEN}<link rel="modulepreload" crossorigin href="/assets/events-a1.js"><link rel="modulepreload" crossorigin href="/assets/venue-list-b2.js"><link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/venues/Miami/Florida/all"><script type="module" src="/assets/index-e1.js"></script></template>`,
      );
      expect(events.split('</template>')[1]).not.toContain('<link');
    } finally {
      rmSync(join(dir, 'prerendered.json'));
    }
  });

  it('serves index.html unchanged when the build wrote no list', () => {
    const empty = mkdtempSync(join(tmpdir(), 'luxe-preload-none-'));
    expect(routePages(empty, page)('/events')).toBe(page);
    rmSync(empty, { recursive: true, force: true });
  });
});

describe('serveWebClient: the prerendered public pages (web/prerender.plugin.ts)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'luxe-prerendered-'));
  const page = (body: string) =>
    `<!doctype html><html><head><title>x</title></head><body><div id="root">${body}</div></body></html>`;
  let app: FastifyInstance;

  beforeAll(async () => {
    mkdirSync(join(dir, 'events'));
    writeFileSync(join(dir, 'index.html'), page('<h1>Swipe Into Luxury Experiences</h1>'));
    writeFileSync(join(dir, 'events/index.html'), page('<h1>Browse Exclusive Events</h1>'));
    writeFileSync(join(dir, '__spa-fallback.html'), page(''));
    writeFileSync(
      join(dir, 'prerendered.json'),
      JSON.stringify([
        { path: '/', file: 'index.html' },
        { path: '/events', file: 'events/index.html' },
      ]),
    );
    writeFileSync(
      join(dir, 'route-preloads.json'),
      JSON.stringify([{ path: '/events', pattern: '^/events/?$', files: ['/assets/events-a1.js'] }]),
    );
    app = Fastify();
    await serveWebClient(app, dir, { sessionCookie: 'luxe_session' });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string, cookie?: string) =>
    app.inject({ url, headers: { 'accept-encoding': 'identity', ...(cookie ? { cookie } : {}) } });

  it("answers each prerendered path with its own page (the screen's preloads added), any other with the empty page", async () => {
    expect((await get('/')).payload).toContain('<div id="root"><h1>Swipe Into Luxury Experiences</h1></div>');
    for (const url of ['/events', '/Events/', '/events?city=Miami']) {
      const r = await get(url);
      expect([url, r.statusCode, r.headers['cache-control']]).toEqual([url, 200, 'no-cache']);
      expect(r.payload).toContain('<div id="root"><h1>Browse Exclusive Events</h1></div>');
      expect(r.payload).toContain('<link rel="modulepreload" crossorigin href="/assets/events-a1.js">');
    }
    for (const url of ['/login', '/dashboard', '/events/x', '/index.html/x'])
      expect([url, (await get(url)).payload]).toEqual([url, page('')]);
  });

  it('answers a request carrying the session cookie with the empty page: the prerendered HTML is the anonymous view', async () => {
    const signedIn = await get('/', 'theme=dark; luxe_session=s%3Aabc');
    expect(signedIn.payload).toBe(page(''));
    expect(String(signedIn.headers.vary)).toMatch(/cookie/i);
    expect((await get('/events', 'luxe_session=abc')).payload).toContain('<div id="root"></div>');
    expect((await get('/events', 'luxe_session=abc')).payload).toContain('href="/assets/events-a1.js"');
    // Another cookie, or the name as a prefix or with no value, is no session.
    for (const cookie of ['theme=dark', 'luxe_session_old=abc', 'xluxe_session=abc', 'luxe_session='])
      expect([cookie, (await get('/', cookie)).payload]).toEqual([
        cookie,
        page('<h1>Swipe Into Luxury Experiences</h1>'),
      ]);
  });
});

describe('the first image a page shows, hinted with the page (Link: rel=preload; as=image)', () => {
  const list = (...imageUrls: unknown[]) =>
    JSON.stringify(imageUrls.map((imageUrl, i) => ({ id: `v${i}`, name: `Venue ${i}`, imageUrl })));

  /** The card photo's hint: its copies and the card's sizes, as the `<img>` asks for it. */
  const card = (src: string) => ({
    src,
    srcset: `${src}?w=800 800w, ${src} 2048w`,
    sizes: '(min-width: 640px) 50vw, 100vw',
  });

  it("hints the first venue's image of the list /events opens with, once an answer of it was learnt", () => {
    const h = listImageHints();
    expect(h.hints('/events')).toEqual([]);
    h.learn('/api/venues/Paris/Texas/all', list('/api/images/venues/o9/elsewhere.jpg'));
    expect(h.hints('/events')).toEqual([]);
    h.learn(
      '/api/venues/Miami/Florida/all',
      list('/api/images/venues/o1/first.jpg', '/api/images/venues/o1/second.jpg'),
    );
    expect(h.hints('/events')).toEqual([card('/api/images/venues/o1/first.jpg')]);
    // A new answer (the cache was refilled after a change) replaces it.
    h.learn('/api/venues/Miami/Florida/all', list('/api/images/venues/o2/other.jpg'));
    expect(h.hints('/events')).toEqual([card('/api/images/venues/o2/other.jpg')]);
    expect(h.hints('/login')).toEqual([]);
  });

  it('stops hinting an image learnt longer ago than it remembers', () => {
    let clock = 1_000;
    const h = listImageHints(60_000, () => clock);
    h.learn('/api/venues/Miami/Florida/all', list('/api/images/venues/o1/first.jpg'));
    clock += 60_000;
    expect(h.hints('/events')).toEqual([card('/api/images/venues/o1/first.jpg')]);
    clock += 1;
    expect(h.hints('/events')).toEqual([]);
  });

  it('gives nothing for an empty list, a venue without an image, or a body that is not a list', () => {
    const hints = (body: string) => {
      const h = listImageHints();
      h.learn('/api/venues/Miami/Florida/all', body);
      return h.hints('/events');
    };
    expect(hints('[]')).toEqual([]);
    expect(hints(list(null))).toEqual([]);
    expect(hints('{"imageUrl":"/api/images/venues/o/x.jpg"}')).toEqual([]);
    expect(hints('not json')).toEqual([]);
    // A photo the server has no smaller copy of: its one URL, no srcset.
    expect(hints(list('/api/images/users/u/a.jpg'))).toEqual([{ src: '/api/images/users/u/a.jpg' }]);
  });

  describe('serveWebClient', () => {
    const dir = mkdtempSync(join(tmpdir(), 'luxe-hints-'));
    let app: FastifyInstance;
    let hinted: { src: string; srcset?: string; sizes?: string }[] = [];
    beforeAll(async () => {
      writeFileSync(join(dir, 'index.html'), '<!doctype html><title>LuxeSwipe</title><div id="root"></div>');
      app = Fastify();
      await serveWebClient(app, dir, { imageHints: (path) => (path === '/events' ? hinted : []) });
      await app.ready();
    });
    afterAll(async () => {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    });

    it('sends the hint as a Link header with the page, compressed or not, with the srcset the image takes its copy from', async () => {
      hinted = [card('/api/images/venues/o1/first.jpg')];
      for (const encoding of ['br', 'identity']) {
        const r = await app.inject({ url: '/events', headers: { 'accept-encoding': encoding } });
        expect(r.statusCode).toBe(200);
        expect(r.headers.link).toBe(
          '</api/images/venues/o1/first.jpg>; rel=preload; as=image; imagesrcset="/api/images/venues/o1/first.jpg?w=800 800w, /api/images/venues/o1/first.jpg 2048w"; imagesizes="(min-width: 640px) 50vw, 100vw"; fetchpriority=high',
        );
      }
      expect((await app.inject({ url: '/login' })).headers.link).toBeUndefined();
      // With a query string the page opens another list: its first photo is not the one learnt.
      expect((await app.inject({ url: '/events?location=Tampa%2C+FL' })).headers.link).toBeUndefined();
    });

    it('hints only our own image paths: another origin or a header-breaking value is dropped', async () => {
      hinted = [
        'https://elsewhere.example/x.jpg',
        '/api/images/venues/o1/a.jpg>; rel=stylesheet',
        '/api/images/venues/o1/b c.jpg',
        '/api/placeholder-venue',
      ].map((src) => ({ src }));
      const r = await app.inject({ url: '/events' });
      expect(r.headers.link).toBe('</api/placeholder-venue>; rel=preload; as=image; fetchpriority=high');
      hinted = [{ src: '//elsewhere.example/x.jpg' }];
      expect((await app.inject({ url: '/events' })).headers.link).toBeUndefined();
    });

    it("preconnects to the images' origin beside the hints once it is known, and not without a hint", async () => {
      const origin = new ImageOrigin();
      const other = Fastify();
      await serveWebClient(other, dir, {
        imageHints: (path) => (path === '/events' ? [{ src: '/api/images/venues/o1/first.jpg' }] : []),
        imageOrigin: origin,
      });
      try {
        expect((await other.inject({ url: '/events' })).headers.link).toBe(
          '</api/images/venues/o1/first.jpg>; rel=preload; as=image; fetchpriority=high',
        );
        origin.learn('http://127.0.0.1:9000/luxe-venues/venues/o1/first.jpg?X-Amz-Signature=abc');
        expect((await other.inject({ url: '/events' })).headers.link).toBe(
          '<http://127.0.0.1:9000>; rel=preconnect, </api/images/venues/o1/first.jpg>; rel=preload; as=image; fetchpriority=high',
        );
        expect((await other.inject({ url: '/login' })).headers.link).toBeUndefined();
      } finally {
        await other.close();
      }
    });
  });
});

describe('ImageOrigin', () => {
  it('is the configured origin, else the first absolute http(s) redirect learnt; a path or another scheme teaches nothing', () => {
    expect(new ImageOrigin('https://cdn.example').get()).toBe('https://cdn.example');
    const configured = new ImageOrigin('https://cdn.example');
    configured.learn('http://127.0.0.1:9000/x.jpg');
    expect(configured.get()).toBe('https://cdn.example');
    const learnt = new ImageOrigin();
    for (const url of ['/api/placeholder-venue', 'data:image/png;base64,AAAA', 'javascript:alert(1)', 'http://'])
      learnt.learn(url);
    expect(learnt.get()).toBeUndefined();
    learnt.learn('HTTPS://Photos.Example:8443/a/b.jpg?sig=1');
    learnt.learn('http://other.example/c.jpg');
    expect(learnt.get()).toBe('https://photos.example:8443');
  });
});
