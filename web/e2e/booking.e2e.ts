import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { journey, launchBrowser, noViolations, registerMember, signIn, step } from './browser';
import { apiAs, approveVenues, bookingsKnowsSections } from './stack';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A venue owner with an approved yacht (tiers) and an approved strip club (a section and a VIP room), made through the API. */
async function listedVenues(tag: string) {
  const owner = await registerMember({ userType: 'venue', firstName: 'Vera' });
  const { cookie } = await apiAs(null, 'POST', '/api/auth/login', { email: owner.email, password: owner.password });
  const yacht = await apiAs(cookie, 'POST', '/api/venues', {
    name: `Azure ${tag}`,
    type: 'yacht',
    city: 'Miami',
    state: 'Florida',
    address: 'Pier 5',
    capacity: 12,
    pricePerHour: 900,
    yachtLength: 82,
    hasCaptain: true,
    responseRate: 98,
    cancellationPolicy: 'moderate',
    rules: ['No glass on deck'],
    amenities: ['Sound system'],
    pricingTiers: [
      { hours: 2, price: 1700 },
      { hours: 4, price: 3200 },
    ],
  });
  const club = await apiAs(cookie, 'POST', '/api/venues', {
    name: `Scarlet ${tag}`,
    type: 'club',
    subtype: 'strip_club',
    city: 'Miami',
    state: 'Florida',
    address: '1 Ocean Dr',
    capacity: 100,
    pricePerHour: 400,
  });
  const regular = await apiAs(cookie, 'POST', `/api/venues/${club.json.id}/sections`, {
    name: 'Stage Table',
    type: 'Table',
    capacity: 6,
    pricePerHour: 400,
  });
  const vip = await apiAs(cookie, 'POST', `/api/venues/${club.json.id}/sections`, {
    name: 'Gold Room',
    type: 'VIP Room',
    capacity: 4,
    pricePerHour: 600,
    isVipRoom: true,
  });
  await approveVenues([yacht.json.name, club.json.name]);
  await bookingsKnowsSections([regular.json.id, vip.json.id]);
  return { yacht: yacht.json as { id: string; name: string }, club: club.json as { id: string; name: string } };
}

