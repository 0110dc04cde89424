import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { accessibilityViolations, BASE_URL, journey, launchBrowser, registerMember } from './browser';
import { seedPublicVenues } from './stack';

// The public entry pages arrive prerendered (web/prerender.plugin.ts, gateway/src/web/static.ts):
// their words are in the HTML before any script runs, the client hydrates them without a mismatch,
// and a signed-in member, whose page that is not, gets the empty page and never sees them.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PAGES = [
  { path: '/', heading: 'Swipe Into Luxury Experiences', title: 'Luxury Nightlife & Yacht Parties · LuxeSwipe' },
  { path: '/events', heading: 'Browse Exclusive Events', title: 'Events · LuxeSwipe' },
  { path: '/login', heading: 'Welcome Back', title: 'Sign In · LuxeSwipe' },
];

/**
 * What React and the page report from now on: console errors and warnings, uncaught errors (a
 * production build reports a hydration mismatch as error #418 through `reportError`). The session
 * check's 401 of a visitor is the network's message, not the page's.
 */
function problems(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (m) => {
    if (!['error', 'warning'].includes(m.type())) return;
    if (/^Failed to load resource: .* 401/.test(m.text()) && /\/api\/auth\/me$/.test(m.location().url)) return;
    seen.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => seen.push(`pageerror: ${e.message}`));
  return seen;
}

/** Keeps the page's first <h1> as the HTML parser made it, before any script ran (the document turns interactive first). */
const KEEP_PARSED_HEADING = () =>
  document.addEventListener('readystatechange', () => {
    if (document.readyState === 'interactive')
      (window as unknown as { parsedHeading: Element | null }).parsedHeading = document.querySelector('h1');
  });

/** Hydrated: React has taken over the heading element (its fiber is on it). */
const hydrated = (page: Page) =>
  page.waitForFunction(() => {
    const h1 = document.querySelector('h1');
    return !!h1 && Object.keys(h1).some((k) => k.startsWith('__reactFiber'));
  });

