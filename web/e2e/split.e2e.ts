import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { addDays, format, parseISO } from 'date-fns';
import { todayInNewYork } from '@luxe/contracts';
import { journey, launchBrowser, noViolations, registerMember, signIn, step } from './browser';
import { apiAs, approveVenues } from './stack';

// Split payment (issue 12) in real Chromium at 390 px, by keyboard, axe-core (WCAG 2.2 AA) on
// every new screen: the host splits his yacht booking on /payment and sees the links; a guest
// opens one and reaches the card payment of his share.
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const nyDate = (days: number) => format(addDays(parseISO(todayInNewYork()), days), 'yyyy-MM-dd');
/** Stripe.js cannot load without the internet: refused at once (the card form then never gets ready). */
const noStripeJs = (page: Page) => page.route('https://js.stripe.com/**', (route) => route.abort());

describe('split payment (390 px wide, axe-core WCAG 2.2 AA)', () => {
  it('the host splits his yacht booking on /payment by keyboard and sees the links; a guest opens one and reaches the payment of his share', async () => {
    const owner = await registerMember({ userType: 'venue', firstName: 'Sol' });
    const { cookie } = await apiAs(null, 'POST', '/api/auth/login', { email: owner.email, password: owner.password });
    const yacht = await apiAs(cookie, 'POST', '/api/venues', {
      name: `Split Yacht ${Date.now().toString(36)}`,
      type: 'yacht',
      city: 'Miami',
      state: 'Florida',
      address: 'Pier 4',
      capacity: 12,
      pricePerHour: 900,
      yachtLength: 70,
      pricingTiers: [{ hours: 4, price: 3200 }],
    });
    expect(yacht.status).toBe(201);
    await approveVenues([yacht.json.name]);
    const host = await registerMember({ userType: 'host', firstName: 'Hugo' });
    let link = '';
    await journey(browser, 'split-host', async (page) => {
      await noStripeJs(page);
      await signIn(page, host.email, host.password);
      await step(page, 'dashboard after sign-in', page.getByTestId('dashboard-greeting'));
      await page.evaluate(
        ([id, name, d]) =>
          localStorage.setItem(
            'pendingBooking',
            JSON.stringify({
              venueId: id,
              venueName: name,
              venueImage: '',
              date: d,
              time: '20:00',
              duration: 4,
              totalPrice: 3200,
              eventDescription: '',
              friendsCount: 0,
            }),
          ),
        [yacht.json.id, yacht.json.name, nyDate(9)],
      );
      await page.goto('/payment');
      await step(page, '/payment', page.getByRole('heading', { name: 'Complete Your Booking' }));
      const toggle = page.getByRole('button', { name: 'Split the payment' });
      await toggle.focus();
      await page.keyboard.press('Enter');
      expect(await toggle.getAttribute('aria-expanded')).toBe('true');
      await step(page, '/payment split form (opened)');
      await page.getByLabel('Number of people paying (you included)').selectOption('3');
      expect(await page.getByTestId('split-preview').textContent()).toBe('Your share $1,066.68, each guest $1,066.66');
      const release = page.getByRole('radio', {
        name: 'Cancel the booking at the deadline if any share is unpaid (paid shares are refunded in full)',
      });
      await release.focus();
      await page.keyboard.press('Space');
      expect(await release.isChecked()).toBe(true);
      expect(
        await page.getByRole('group', { name: /If a share is still unpaid at the deadline \(.+ EST\)/ }).count(),
      ).toBe(1);
      await noViolations(page, '/payment split form');
      const submit = page.getByRole('button', { name: 'Split and get the links' });
      await submit.focus();
      await page.keyboard.press('Enter');
      await step(page, '/payment split links', page.getByRole('heading', { name: 'Links for your guests' }));
      expect(await page.getByTestId('split-paid-count').textContent()).toBe('0 of 3 shares paid');
      const links = await page.getByTestId('split-link').allTextContents();
      expect(links).toHaveLength(2);
      for (const l of links) expect(l).toMatch(/^\/split\/[A-Za-z0-9_-]{32}$/);
      link = links[0]!;
      // His own share's card form (Stripe.js is offline here: the button waits for it).
      expect(await page.getByRole('button', { name: 'Pay $1,066.68' }).count()).toBe(1);
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
      const copy = page.getByRole('button', { name: 'Copy the link of Guest 1' });
      await copy.focus();
      await page.keyboard.press('Enter');
      await page.getByText('Link copied').first().waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${new URL(page.url()).origin}${link}`);
      await noViolations(page, '/payment split links, copied');
    });

    const guest = await registerMember({ userType: 'guest', firstName: 'Gwen' });
    await journey(browser, 'split-guest', async (page) => {
      await noStripeJs(page);
      // Signed out, the link asks to sign in first and comes back to the share.
      await page.goto(link);
      await page.waitForURL((url) => url.pathname === '/login');
      await step(page, '/login from a split link', page.getByLabel('Email', { exact: true }));
      await page.getByLabel('Email', { exact: true }).fill(guest.email);
      await page.getByLabel('Password', { exact: true }).fill(guest.password);
      await page.getByLabel('Password', { exact: true }).press('Enter');
      await page.waitForURL((url) => url.pathname === link);
      await page.getByRole('heading', { name: 'Pay your share' }).waitFor();
      expect(await page.getByRole('heading', { level: 2, name: yacht.json.name }).count()).toBe(1);
      expect(await page.getByTestId('share-amount').textContent()).toBe('$1,066.66');
      await noViolations(page, '/split/:token');
      const pay = page.getByRole('button', { name: 'Pay my share ($1,066.66)' });
      await pay.focus();
      await page.keyboard.press('Enter');
      // The share's PaymentIntent is made: the card form for his share (Stripe.js offline here).
      await page.getByRole('button', { name: 'Pay $1,066.66' }).waitFor();
      await noViolations(page, '/split/:token card form');
    });
  });
});
