import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { accessibilityViolations, journey, launchBrowser, registerMember, sessionStatus } from './browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** The accessible name of the focused element. */
const focused = (page: Page) => page.evaluate(() => (document.activeElement as HTMLElement | null)?.innerText?.trim() || document.activeElement?.getAttribute('aria-label') || document.activeElement?.id || '');

describe('account journeys (390 px wide, keyboard, axe-core WCAG 2.2 AA)', () => {
  it('public pages have no axe violations', async () => {
    await journey(browser, 'public-axe', async (page) => {
      for (const [path, heading] of [
        ['/', 'Swipe Into Luxury Experiences'],
        ['/join', 'Choose Your Role'],
        ['/signup?type=guest', 'Guest Registration'],
        ['/login', undefined],
        ['/privacy', undefined],
        ['/safety', undefined],
        ['/no-such-page', undefined],
      ] as const) {
        await page.goto(path);
        if (heading) await page.getByRole('heading', { level: 1, name: heading }).waitFor();
        else await page.locator('h1').first().waitFor();
        expect({ path, violations: await accessibilityViolations(page) }).toEqual({ path, violations: [] });
      }
    });
  });

  it('a visitor sent to /login lands on the remembered page after signing in, and deletes the account by keyboard alone', async () => {
    const { email, password } = await registerMember({ firstName: 'Robin' });
    await journey(browser, 'delete-account', async (page) => {
      // The wanted page is remembered through the login.
      await page.goto('/delete-account');
      await page.waitForURL((url) => url.pathname === '/login');
      await page.getByLabel('Email', { exact: true }).fill(email);
      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.getByLabel('Password', { exact: true }).press('Enter');
      await page.waitForURL((url) => url.pathname === '/delete-account');
      await page.getByRole('heading', { level: 1, name: 'Delete Account' }).waitFor();
      expect(await accessibilityViolations(page)).toEqual([]);

      // Keyboard only: tick the box, move to Delete My Account, press Enter.
      const del = page.getByRole('button', { name: 'Delete My Account' });
      expect(await del.isDisabled()).toBe(true);
      await page.getByRole('checkbox').focus();
      await page.keyboard.press('Space');
      expect(await page.getByRole('checkbox').isChecked()).toBe(true);
      await page.keyboard.press('Tab');
      expect(await focused(page)).toBe('Cancel');
      await page.keyboard.press('Tab');
      expect(await focused(page)).toBe('Delete My Account');
      await page.keyboard.press('Enter');

      // Home, signed out, the account gone.
      await page.waitForURL((url) => url.pathname === '/');
      await page.getByTestId('toast').filter({ hasText: 'Account Deleted' }).waitFor();
      expect(await sessionStatus(page)).toBe(401);
      expect(await page.evaluate(() => window.localStorage.getItem('currentUser'))).toBeNull();
      expect(await accessibilityViolations(page)).toEqual([]);
      const again = await page.evaluate(
        async ([e, p]) => (await fetch('/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' }, body: JSON.stringify({ email: e, password: p }) })).status,
        [email, password],
      );
      expect(again).toBe(401);
    });
  });
});
