import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { journey, launchBrowser, noViolations, registerMember, step } from './browser';
import { apiAs, stackAdmin } from './stack';
import { waitFor } from '@luxe/platform/testing';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('admin console (390 px, keyboard, axe-core WCAG 2.2 AA)', () => {
  it('an admin signs in, approves a pending venue and assigns one of its dancers to its VIP room; the venue then shows on /events', async () => {
    // An owner's strip club, pending, with a VIP room and a dancer (API set-up).
    const tag = Date.now().toString(36);
    const clubName = `Garnet ${tag}`;
    const owner = await registerMember({ userType: 'venue' });
    const ownerCookie = (await apiAs(null, 'POST', '/api/auth/login', { email: owner.email, password: owner.password }))
      .cookie;
    const club = await apiAs(ownerCookie, 'POST', '/api/venues', {
      name: clubName,
      type: 'club',
      subtype: 'strip_club',
      city: 'Miami',
      state: 'Florida',
      address: '7 Ocean Dr',
      capacity: 50,
      pricePerHour: 350,
    });
    expect(club.status).toBe(201);
    const room = await apiAs(ownerCookie, 'POST', `/api/venues/${club.json.id}/sections`, {
      name: `Ruby ${tag}`,
      type: 'VIP Room',
      capacity: 4,
      pricePerHour: 700,
      isVipRoom: true,
    });
    const dancer = await apiAs(ownerCookie, 'POST', `/api/venues/${club.json.id}/dancers`, {
      name: `Roxy ${tag}`,
      priceModifier: 1.5,
    });
    expect([room.status, dancer.status]).toEqual([201, 201]);
    const admin = stackAdmin();
    const token = (await apiAs(null, 'POST', '/api/admin/login', { email: admin.email, password: admin.password })).json
      .token as string;
    const adminGet = async (path: string) =>
      (await fetch(`${process.env.E2E_BASE_URL}${path}`, { headers: { authorization: `Bearer ${token}` } })).json();
    await waitFor(
      'the admin knows the room and the dancer',
      async () =>
        (await adminGet(`/api/admin/vip-rooms?venueId=${club.json.id}`)).total === 1 &&
        (await adminGet(`/api/admin/dancers?venueId=${club.json.id}`)).total === 1,
    );

    await journey(browser, 'admin-console', async (page) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto('/admin');
      await page.waitForURL((url) => url.pathname === '/admin-login');
      await noViolations(page, '/admin-login');
      await page.getByLabel('Admin Email', { exact: true }).fill(admin.email);
      await page.getByLabel('Password', { exact: true }).fill('not-the-password');
      await page.getByLabel('Password', { exact: true }).press('Enter');
      // A failed sign-in says so in an alert that stays until the next attempt (not a toast that vanishes).
      await step(page, '/admin-login refused', page.getByRole('alert').filter({ hasText: 'Access Denied' }));
      await page.getByLabel('Password', { exact: true }).fill(admin.password);
      await page.getByLabel('Password', { exact: true }).press('Enter');
      await page.waitForURL((url) => url.pathname === '/admin');
      await step(page, '/admin (users)', page.getByRole('tabpanel', { name: 'Users' }).getByRole('list').first());

      // Venues: the pending club, approved by keyboard.
      await page.getByRole('tab', { name: 'Venues' }).click();
      await page.getByLabel('Search venues').fill(clubName);
      const approve = page.getByRole('button', { name: `Approve ${clubName}` });
      await approve.waitFor();
      await noViolations(page, '/admin (venues)');
      await approve.focus();
      await page.keyboard.press('Enter');
      await approve.waitFor({ state: 'detached' });
      await step(page, '/admin (venues, approved)');

      // VIP Rooms: only this venue's dancers are offered.
      await page.getByRole('tab', { name: 'VIP Rooms' }).click();
      await step(
        page,
        '/admin (vip rooms, unassigned)',
        page.getByRole('button', { name: `Assign dancer to Ruby ${tag}` }),
      );
      await page.getByRole('button', { name: `Assign dancer to Ruby ${tag}` }).click();
      const dialog = page.getByRole('dialog', { name: `Assign Dancer to Ruby ${tag}` });
      await dialog
        .getByLabel('Dancer')
        .locator('option', { hasText: `Roxy ${tag}` })
        .waitFor({ state: 'attached' });
      const options = await dialog.getByLabel('Dancer').locator('option').allTextContents();
      expect(options).toEqual(['Select a dancer', `Roxy ${tag}`]);
      await noViolations(page, '/admin (assign dancer)');
      await dialog.getByLabel('Dancer').selectOption({ label: `Roxy ${tag}` });
      await dialog.getByRole('button', { name: 'Assign' }).click();
      await page.getByRole('button', { name: `Revoke Roxy ${tag} from Ruby ${tag}` }).waitFor();
      await noViolations(page, '/admin (vip rooms)');
    });

    // The venues service applied the approval: the club is public.
    await journey(browser, 'public-events-after-approval', async (page) => {
      await waitFor('the club is public', async () =>
        ((await apiAs(null, 'GET', '/api/venues')).json as { name: string }[]).some((v) => v.name === clubName),
      );
      await page.goto('/events');
      await step(page, '/events with the approved club', page.getByTestId('venue-card').filter({ hasText: clubName }));
    });
    const audit = await adminGet(`/api/admin/audit-log?targetId=${club.json.id}`);
    expect(audit.entries.map((e: { action: string }) => e.action)).toEqual(['venue.approve']);
  });
});
