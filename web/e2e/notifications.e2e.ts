import WebSocket from 'ws';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { journey, launchBrowser, noViolations, registerMember, signIn, step } from './browser';
import { apiAs } from './stack';
import { waitFor } from '@luxe/platform/testing';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The host invites the guest to a night without a booked event, once social knows the guest (retried until then). */
async function invite(hostCookie: string | null, guestId: string, eventTitle: string): Promise<void> {
  const date = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
  await waitFor(
    `the invite "${eventTitle}" is sent`,
    async () =>
      (await apiAs(hostCookie, 'POST', '/api/invites', { guestId, eventTitle, eventDate: date })).status === 201,
  );
}

describe('notifications (390 px, axe-core WCAG 2.2 AA)', () => {
  it('the bell on Home counts an invite pushed while the page is open; the list opens the invite, by keyboard', async () => {
    const host = await registerMember({ userType: 'host', firstName: 'Hugo' });
    const guest = await registerMember({ userType: 'guest', firstName: 'Gina' });
    const probeGuest = await registerMember({ userType: 'guest', firstName: 'Pat' });
    const hostCookie = (await apiAs(null, 'POST', '/api/auth/login', { email: host.email, password: host.password }))
      .cookie;
    const probeCookie = (
      await apiAs(null, 'POST', '/api/auth/login', { email: probeGuest.email, password: probeGuest.password })
    ).cookie;

    // The gateway's push group joins the broker once per start: until it has, a push may be lost.
    // Wait until a notification reaches another member's socket first.
    const probe = new WebSocket(`${process.env.E2E_BASE_URL!.replace(/^http/, 'ws')}/api/realtime`, {
      headers: { cookie: probeCookie!, origin: process.env.E2E_BASE_URL! },
    });
    let pushed = 0;
    probe.on('message', (m) => (pushed += String(m).includes('"notification"') ? 1 : 0));
    await new Promise((r) => probe.once('open', r));
    for (let i = 0; pushed === 0 && i < 10; i++) {
      await invite(hostCookie, probeGuest.id, `Probe ${i}`);
      await waitFor('a push', async () => pushed > 0).catch(() => undefined);
    }
    probe.close();
    expect(pushed).toBeGreaterThan(0);

    const context = await browser.newContext({
      baseURL: process.env.E2E_BASE_URL,
      viewport: { width: 390, height: 844 },
    });
    const page = await context.newPage();
    try {
      await journey(browser, 'bell-counts-a-pushed-invite', async () => {
        await signIn(page, guest.email, guest.password);
        await step(page, 'dashboard after sign-in', page.getByTestId('dashboard-greeting'));
        await page.goto('/dashboard?tab=home');
        await page.getByRole('heading', { name: 'Home', level: 1 }).waitFor();
        const bell = page.getByTestId('notification-bell');
        await expect(bell.getAttribute('aria-label')).resolves.toBe('Notifications');
        await noViolations(page, 'home with the bell');

        await invite(hostCookie, guest.id, 'Velvet night');
        // No reload: the push over the live channel updates the count.
        await page.getByRole('link', { name: 'Notifications, 1 unread' }).waitFor({ timeout: 30_000 });
        await expect(page.getByTestId('notification-count').textContent()).resolves.toBe('1');
        await noViolations(page, 'home with an unread notification');

        // By keyboard: the bell opens the list, the notification opens the invites.
        await page.getByRole('link', { name: 'Notifications, 1 unread' }).focus();
        await page.keyboard.press('Enter');
        await page.waitForURL((u) => u.pathname === '/notifications');
        const item = page.getByRole('link', { name: /Hugo invited you/ });
        await item.waitFor();
        await noViolations(page, 'notifications list');
        await item.focus();
        await page.keyboard.press('Enter');
        await page.waitForURL((u) => u.pathname === '/dashboard' && u.searchParams.get('tab') === 'invites');
        await step(page, 'invites after the notification', page.getByRole('link', { name: 'Notifications' }));
      });
    } finally {
      await context.close();
    }
  });
});
