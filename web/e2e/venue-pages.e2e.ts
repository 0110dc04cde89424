import type { Browser } from 'playwright-core';
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

describe('the venue list page by page (390 px wide, axe-core WCAG 2.2 AA)', () => {
  it('a visitor scrolls a city of 45 venues: 20, then 20 more as its end comes into view, then the last 5 from the keyboard', async () => {
    const city = `Pagetown${Date.now().toString(36)}`;
    await seedPublicVenues(city, 45);
    await journey(browser, 'venue-pages', async (page) => {
      await page.goto('/events');
      const box = page.getByRole('combobox', { name: 'Location' });
      await box.fill(`${city}, FL`);
      await box.press('Enter');
      const list = page.getByRole('list', { name: 'Events' });
      const cards = list.getByTestId('venue-card');
      await cards
        .filter({ hasText: `${city} 1` })
        .first()
        .waitFor();
      expect(await cards.count()).toBe(20);
      const more = page.getByRole('button', { name: 'Load more events' });
      await step(page, '/events (a first page of a long list)', more);

      // Scrolling to the end loads the next page by itself, and says how many are shown.
      await more.scrollIntoViewIfNeeded();
      await cards.nth(39).waitFor();
      await page.getByRole('status').filter({ hasText: '40 events shown' }).waitFor({ state: 'attached' });
      await noViolations(page, '/events (two pages)');

      // From the keyboard: Tab from the last card's button reaches Load more (whose label says
      // 'Loading more events...' if coming into view already pressed it); Enter loads the rest.
      const button = page.getByTestId('load-more').getByRole('button');
      await cards.nth(39).getByRole('link').last().focus();
      await page.keyboard.press('Tab');
      expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.press('Enter');
      await cards.nth(44).waitFor();
      expect(await cards.count()).toBe(45);
      expect(await button.count()).toBe(0);
      expect(
        await cards.evaluateAll((els) => new Set(els.map((e) => e.querySelector('h3, h2')?.textContent)).size),
      ).toBe(45);
      await page.getByRole('status').filter({ hasText: '45 events shown' }).waitFor({ state: 'attached' });
      await noViolations(page, '/events (the whole list)');
    });
  });
});
