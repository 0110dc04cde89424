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
const focused = (page: Page) =>
  page.evaluate(
    () =>
      (document.activeElement as HTMLElement | null)?.innerText?.trim() ||
      document.activeElement?.getAttribute('aria-label') ||
      document.activeElement?.id ||
      '',
  );

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
        ['/login-success', 'Welcome to LuxeSwipe!'],
        ['/user-type-selection', 'Choose Your Role'],
        ['/register', 'Create Your Account'],
        ['/forgot-password', 'Forgot Your Password?'],
        ['/reset-password', 'Choose a New Password'],
        ['/verify-email', 'Verify Your Email'],
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
        async ([e, p]) =>
          (
            await fetch('/api/auth/login', {
              method: 'POST',
              headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
              body: JSON.stringify({ email: e, password: p }),
            })
          ).status,
        [email, password],
      );
      expect(again).toBe(401);
    });
  });

  it('a member adds two photos and saves them, and fills in the profile details, by keyboard, on the real storage', async () => {
    const { email, password } = await registerMember({ firstName: 'Photo', userType: 'host' });
    const sharp = (await import('sharp')).default;
    const jpeg = (r: number) =>
      sharp({ create: { width: 40, height: 40, channels: 3, background: { r, g: 80, b: 120 } } })
        .jpeg()
        .toBuffer();
    const files = [
      { name: 'first.jpg', mimeType: 'image/jpeg', buffer: await jpeg(200) },
      { name: 'second.jpg', mimeType: 'image/jpeg', buffer: await jpeg(40) },
    ];
    await journey(browser, 'profile-photos', async (page) => {
      await page.goto('/login');
      await page.getByLabel('Email', { exact: true }).fill(email);
      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.getByLabel('Password', { exact: true }).press('Enter');
      await page.waitForURL((url) => url.pathname === '/dashboard');
      await page.goto('/dashboard?tab=profile');
      await page.getByRole('heading', { level: 2, name: 'Profile Photos' }).waitFor();
      expect(await accessibilityViolations(page)).toEqual([]);

      // Add Photo by keyboard opens the file chooser; two images go up through presigned URLs.
      // (After the session check settles: a re-render between focus and key press would lose the focus.)
      await page.waitForLoadState('networkidle');
      const add = page.getByRole('button', { name: 'Add Photo' });
      const [chooser] = await Promise.all([page.waitForEvent('filechooser'), add.press('Enter')]);
      await chooser.setFiles(files);
      const list = page.getByRole('list', { name: 'Your photos' });
      await list.getByRole('img', { name: 'Photo 2' }).waitFor();
      await page.getByRole('button', { name: 'Save Photos' }).focus();
      await page.keyboard.press('Enter');
      await page.getByTestId('toast').filter({ hasText: 'Photos Saved' }).waitFor();

      // Details, by keyboard.
      await page.getByLabel('Age', { exact: true }).focus();
      await page.keyboard.type('31');
      await page.getByLabel('Bio').focus();
      await page.keyboard.type('Sunset cruises and rooftop sets.');
      expect(await page.getByText('32/500').count()).toBe(1);
      await page.getByRole('button', { name: 'Save Details' }).focus();
      await page.keyboard.press('Enter');
      await page.getByTestId('toast').filter({ hasText: 'Profile Updated' }).waitFor();

      // After a reload both photos come back from storage, the first one as Main.
      await page.reload();
      const main = page.getByRole('list', { name: 'Your photos' }).getByRole('img', { name: 'Main photo' });
      await main.waitFor();
      await page.waitForFunction(() =>
        [...document.querySelectorAll('ul[aria-label="Your photos"] img')].every(
          (i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth === 40,
        ),
      );
      expect(await page.getByRole('list', { name: 'Your photos' }).getByRole('img').count()).toBe(2);
      expect(await page.getByLabel('Age', { exact: true }).inputValue()).toBe('31');
      expect(await accessibilityViolations(page)).toEqual([]);

      // At 390 px each tile's buttons lie whole inside it, and a tap at a button's centre reaches that button
      // (Remove was clipped to 'Re' and its centre lay on the next tile).
      const geometry = await page.evaluate(() =>
        [...document.querySelectorAll('ul[aria-label="Your photos"] > li')].flatMap((li) => {
          // Away from the sticky header and the tab bar, so that what is hit is the tile's own content.
          li.scrollIntoView({ block: 'center' });
          const tile = li.getBoundingClientRect();
          return [...li.querySelectorAll('button')].map((b) => {
            const r = b.getBoundingClientRect();
            const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
            return {
              name: b.getAttribute('aria-label'),
              inside: r.left >= tile.left && r.right <= tile.right && r.top >= tile.top && r.bottom <= tile.bottom,
              text: b.scrollWidth <= b.clientWidth,
              hitsItself: !!hit && b.contains(hit),
            };
          });
        }),
      );
      expect(geometry).toEqual(
        ['Preview photo 1', 'Remove photo 1', 'Preview photo 2', 'Remove photo 2'].map((name) => ({
          name,
          inside: true,
          text: true,
          hitsItself: true,
        })),
      );
      // A tap on Remove photo 1 removes that photo: the second becomes the main one.
      const second = await page
        .getByRole('list', { name: 'Your photos' })
        .getByRole('img', { name: 'Photo 2' })
        .getAttribute('src');
      await page.getByRole('button', { name: 'Remove photo 1' }).scrollIntoViewIfNeeded();
      const box = (await page.getByRole('button', { name: 'Remove photo 1' }).boundingBox())!;
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      await page.getByTestId('toast').filter({ hasText: 'Photo Removed' }).waitFor();
      expect(await page.getByRole('list', { name: 'Your photos' }).getByRole('img').count()).toBe(1);
      expect(
        await page
          .getByRole('list', { name: 'Your photos' })
          .getByRole('img', { name: 'Main photo' })
          .getAttribute('src'),
      ).toBe(second);
    });
  });
});