describe('booking journeys (390 px wide, axe-core WCAG 2.2 AA)', () => {
  it('a host goes through the seven yacht steps to /payment, which says when card payments are not configured', async () => {
    const { yacht } = await listedVenues(Date.now().toString(36));
    const host = await registerMember({ userType: 'host', firstName: 'Hana' });
    // A guest of the host's state for the Event Invites deck, known to social before the deck loads
    // (the file must not depend on guests other files registered).
    await registerMember({ userType: 'guest', firstName: 'Gia' });
    const { cookie: hostCookie } = await apiAs(null, 'POST', '/api/auth/login', {
      email: host.email,
      password: host.password,
    });
    for (
      let i = 0;
      i < 100 &&
      ((await apiAs(hostCookie, 'GET', '/api/users/potential-matches?state=Florida')).json ?? []).length === 0;
      i++
    )
      await new Promise((r) => setTimeout(r, 200));
    await journey(browser, 'yacht-flow', async (page) => {
      await signIn(page, host.email, host.password);
      await step(page, 'dashboard after sign-in', page.getByTestId('dashboard-greeting'));
      await page.goto(`/booking/${yacht.id}`);
      await page.getByRole('heading', { name: yacht.name }).first().waitFor();
      await noViolations(page, 'yacht detail');
      await page.getByRole('button', { name: 'Book it' }).click();

      await step(page, 'schedule (nothing chosen)', page.getByRole('heading', { name: 'Book Your Yacht' }));
      const next = page.getByRole('button', { name: 'Next', exact: true });
      expect(await next.isDisabled()).toBe(true);
      await page.getByText('8:00 PM', { exact: true }).click();
      await page.getByLabel('Duration').selectOption('4');
      expect(await page.getByText('$3,200').count()).toBeGreaterThan(0); // the 4-hour tier
      await noViolations(page, 'schedule');
      await next.click();

      await page.getByRole('heading', { name: 'Event Invites' }).waitFor();
      await noViolations(page, 'invites deck');
      await page
        .getByRole('button', { name: /^Invite / })
        .first()
        .click();
      await step(page, 'invites deck after an invite');
      await page.getByRole('button', { name: 'Next', exact: true }).click();

      await step(
        page,
        'friends prompt',
        page.getByRole('heading', { name: 'Would you like to add some friends to your event?' }),
      );
      await page.getByRole('button', { name: 'Yes, Add Friends' }).click();
      await step(page, 'friends (none yet)', page.getByRole('heading', { name: 'Add Friends' }));
      await page.getByLabel('Friend name').fill('Marta');
      await page.getByRole('button', { name: 'Add', exact: true }).click();
      await page.getByText('Marta').first().waitFor();
      await noViolations(page, 'friends');
      await page.getByRole('button', { name: 'Next', exact: true }).click();
      await step(page, 'friends photos', page.getByRole('heading', { name: 'Friends Photos' }));
      await page.getByRole('button', { name: 'Next', exact: true }).click();

      await page.getByRole('heading', { name: 'Event Preview' }).waitFor();
      await noViolations(page, 'preview');
      // Card payments are configured on the test stack, and Stripe.js cannot load without the
      // internet: the page's configuration-error state is what a browser can show here.
      await page.route('**/api/payments/config', (route) =>
        route.fulfill({ status: 200, contentType: 'application/json', body: '{"publishableKey":null}' }),
      );
      await page.getByRole('button', { name: 'Confirm Booking' }).click();
      await page.waitForURL((url) => url.pathname === '/payment');
      await page.getByText('Payment Configuration Error').waitFor();
      await page.getByText('Card payments are not configured. Please contact support.').waitFor();
      expect(await page.getByRole('heading', { name: 'Complete Your Booking' }).count()).toBeGreaterThan(0);
      await noViolations(page, '/payment');
      const pending = JSON.parse((await page.evaluate(() => localStorage.getItem('pendingBooking'))) ?? 'null');
      expect(pending).toMatchObject({
        venueId: yacht.id,
        venueName: yacht.name,
        time: '20:00',
        duration: 4,
        totalPrice: 3200,
        friendsCount: 1,
      });
    });
  });

  it('a host books a section of a strip club by keyboard to the confirmation, and finds it among his bookings', async () => {
    const { club } = await listedVenues(`s${Date.now().toString(36)}`);
    const host = await registerMember({ userType: 'host', firstName: 'Sami' });
    await journey(browser, 'section-flow', async (page) => {
      await signIn(page, host.email, host.password);
      await step(page, 'dashboard after sign-in', page.getByTestId('dashboard-greeting'));
      await page.goto(`/booking/${club.id}`);
      await step(page, 'section booking (nothing chosen)', page.getByRole('heading', { name: 'Book a Section' }));
      const reserve = page.getByRole('button', { name: 'Reserve' });
      expect(await reserve.isDisabled()).toBe(true);
      // The choices are native radios drawn as cards: picked by keyboard (Space).
      for (const name of ['Regular Sections', 'Stage Table', '10:00 PM']) {
        const radio = page.getByRole('radio', { name, exact: true });
        await radio.focus();
        await page.keyboard.press('Space');
        expect(await radio.isChecked()).toBe(true);
      }
      await noViolations(page, 'section booking');
      expect(await reserve.isDisabled()).toBe(false);
      await reserve.click();
      const confirmation = page.getByRole('dialog', { name: 'Booking Confirmed!' });
      await confirmation.waitFor();
      expect(await confirmation.getByText(club.name).count()).toBeGreaterThan(0);
      expect(await confirmation.getByText('$800').count()).toBeGreaterThan(0); // 2 hours × $400, the server's total
      await noViolations(page, 'confirmation');
      await confirmation
        .getByRole('button', { name: 'Go to Dashboard' })
        .or(confirmation.getByRole('link', { name: 'Go to Dashboard' }))
        .first()
        .click();
      await page.waitForURL((url) => url.pathname === '/dashboard');
      await step(page, 'dashboard after the confirmation', page.getByTestId('dashboard-greeting'));
      await page.goto('/dashboard?tab=book');
      const card = page.locator('article, li').filter({ hasText: club.name }).first();
      await card.waitFor();
      expect(await card.getByText('10:00 PM').count()).toBeGreaterThan(0);
      await noViolations(page, 'my bookings');
    });
  });

  it('a friend opens the invite link, uploads a picture and is done', async () => {
    const host = await registerMember({ userType: 'host' });
    const { cookie } = await apiAs(null, 'POST', '/api/auth/login', { email: host.email, password: host.password });
    const friend = await apiAs(cookie, 'POST', '/api/friends', { name: 'Marta' });
    expect(friend.status).toBe(201);
    const sharp = (await import('sharp')).default;
    const picture = await sharp({
      create: { width: 64, height: 64, channels: 3, background: { r: 30, g: 120, b: 200 } },
    })
      .jpeg()
      .toBuffer();
    await journey(browser, 'friend-invite', async (page) => {
      await page.goto('/friend-invite/not-a-real-token-000000000000');
      await page.getByText('Invite Not Found').waitFor();
      await noViolations(page, 'invite not found');
      await page.goto(friend.json.inviteUrl);
      await page.getByRole('heading', { name: 'Welcome, Marta' }).waitFor();
      await noViolations(page, 'invite');
      const [chooser] = await Promise.all([
        page.waitForEvent('filechooser'),
        page.getByRole('button', { name: 'Upload Picture' }).click(),
      ]);
      await chooser.setFiles([{ name: 'me.jpg', mimeType: 'image/jpeg', buffer: picture }]);
      await page.getByRole('button', { name: 'Change Picture' }).waitFor();
      await page.waitForFunction(() =>
        [...document.querySelectorAll('img')].some((i) => i.complete && i.naturalWidth === 64),
      );
      await noViolations(page, 'invite with picture');
      await page
        .getByRole('button', { name: 'Done' })
        .or(page.getByRole('link', { name: 'Done' }))
        .first()
        .click();
      await page.waitForURL((url) => url.pathname === '/');
      await step(page, 'home page after the invite');
    });
    const after = await apiAs(null, 'GET', friend.json.inviteUrl.replace('/friend-invite/', '/api/friends/invite/'));
    expect(after.json.profilePicture).toMatch(/^\/api\/images\/friends\//);
  });
});
