import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { waitFor } from '@luxe/platform/testing';
import { BASE_URL, journey, launchBrowser, noViolations, registerMember, signIn, tabTo } from './browser';

// Email verification (issue 32) in the browser, with the emails read from infra/local's Mailpit
// (its HTTP API: MAILPIT_API of the env file infra/local/up.sh prints; the stack's notifications
// service sends there over SMTP_URL).
const MAILPIT = process.env.MAILPIT_API;
const SUBJECT = 'Verify your LuxeSwipe email';

let browser: Browser;
beforeAll(async () => {
  if (!MAILPIT || !process.env.SMTP_URL)
    throw new Error('MAILPIT_API and SMTP_URL are not set: run infra/local/up.sh and source the env file it prints');
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * The verification links of the emails to the address, newest first, once there are `count` of
 * them (every stack of the machine sends to Mailpit: addresses are unique). Each is given as its
 * path: the email names PUBLIC_WEB_URL, and the page is opened on the journey's own origin.
 */
async function verificationLinks(address: string, count: number): Promise<string[]> {
  const mails = await waitFor(
    `${count} verification email(s) to ${address}`,
    async () => {
      const r = await fetch(`${MAILPIT}/api/v1/search?query=${encodeURIComponent(`to:"${address}"`)}&limit=10`);
      const found = ((await r.json()) as { messages: { ID: string; Subject: string }[] }).messages.filter(
        (m) => m.Subject === SUBJECT,
      );
      return found.length >= count ? found : null;
    },
    30_000,
  );
  return Promise.all(
    mails.map(async (mail) => {
      const { Text } = (await (await fetch(`${MAILPIT}/api/v1/message/${mail.ID}`)).json()) as { Text: string };
      const link = /https?:\/\/\S+\/verify-email\?token=[A-Za-z0-9_-]{43}/.exec(Text)?.[0];
      if (!link) throw new Error(`no verification link in the email:\n${Text}`);
      const url = new URL(link);
      return `${url.pathname}${url.search}`;
    }),
  );
}

/** The Profile tab's email row. */
async function emailRow(page: Page) {
  await page.goto('/dashboard?tab=profile');
  const row = page.getByTestId('email-verification');
  await row.waitFor();
  return row;
}

describe('email verification (390 px, keyboard, axe-core WCAG 2.2 AA)', () => {
  it("a new member's Profile says Not verified; Send a new link; the emailed link verifies, and the Profile says Verified", async () => {
    const member = await registerMember({ firstName: 'Vera' });
    // The sign-up's own email comes first.
    const [signUpLink] = await verificationLinks(member.email, 1);

    await journey(browser, 'email-verification', async (page) => {
      await signIn(page, member.email, member.password);
      const row = await emailRow(page);
      await row.getByText('Not verified', { exact: true }).waitFor();
      expect(await row.getByTestId('verified-badge').count()).toBe(0);
      await noViolations(page, 'profile, not verified');

      // A new link, by keyboard: the answer is announced in the row's status region.
      await tabTo(page, row.getByRole('button', { name: 'Send a new link' }), 'send a new link');
      await page.keyboard.press('Enter');
      await row.getByRole('status').filter({ hasText: 'We sent you a new verification link.' }).waitFor();
      await noViolations(page, 'new link sent');

      // The newest email's link, opened signed in.
      const [newest] = await verificationLinks(member.email, 2);
      await page.goto(newest);
      await page.getByRole('heading', { level: 1, name: 'Verify Your Email' }).waitFor();
      await page.getByRole('status').filter({ hasText: 'Your email is verified.' }).waitFor();
      await noViolations(page, 'email verified');
      await tabTo(page, page.getByRole('link', { name: 'Go to your dashboard' }), 'go to your dashboard');
      await page.keyboard.press('Enter');
      await page.waitForURL((u) => u.pathname === '/dashboard');

      const verifiedRow = await emailRow(page);
      await verifiedRow.getByTestId('verified-badge').filter({ hasText: 'Verified' }).waitFor();
      expect(await verifiedRow.getByText('Not verified', { exact: true }).count()).toBe(0);
      expect(await verifiedRow.getByRole('button', { name: 'Send a new link' }).count()).toBe(0);
      await noViolations(page, 'profile, verified');
      // The server says so too (a reload reads it again).
      const me = await page.evaluate(
        async () =>
          (await (await fetch('/api/auth/me', { headers: { 'x-requested-with': 'XMLHttpRequest' } })).json()) as {
            emailVerified: boolean;
          },
      );
      expect(me.emailVerified).toBe(true);
    });

    // Signed out, on another device: the sign-up's (older) link of the now verified account answers
    // the same; a link not of the shape we send is refused at once, with the way to log in.
    await journey(browser, 'email-verification-signed-out', async (page) => {
      await page.goto(signUpLink);
      await page.getByRole('status').filter({ hasText: 'Your email is verified.' }).waitFor();
      await page.getByRole('link', { name: 'Log in', exact: true }).waitFor();
      await noViolations(page, 'older link, signed out');

      await page.goto('/verify-email?token=not-a-token');
      await page.getByRole('alert').filter({ hasText: 'This verification link is invalid or has expired.' }).waitFor();
      await page.getByRole('link', { name: 'Log in', exact: true }).waitFor();
      await noViolations(page, 'malformed link');
      expect(page.url()).toBe(`${BASE_URL}/verify-email?token=not-a-token`);
    });
  });
});
