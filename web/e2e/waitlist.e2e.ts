import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { journey, launchBrowser, noViolations, registerMember, signIn, step } from './browser';
import { apiAs, approveVenues, bookingsKnowsSections } from './stack';
import { waitFor } from '@luxe/platform/testing';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('guest list with a waitlist (two browsers, 390 px, keyboard, axe-core WCAG 2.2 AA)', () => {
  it('the host sets a limit of 1 and approves two guests: the second is waitlisted and sees it; removing the first promotes him, told in Messages', async () => {
    // A booked event (API set-up) and two guests who asked to join it.
    const owner = await registerMember({ userType: 'venue' });
    const ownerCookie = (await apiAs(null, 'POST', '/api/auth/login', { email: owner.email, password: owner.password }))
      .cookie;
    const tag = Date.now().toString(36);
    const club = await apiAs(ownerCookie, 'POST', '/api/venues', {
      name: `Halo ${tag}`,
      type: 'club',
      subtype: 'lounge',
      city: `Halo Bay ${tag}`,
      state: 'Florida',
      address: '3 Bay Rd',
      capacity: 60,
      pricePerHour: 250,
    });
    const section = await apiAs(ownerCookie, 'POST', `/api/venues/${club.json.id}/sections`, {
      name: 'Deck',
      type: 'Table',
      capacity: 6,
      pricePerHour: 250,
    });
    await approveVenues([club.json.name]);
    await bookingsKnowsSections([section.json.id]);
    const host = await registerMember({ userType: 'host', firstName: 'Hugo' });
    const hostCookie = (await apiAs(null, 'POST', '/api/auth/login', { email: host.email, password: host.password }))
      .cookie;
    const date = new Date(Date.now() + 11 * 86_400_000).toISOString().slice(0, 10);
    const booking = await apiAs(hostCookie, 'POST', '/api/bookings', {
      venueId: club.json.id,
      sectionId: section.json.id,
      bookingDate: date,
      startTime: '21:00',
      duration: 2,
    });
    expect(booking.status).toBe(201);
    const guests = [];
    for (const firstName of ['Ana', 'Bea']) {
      const g = await registerMember({ userType: 'guest', firstName });
      const cookie = (await apiAs(null, 'POST', '/api/auth/login', { email: g.email, password: g.password })).cookie;
      await waitFor(
        'social knows the event and the guest',
        async () =>
          (
            await apiAs(cookie, 'POST', '/api/event-join-requests', {
              bookingId: booking.json.id,
              message: `${firstName} here`,
            })
          ).status === 201,
      );
      guests.push({ ...g, cookie });
    }
    const bea = guests[1]!;

    const hostContext = await browser.newContext({
      baseURL: process.env.E2E_BASE_URL,
      viewport: { width: 390, height: 844 },
    });
    const guestContext = await browser.newContext({
      baseURL: process.env.E2E_BASE_URL,
      viewport: { width: 390, height: 844 },
    });
    const hostPage = await hostContext.newPage();
    const guestPage = await guestContext.newPage();
    try {
      await journey(browser, 'host-sets-limit', async () => {
        await signIn(hostPage, host.email, host.password);
        await step(hostPage, 'dashboard after sign-in', hostPage.getByTestId('dashboard-greeting'));
        await hostPage.goto('/dashboard?tab=book');
        await step(
          hostPage,
          'my bookings with requests',
          hostPage.getByRole('button', { name: 'View Guest Requests' }).first(),
        );
        await hostPage.getByRole('button', { name: 'View Guest Requests' }).first().click();
        const dialog = hostPage.getByRole('dialog');
        await step(hostPage, 'guest requests', dialog.getByText('Ana here'));
        // By keyboard: type the limit, Enter saves it.
        const limit = dialog.getByRole('spinbutton', { name: 'Guest limit' });
        await limit.fill('9');
        await limit.press('Enter');
        await dialog.getByRole('alert').filter({ hasText: 'Guest limit cannot exceed' }).waitFor();
        await noViolations(hostPage, 'guest limit refused');
        await limit.fill('1');
        await limit.press('Enter');
        await step(
          hostPage,
          'guest limit saved',
          dialog.getByTestId('guest-count').filter({ hasText: '0 of 1 on the list' }),
        );
        await dialog.getByRole('button', { name: /^Approve\s?: Ana Hart$/ }).click();
        await step(
          hostPage,
          'guest requests with one approved',
          dialog.getByRole('region', { name: 'Approved Guests (1)' }),
        );
        await dialog.getByRole('button', { name: /^Approve\s?: Bea Hart$/ }).click();
        await hostPage.getByTestId('toast').filter({ hasText: 'Added to the waitlist (#1)' }).waitFor();
        const waitlist = dialog.getByRole('region', { name: 'Waitlist (1)' });
        await waitlist.getByTestId('guest-name').filter({ hasText: 'Bea Hart' }).waitFor();
        expect(await waitlist.getByTestId('waitlist-position').textContent()).toBe('Waitlist place #1');
        await noViolations(hostPage, 'guest requests with a waitlist');
      });
      await journey(browser, 'guest-waitlisted', async () => {
        await signIn(guestPage, bea.email, bea.password);
        await step(guestPage, 'dashboard after sign-in', guestPage.getByTestId('dashboard-greeting'));
        await guestPage.goto('/dashboard?tab=home');
        const region = guestPage.getByRole('region', { name: 'Waitlisted' });
        expect(await region.getByTestId('waitlist-status').textContent()).toBe('Waitlisted (#1)');
        await region.getByRole('button', { name: /^Leave Waitlist/ }).waitFor();
        await noViolations(guestPage, 'guest home, waitlisted');
      });
      await journey(browser, 'host-removes', async () => {
        const dialog = hostPage.getByRole('dialog');
        await dialog.getByRole('button', { name: /^Remove\s?: Ana Hart$/ }).focus();
        await hostPage.keyboard.press('Enter');
        await step(hostPage, 'guest removed', hostPage.getByTestId('toast').filter({ hasText: 'Guest Removed' }));
        // The promotion follows from the removal's event: the open dialog reads the lists again until it shows.
        await dialog
          .getByRole('region', { name: 'Approved Guests (1)' })
          .getByTestId('guest-name')
          .filter({ hasText: 'Bea Hart' })
          .waitFor({ timeout: 60_000 });
        expect(
          await hostPage
            .getByRole('dialog')
            .getByRole('region', { name: /^Waitlist/ })
            .count(),
        ).toBe(0);
        await noViolations(hostPage, 'guest requests after the promotion');
      });
      await journey(browser, 'guest-promoted', async () => {
        await guestPage.goto('/dashboard?tab=messages');
        await step(
          guestPage,
          'conversations, promoted',
          guestPage.getByRole('list', { name: 'Conversations' }).getByRole('button', { name: /Hugo/ }),
        );
        await guestPage.getByRole('list', { name: 'Conversations' }).getByRole('button', { name: /Hugo/ }).click();
        await guestPage
          .getByLabel(/^Messages with Hugo/)
          .getByText(/Good news: a spot opened up/)
          .waitFor();
        await noViolations(guestPage, 'messages, promoted');
        await guestPage.goto('/dashboard?tab=home');
        await step(
          guestPage,
          'guest home, attending',
          guestPage.getByRole('region', { name: "Events I'm Attending" }).getByRole('button', { name: /^Leave Event/ }),
        );
        expect(await guestPage.getByRole('region', { name: 'Waitlisted' }).count()).toBe(0);
      });
    } finally {
      await hostContext.close();
      await guestContext.close();
    }
  });
});