describe('prerendered public pages (/, /events, /login) through the gateway', () => {
  it("the HTML holds each page's heading and title; a browser without JavaScript shows them; other paths get the empty page", async () => {
    for (const p of PAGES) {
      const r = await fetch(`${BASE_URL}${p.path}`);
      const html = await r.text();
      expect([p.path, r.status, r.headers.get('cache-control')]).toEqual([p.path, 200, 'no-cache']);
      expect(html).toMatch(new RegExp(`<h1[^>]*>${p.heading}</h1>`));
      expect(html).toContain(`<title>${p.title.replace('&', '&amp;')}</title>`);
    }
    for (const path of ['/join', '/dashboard', '/privacy'])
      expect([path, await (await fetch(`${BASE_URL}${path}`)).text()]).toEqual([
        path,
        expect.stringContaining('<div id="root"></div>'),
      ]);

    const context = await browser.newContext({
      baseURL: BASE_URL,
      viewport: { width: 390, height: 844 },
      javaScriptEnabled: false,
    });
    try {
      const page = await context.newPage();
      for (const p of PAGES) {
        await page.goto(p.path);
        expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(p.heading);
        expect(await page.title()).toBe(p.title);
      }
      await page.goto('/join');
      expect(await page.getByRole('heading').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('hydrates each page onto its prerendered elements with no React error or warning, and each passes axe at 390 px', async () => {
    for (const p of PAGES)
      await journey(browser, `prerender-${p.path.slice(1) || 'landing'}`, async (page) => {
        const seen = problems(page);
        await page.addInitScript(KEEP_PARSED_HEADING);
        await page.goto(p.path);
        await hydrated(page);
        await page.waitForLoadState('networkidle');
        expect(
          await page.evaluate(
            () => document.querySelector('h1') === (window as unknown as { parsedHeading: Element }).parsedHeading,
          ),
        ).toBe(true);
        expect(await page.title()).toBe(p.title);
        expect([p.path, seen]).toEqual([p.path, []]);
        expect([p.path, await accessibilityViolations(page)]).toEqual([p.path, []]);
      });
  });

  it("asks for each page's preloads once its first frame is on screen: they wait in a template, only the entry and the boot script are in its head", async () => {
    for (const p of PAGES) {
      const html = await (await fetch(`${BASE_URL}${p.path}`)).text();
      const outside = html.replace(/<template id="luxe-deferred">[\s\S]*?<\/template>/, '');
      // Outside the template, only the photo a drawn /events paints first (React writes the
      // preload of an image with fetchPriority="high", the one its Link header hints too).
      const preloads = outside.match(/<link rel="(module)?preload"[^>]*>/g) ?? [];
      const photo = / as="image" imageSrcSet="\/api\/(images\/|placeholder-)/;
      expect([p.path, preloads.filter((l) => !photo.test(l))]).toEqual([p.path, []]);
      expect([p.path, preloads.length <= (p.path === '/events' ? 1 : 0)]).toEqual([p.path, true]);
      expect([p.path, outside.match(/<script[^>]*\bsrc="[^"]*"/g)]).toEqual([
        p.path,
        [
          expect.stringMatching(/src="\/assets\/index-[\w-]+\.js"$/),
          expect.stringMatching(/src="\/assets\/boot-[\w-]+\.js"$/),
        ],
      ]);
      await journey(browser, `prerender-paint-first-${p.path.slice(1) || 'landing'}`, async (page) => {
        await page.goto(p.path);
        await hydrated(page);
        await page.waitForLoadState('networkidle');
        const t = await page.evaluate(() => ({
          paint: performance.getEntriesByName('first-paint')[0]?.startTime ?? null,
          // The requests of the template's links (a photo hinted by the gateway's Link header is
          // asked for with the page, by design: not one of them).
          preloads: (() => {
            const held = new Set(
              [
                ...(document.getElementById('luxe-deferred') as HTMLTemplateElement).content.querySelectorAll('link'),
              ].map((l) => new URL(l.getAttribute('href')!, location.href).href),
            );
            return (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
              .filter((e) => e.initiatorType === 'link' && held.has(e.name))
              .map((e) => e.startTime);
          })(),
          // The boot script appended the template's links (those the entry had not asked for yet
          // make requests; the rest are in the cache already and make none).
          notAppended: [
            ...(document.getElementById('luxe-deferred') as HTMLTemplateElement).content.querySelectorAll('link'),
          ]
            .map((l) => `${l.getAttribute('rel')} ${l.getAttribute('href')}`)
            .filter(
              (link) =>
                ![...document.head.querySelectorAll(':scope > link')].some(
                  (l) => `${l.getAttribute('rel')} ${l.getAttribute('href')}` === link,
                ),
            ),
        }));
        expect([p.path, t.paint === null, t.notAppended]).toEqual([p.path, false, []]);
        // No preload asked for before the first frame was painted.
        expect([p.path, t.preloads.filter((start) => start < t.paint!)]).toEqual([p.path, []]);
      });
    }
  });

  it('/events arrives with the first cards of its list drawn by the gateway, and the client takes them over without a mismatch', async () => {
    // At least one venue in the default place (other journeys add theirs there too, at any time).
    await seedPublicVenues('Miami', 1);
    // Drawn from the gateway's public read cache, which a row written straight in the database
    // reaches within its TTL (no event): until then the page may show the list as it was.
    let html = '';
    let link = '';
    for (const end = Date.now() + 20_000; Date.now() < end; await new Promise((r) => setTimeout(r, 250))) {
      const r = await fetch(`${BASE_URL}/events`);
      html = await r.text();
      link = r.headers.get('link') ?? '';
      if (html.includes('data-testid="venue-card"')) break;
    }
    // The cards are in the HTML, those of the data block the client starts from, in its order.
    const block = /<script type="application\/json" id="luxe-state">(.*?)<\/script>/.exec(html);
    expect(block).not.toBeNull();
    const state = JSON.parse(block![1]) as {
      queries: { queryKey: unknown[]; state: { data: { pages: { items: { name: string; city: string }[] }[] } } }[];
    };
    expect(state.queries.map((q) => q.queryKey)).toEqual([['venues', 'pages', 'miami', 'florida', 'all']]);
    const items = state.queries[0].state.data.pages[0].items;
    expect(items.length).toBeGreaterThan(0);
    // Stored as entered ('Miami' or 'Miami, FL'): the list matches the city's name.
    expect(new Set(items.map((v) => v.city.split(',')[0].trim()))).toEqual(new Set(['Miami']));
    // The headings' text as the HTML escapes it (React: & < > " ').
    const text = (h: string) =>
      h.replace(
        /&(lt|gt|quot|#x27|#39|amp);/g,
        (_m, e: string) => ({ lt: '<', gt: '>', quot: '"', '#x27': "'", '#39': "'", amp: '&' })[e]!,
      );
    const names = [...html.matchAll(/<h3 id="venue-[^"]+-name"[^>]*>([^<]+)<\/h3>/g)].map((m) => text(m[1]));
    expect(names).toEqual(items.map((v) => v.name));
    expect(html).not.toContain('Loading events...');
    // Its first photo is hinted as the page fetches it (the small copy its srcset picks, not the full one).
    expect(link).toMatch(/rel=preload; as=image; imagesrcset="[^"]+\?w=800 800w, [^"]+ 2048w"; imagesizes="[^"]+"/);
    await journey(browser, 'prerender-events-drawn', async (page) => {
      const seen = problems(page);
      const reads: string[] = [];
      page.on('request', (q) => {
        if (new URL(q.url()).pathname.startsWith('/api/venues/')) reads.push(q.url());
      });
      await page.addInitScript(() =>
        document.addEventListener('readystatechange', () => {
          if (document.readyState === 'interactive')
            (window as unknown as { parsedCard: Element | null }).parsedCard =
              document.querySelector('[data-testid="venue-card"]');
        }),
      );
      await page.goto('/events');
      await hydrated(page);
      await page.waitForLoadState('networkidle');
      // The first card the parser made is the one React took over (hydrated, not drawn again).
      expect(
        await page.evaluate(() => {
          const parsed = (window as unknown as { parsedCard: Element | null }).parsedCard;
          return !!parsed && parsed === document.querySelector('[data-testid="venue-card"]');
        }),
      ).toBe(true);
      expect(seen).toEqual([]);
      // The list is read once, after hydration (a venue list is never fresh), not to draw the page.
      expect(reads).toEqual([`${BASE_URL}/api/venues/Miami/Florida/all`]);
    });
  });

  it('reports a prerendered page that differs from what the client renders (the check above can fail)', async () => {
    await journey(browser, 'prerender-mismatch', async (page) => {
      const seen = problems(page);
      await page.route('**/login', async (route) => {
        const r = await route.fetch();
        await route.fulfill({ response: r, body: (await r.text()).replace('>Welcome Back<', '>Welcome Home<') });
      });
      await page.goto('/login');
      await page.getByRole('heading', { level: 1, name: 'Welcome Back' }).waitFor();
      expect(seen.join('\n')).toMatch(/#418|hydrat/i);
    });
  });

  it('a signed-in member opening / or /login lands on his dashboard and never sees the landing page or the login form', async () => {
    const member = await registerMember({ firstName: 'Noor' });
    await journey(browser, 'prerender-signed-in', async (page) => {
      const login = await page.request.post('/api/auth/login', {
        data: { email: member.email, password: member.password },
        headers: { 'x-requested-with': 'XMLHttpRequest' },
      });
      expect(login.status()).toBe(200);
      // The client's stored user, as a sign-in through the form leaves it.
      const me = await (await page.request.get('/api/auth/me')).json();
      await page.addInitScript((user) => {
        localStorage.setItem('currentUser', JSON.stringify(user));
        localStorage.setItem('currentUserId', user.id);
      }, me);
      // Every <h1> the document ever holds, from its first parse on.
      await page.addInitScript(() => {
        const headings: string[] = [];
        (window as unknown as { headings: string[] }).headings = headings;
        new MutationObserver(() => {
          for (const h of document.querySelectorAll('h1'))
            if (!headings.includes(h.textContent ?? '')) headings.push(h.textContent ?? '');
        }).observe(document, { childList: true, subtree: true, characterData: true });
      });
      for (const path of ['/', '/login']) {
        const r = await page.goto(path);
        expect(await r!.text()).toContain('<div id="root"></div>');
        await page.waitForURL((url) => url.pathname === '/dashboard');
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        const headings = await page.evaluate(() => (window as unknown as { headings: string[] }).headings);
        expect(headings).not.toContain('Swipe Into Luxury Experiences');
        expect(headings).not.toContain('Welcome Back');
      }
    });
  });
});
