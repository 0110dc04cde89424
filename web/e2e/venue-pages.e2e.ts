import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { journey, launchBrowser, noViolations, step } from './browser';
import { seedPublicVenues } from './stack';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** /events searched for the city: its list and the list's end (the Load more button, by its place: its label changes while it loads). */
async function openCity(page: Page, city: string) {
  await page.goto('/events');
  // Hydrated first (React's fiber on the heading): these journeys are about the list's pages, and a
  // search typed while the prerendered page is being hydrated can be lost (the field shows the
  // default city again: an open question, not what these check). Typing before the code comes is "a search typed and sent before the page's code has come" below.
  await page.waitForFunction(() => {
    const h1 = document.querySelector('h1');
    return !!h1 && Object.keys(h1).some((k) => k.startsWith('__reactFiber'));
  });
  const box = page.getByRole('combobox', { name: 'Location' });
  await box.fill(`${city}, FL`);
  await box.press('Enter');
  const cards = page.getByRole('list', { name: 'Events' }).getByTestId('venue-card');
  await cards
    .filter({ hasText: `${city} 1` })
    .first()
    .waitFor();
  return { cards, more: page.getByTestId('load-more').getByRole('button') };
}

const shown = (page: Page, n: number) =>
  page
    .getByRole('status')
    .filter({ hasText: `${n} events shown` })
    .waitFor({ state: 'attached' });

describe('the venue list page by page (390 px wide, axe-core WCAG 2.2 AA)', () => {
  it('a visitor scrolls a city of 45 venues: 20, then 20 more each time its end comes into view; from the keyboard too', async () => {
    const city = `Pagetown${Date.now().toString(36)}`;
    await seedPublicVenues(city, 45);
    await journey(browser, 'venue-pages', async (page) => {
      const { cards, more } = await openCity(page, city);
      expect(await cards.count()).toBe(20);
      await step(page, '/events (a first page of a long list)', page.getByRole('button', { name: 'Load more events' }));

      // Scrolling to the end loads the next page by itself, and says how many are shown.
      await more.scrollIntoViewIfNeeded();
      await cards.nth(39).waitFor();
      await shown(page, 40);
      await noViolations(page, '/events (two pages)');
      await more.scrollIntoViewIfNeeded();
      await cards.nth(44).waitFor();
      await shown(page, 45);
      expect([await cards.count(), await more.count()]).toEqual([45, 0]);
      const names = await cards.evaluateAll((els) => els.map((e) => e.querySelector('h3')?.textContent));
      expect(new Set(names).size).toBe(45);
      await noViolations(page, '/events (the whole list)');
    });

    // Without IntersectionObserver (nothing loads by itself), from the keyboard: Tab from the last
    // card reaches Load more, Enter loads the next page and the focus stays on the button.
    await journey(browser, 'venue-pages-keyboard', async (page) => {
      await page.addInitScript(() => {
        delete (window as { IntersectionObserver?: unknown }).IntersectionObserver;
      });
      const { cards, more } = await openCity(page, city);
      for (const [last, next] of [
        [19, 40],
        [39, 45],
      ] as const) {
        await cards.nth(last).getByRole('link').last().focus();
        await page.keyboard.press('Tab');
        expect(await more.evaluate((el) => el === document.activeElement)).toBe(true);
        await page.keyboard.press('Enter');
        await shown(page, next);
      }
      expect([await cards.count(), await more.count()]).toEqual([45, 0]);
    });
  });

  it("a search typed and sent before the page's code has come is not lost: the browser sends it (GET /events?location=…) and the page lists that city", async () => {
    const city = `Earlytown${Date.now().toString(36)}`;
    await seedPublicVenues(city, 2);
    await journey(browser, 'venue-search-before-code', async (page) => {
      // The entry script is held on the first load only: the prerendered page is on screen, inert.
      let held = true;
      let release = () => {};
      const released = new Promise<void>((r) => (release = r));
      await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
        if (held) await released;
        await route.continue().catch(() => undefined); // the page may have gone on meanwhile
      });
      await page.goto('/events', { waitUntil: 'commit' });
      const box = page.getByRole('combobox', { name: 'Location' });
      await box.fill(`${city}, FL`);
      await Promise.all([
        page.waitForURL((u) => u.searchParams.get('location') === `${city}, FL`, { waitUntil: 'commit' }),
        box.press('Enter'),
      ]);
      held = false;
      release();
      await page
        .getByRole('list', { name: 'Events' })
        .getByTestId('venue-card')
        .filter({ hasText: `${city} 1` })
        .waitFor();
      expect(await box.inputValue()).toBe(`${city}, FL`);
      expect(await page.getByRole('heading', { level: 2 }).first().textContent()).toBe(`Events in ${city}, FL`);
      await noViolations(page, '/events?location= (a search the browser sent)');
    });
  });
});
