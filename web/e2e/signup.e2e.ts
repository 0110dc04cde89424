import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { accessibilityViolations, journey, launchBrowser, sessionStatus, step } from './browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('sign-up journey (reading A, two steps)', () => {
  it('a host signs up, stays signed in across a reload, and is a visitor again after Logout', async () => {
    await journey(browser, 'signup-host', async (page) => {
      const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
      const firstName = 'Avery';
      const email = `e2e-host-${unique}@example.com`;

      // Step 1 of 2: basic information.
      await page.goto('/signup?type=host');
      await step(page, '/signup (host)', page.getByRole('heading', { level: 1, name: 'Host Registration' }));
      await page.getByLabel('First Name', { exact: true }).fill(firstName);
      await page.getByLabel('Last Name', { exact: true }).fill('Sterling');
      await page.getByLabel('Email', { exact: true }).fill(email);
      await page.getByLabel('Password', { exact: true }).fill('velvet-rope-2025');
      await page.getByRole('button', { name: 'Continue to Location' }).click();

      // Step 2 of 2: the city autocomplete, driven by the keyboard.
      await page.waitForURL((url) => url.pathname === '/signup-location' && url.searchParams.get('type') === 'host');
      const city = page.getByRole('combobox', { name: 'City' });
      await step(page, '/signup-location', city);
      await city.fill('');
      await city.pressSequentially('Aus');
      await step(page, '/signup-location with suggestions', page.getByRole('option', { name: /Austin, TX/ }));
      await city.press('ArrowDown');
      await city.press('Enter');
      expect(await city.inputValue()).toBe('Austin, TX');
      expect(await page.getByTestId('selected-state').textContent()).toBe('Texas');
      await page.getByRole('button', { name: 'Complete Registration' }).click();

      // A host lands on the dashboard, greeted by name, with a server session.
      await page.waitForURL((url) => url.pathname === '/dashboard');
      const greeting = page.getByTestId('dashboard-greeting');
      await greeting.waitFor();
      expect(await greeting.textContent()).toBe(`Welcome, ${firstName}`);
      expect(await sessionStatus(page)).toBe(200);
      await step(page, 'dashboard after sign-up');

      // Still signed in after a reload.
      await page.reload();
      await greeting.waitFor();
      expect(new URL(page.url()).pathname).toBe('/dashboard');
      expect(await greeting.textContent()).toBe(`Welcome, ${firstName}`);

      // Logout from the profile tab ends the session.
      await page.getByRole('button', { name: 'Profile', exact: true }).click();
      await step(page, 'profile tab', page.getByRole('button', { name: 'Logout', exact: true }));
      await page.getByRole('button', { name: 'Logout', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/login');
      await step(page, '/login after Logout', page.getByRole('button', { name: 'Sign In', exact: true }));
      expect(await sessionStatus(page)).toBe(401);

      // The dashboard is now for signed-in users only.
      await page.goto('/dashboard');
      await page.waitForURL((url) => url.pathname === '/login');
      await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
      expect(await page.getByTestId('dashboard-greeting').count()).toBe(0);
    });
  });
});

describe('sign-up journey (reading B, three steps)', () => {
  it('a guest signs up through /register and /role-selection by keyboard, and lands on /welcome-success', async () => {
    await journey(browser, 'signup-guest-b', async (page) => {
      const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
      const email = `e2e-guest-${unique}@example.com`;
      await page.goto('/register');
      await page.getByText('Join the exclusive community').waitFor();
      expect(await accessibilityViolations(page)).toEqual([]);
      await page.getByLabel('Email', { exact: true }).fill(email);
      await page.getByLabel('Phone Number (optional)').fill('+1 305 555 0142');
      await page.getByLabel('Password', { exact: true }).fill('velvet-rope-2025');
      await page.getByLabel('First Name', { exact: true }).fill('Noor');
      await page.getByLabel('Last Name', { exact: true }).fill('Haddad');
      await page.getByLabel('Gender').selectOption('female');
      await page.getByRole('button', { name: 'Continue' }).press('Enter');

      // Step 2: guest first for this gender; chosen with the keyboard.
      await page.waitForURL((url) => url.pathname === '/role-selection' && url.searchParams.get('gender') === 'female');
      const roles = page.getByRole('list', { name: 'Roles' }).getByRole('button');
      expect((await roles.first().textContent())?.startsWith('Guest')).toBe(true);
      expect(await accessibilityViolations(page)).toEqual([]);
      await roles.first().focus();
      await page.keyboard.press('Enter');

      // Step 3: the location, then the account.
      await page.waitForURL((url) => url.pathname === '/signup-location' && url.searchParams.get('type') === 'guest');
      await step(page, '/signup-location (step 3 of 3)', page.getByText('Step 3 of 3'));
      await page.getByRole('button', { name: 'Complete Registration' }).click();
      await page.waitForURL((url) => url.pathname === '/welcome-success');
      await page.getByRole('heading', { name: 'Welcome to LuxeSwipe, Noor!' }).waitFor();
      expect(await sessionStatus(page)).toBe(200);
      const me = await page.evaluate(async () => (await fetch('/api/auth/me', { credentials: 'include' })).json());
      expect(me).toMatchObject({
        email,
        userType: 'guest',
        phoneNumber: '+1 305 555 0142',
        city: 'Miami',
        state: 'Florida',
      });
      expect(await accessibilityViolations(page)).toEqual([]);
    });
  });
});
