import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { waitFor } from '@luxe/platform/testing';
import {
  BASE_URL,
  journey,
  launchBrowser,
  noViolations,
  registerMember,
  sessionStatus,
  signIn,
  tabTo,
} from './browser';

// Forgot password (issue 32) in the browser, with the email read from infra/local's Mailpit (its
// HTTP API: MAILPIT_API of the env file infra/local/up.sh prints; the stack's notifications
// service sends there over SMTP_URL).
const MAILPIT = process.env.MAILPIT_API;

let browser: Browser;
beforeAll(async () => {
  if (!MAILPIT || !process.env.SMTP_URL)
    throw new Error('MAILPIT_API and SMTP_URL are not set: run infra/local/up.sh and source the env file it prints');
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The reset link of the one email "Reset your LuxeSwipe password" to the address (every stack of the machine sends to Mailpit: addresses are unique). */
async function resetLink(address: string): Promise<URL> {
  const search = async () => {
    const r = await fetch(`${MAILPIT}/api/v1/search?query=${encodeURIComponent(`to:"${address}"`)}&limit=10`);
    return ((await r.json()) as { messages: { ID: string; Subject: string }[] }).messages.filter(
      (m) => m.Subject === 'Reset your LuxeSwipe password',
    );
  };
  const [mail] = await waitFor(
    `the reset email to ${address}`,
    async () => {
      const found = await search();
      return found.length > 0 ? found : null;
    },
    30_000,
  );
  const { Text } = (await (await fetch(`${MAILPIT}/api/v1/message/${mail.ID}`)).json()) as { Text: string };
  const link = /https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]{43}/.exec(Text)?.[0];
  if (!link) throw new Error(`no reset link in the email:\n${Text}`);
  return new URL(link);
}

describe('forgot password (390 px, keyboard, axe-core WCAG 2.2 AA)', () => {
  it('Log in → Forgot your password? → the emailed link → a new password: it signs in, the old one does not, and the other browser is signed out', async () => {
    const member = await registerMember({ firstName: 'Rosa' });
    const newPassword = 'a-brand-new-password-32';

    // The member is signed in in another browser.
    const other = await browser.newContext({ baseURL: BASE_URL, viewport: { width: 390, height: 844 } });
    const otherPage = await other.newPage();
    try {
      await signIn(otherPage, member.email, member.password);
      expect(await sessionStatus(otherPage)).toBe(200);

      await journey(browser, 'password-reset', async (page) => {
        await page.goto('/login');
        const email = page.getByLabel('Email', { exact: true });
        await email.fill(member.email);
        await noViolations(page, 'login');
        await email.focus();
        const forgot = page.getByRole('link', { name: 'Forgot your password?' });
        await tabTo(page, forgot, 'forgot your password link');
        await page.keyboard.press('Enter');

        // The email typed on the login page came along.
        await page.waitForURL((u) => u.pathname === '/forgot-password');
        await page.getByRole('heading', { level: 1, name: 'Forgot Your Password?' }).waitFor();
        expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(member.email);
        await noViolations(page, 'forgot password');
        await tabTo(page, page.getByRole('button', { name: 'Send Reset Link' }), 'send reset link');
        await page.keyboard.press('Enter');
        const sent = page.getByRole('status').filter({ hasText: 'If an account uses that email' });
        await sent.waitFor();
        expect(page.url()).toBe(`${BASE_URL}/forgot-password`);
        await page.getByRole('link', { name: 'Back to log in' }).last().waitFor();
        await noViolations(page, 'reset link sent');

        // The link of the email. It names PUBLIC_WEB_URL, which the test stack sets to its gateway;
        // the page is opened on the journey's own origin either way.
        const link = await resetLink(member.email);
        const path = `${link.pathname}${link.search}`;
        await page.goto(path);
        await page.getByRole('heading', { level: 1, name: 'Choose a New Password' }).waitFor();
        await noViolations(page, 'choose a new password');
        await tabTo(page, page.getByLabel('New password', { exact: true }), 'new password');
        await page.keyboard.type(newPassword);
        await tabTo(page, page.getByLabel('Confirm new password', { exact: true }), 'confirm new password');
        await page.keyboard.type(newPassword);
        await tabTo(page, page.getByRole('button', { name: 'Change Password' }), 'change password');
        await page.keyboard.press('Enter');
        await page.getByRole('status').filter({ hasText: 'Your password is changed.' }).waitFor();
        await noViolations(page, 'password changed');

        // Log in with the new password (the old one is refused).
        await tabTo(page, page.getByRole('link', { name: 'Log in', exact: true }), 'log in link');
        await page.keyboard.press('Enter');
        await page.waitForURL((u) => u.pathname === '/login');
        const login = (password: string) =>
          page.evaluate(
            async ([e, p]) =>
              (
                await fetch('/api/auth/login', {
                  method: 'POST',
                  headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
                  body: JSON.stringify({ email: e, password: p }),
                })
              ).status,
            [member.email, password],
          );
        expect(await login(member.password)).toBe(401);
        await page.getByLabel('Email', { exact: true }).fill(member.email);
        await page.getByLabel('Password', { exact: true }).fill(newPassword);
        await page.getByLabel('Password', { exact: true }).press('Enter');
        await page.waitForURL((u) => u.pathname === '/dashboard');
        expect(await sessionStatus(page)).toBe(200);

        // The link works once: opened again, it is refused, with the way to a new one.
        await page.goto(path);
        await page.getByLabel('New password', { exact: true }).fill('another-new-password');
        await page.getByLabel('Confirm new password', { exact: true }).fill('another-new-password');
        await page.getByRole('button', { name: 'Change Password' }).click();
        await page
          .getByRole('alert')
          .filter({ hasText: 'This password reset link is invalid or has expired.' })
          .waitFor();
        await page.getByRole('link', { name: 'Request a new link' }).waitFor();
        await noViolations(page, 'used link');
        expect(await sessionStatus(page)).toBe(200);
      });

      // The other browser's session ended with the reset: a reload sends it to the login page.
      expect(await sessionStatus(otherPage)).toBe(401);
      await otherPage.reload();
      await otherPage.waitForURL((u) => u.pathname === '/login');
      await otherPage.getByRole('button', { name: 'Sign In' }).waitFor();
    } finally {
      await other.close();
    }
  });
});
