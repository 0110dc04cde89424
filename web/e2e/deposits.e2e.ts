import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { journey, launchBrowser, noViolations, registerMember, signIn, step } from './browser';
import { apiAs, approveVenues, bookingsKnowsSections } from './stack';

// Table deposits and minimum spend (docs/product.md#booking-deposits) in real Chromium at 390 px,
// by keyboard, with axe-core (WCAG 2.2 AA) on every screen.
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** An owner with an approved nightclub: a balcony with a $2,500 minimum spend and a 25 % deposit, and a bar without. */
async function depositClub(tag: string) {
  const owner = await registerMember({ userType: 'venue', firstName: 'Dora' });
  const { cookie } = await apiAs(null, 'POST', '/api/auth/login', { email: owner.email, password: owner.password });
  const club = await apiAs(cookie, 'POST', '/api/venues', {
    name: `Deposit ${tag}`,
    type: 'club',
    subtype: 'nightclub',
    city: 'Miami',
    state: 'Florida',
    address: '9 Collins Ave',
    capacity: 100,
    pricePerHour: 300,
  });
  const balcony = await apiAs(cookie, 'POST', `/api/venues/${club.json.id}/sections`, {
    name: 'Balcony',
    type: 'Table',
    capacity: 6,
    pricePerHour: 500,
    minimumSpend: 2500,
    depositPercent: 25,
  });
  const bar = await apiAs(cookie, 'POST', `/api/venues/${club.json.id}/sections`, {
    name: 'Bar Table',
    type: 'Table',
    capacity: 4,
    pricePerHour: 300,
  });
  expect([balcony.status, bar.status]).toEqual([201, 201]);
  await approveVenues([club.json.name]);
  await bookingsKnowsSections([balcony.json.id, bar.json.id]);
  return { owner, club: club.json as { id: string; name: string } };
}

describe('deposit journeys (390 px wide, axe-core WCAG 2.2 AA)', () => {
  it('a host sees the minimum spend, the deposit due now and the balance due at the venue, and goes by keyboard to the card payment of the deposit', async () => {
    const { club } = await depositClub(Date.now().toString(36));
    const host = await registerMember({ userType: 'host', firstName: 'Nico' });
    await journey(browser, 'deposit-flow', async (page) => {
      await signIn(page, host.email, host.password);
      await step(page, 'dashboard after sign-in', page.getByTestId('dashboard-greeting'));
      await page.goto(`/booking/${club.id}`);
      await step(page, 'section booking (nothing chosen)', page.getByRole('heading', { name: 'Book a Section' }));
      expect(await page.getByText('Minimum spend $2,500 · 25% deposit').count()).toBeGreaterThan(0);
      for (const name of ['Balcony', '10:00 PM']) {
        const radio = page.getByRole('radio', { name, exact: true });
        await radio.focus();
        await page.keyboard.press('Space');
        expect(await radio.isChecked()).toBe(true);
      }
      await page.getByLabel('Duration').selectOption('2');
      // 2 h × $500 = $1,000 < $2,500: the minimum spend is the total; 25 % now, the rest at the venue.
      expect(await page.getByTestId('price-minimum-spend').textContent()).toBe('$2,500');
      expect(await page.getByTestId('price-total').textContent()).toBe('$2,500');
      expect(await page.getByTestId('price-deposit').textContent()).toBe('$625');
      expect(await page.getByTestId('price-balance').textContent()).toBe('$1,875');
      expect(await page.getByTestId('reserve-deposit').textContent()).toBe('Deposit due now: $625');
      await noViolations(page, 'section booking with a deposit');

      // Card payments are configured on the test stack, and Stripe.js cannot load without the
      // internet: the page's configuration-error state is what a browser can show here.
      await page.route('**/api/payments/config', (route) =>
        route.fulfill({ status: 200, contentType: 'application/json', body: '{"publishableKey":null}' }),
      );
      const pay = page.getByRole('button', { name: 'Pay Deposit' });
      await pay.focus();
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === '/payment');
      await page.getByRole('heading', { name: 'Complete Your Booking' }).waitFor();
      expect(await page.getByTestId('summary-section').textContent()).toBe('Balcony');
      expect(await page.getByTestId('summary-deposit').textContent()).toBe('$625.00');
      expect(await page.getByTestId('summary-balance').textContent()).toBe('$1,875.00');
      await page.getByText('Payment Configuration Error').waitFor();
      await noViolations(page, '/payment of a deposit');
      const pending = JSON.parse((await page.evaluate(() => localStorage.getItem('pendingBooking'))) ?? 'null');
      expect(pending).toMatchObject({
        venueId: club.id,
        time: '22:00',
        duration: 2,
        totalPrice: 2500,
        section: { name: 'Balcony', depositPercent: 25, depositAmount: 625, balanceDue: 1875 },
      });
    });
  });

  it("a section without a deposit is reserved at once and My Bookings shows the balance due at the venue; the owner's form edits minimum spend and deposit", async () => {
    const { owner, club } = await depositClub(`n${Date.now().toString(36)}`);
    const host = await registerMember({ userType: 'host', firstName: 'Ines' });
    await journey(browser, 'no-deposit-flow', async (page) => {
      await signIn(page, host.email, host.password);
      await step(page, 'dashboard after sign-in', page.getByTestId('dashboard-greeting'));
      await page.goto(`/booking/${club.id}`);
      await step(page, 'section booking (nothing chosen)', page.getByRole('heading', { name: 'Book a Section' }));
      for (const name of ['Bar Table', '9:00 PM']) {
        const radio = page.getByRole('radio', { name, exact: true });
        await radio.focus();
        await page.keyboard.press('Space');
        expect(await radio.isChecked()).toBe(true);
      }
      expect(await page.getByTestId('price-deposit').count()).toBe(0);
      expect(await page.getByTestId('price-balance').textContent()).toBe('$600');
      await step(page, 'section booking without a deposit');
      await page.getByRole('button', { name: 'Reserve' }).click();
      const confirmation = page.getByRole('dialog', { name: 'Booking Confirmed!' });
      await confirmation.waitFor();
      expect(await confirmation.getByTestId('confirmation-balance').textContent()).toBe('$600');
      await noViolations(page, 'confirmation with the balance');
      await page.goto('/dashboard?tab=book');
      const card = page.getByTestId('booking-card').filter({ hasText: club.name }).first();
      await card.waitFor();
      expect(await card.getByTestId('booking-balance').textContent()).toBe('$600');
      await noViolations(page, 'my bookings with the balance');
    });
    await journey(browser, 'owner-deposit-form', async (page) => {
      await signIn(page, owner.email, owner.password);
      await step(page, 'venue dashboard after sign-in', page.getByRole('heading', { name: 'Your venues' }));
      await page.goto('/venue-dashboard');
      await step(page, "owner's venues", page.getByRole('button', { name: `Manage sections of ${club.name}` }));
      await page.getByRole('button', { name: `Manage sections of ${club.name}` }).click();
      await step(page, "owner's sections with a deposit", page.getByRole('button', { name: 'Edit Balcony' }));
      await page.getByRole('button', { name: 'Edit Balcony' }).click();
      const deposit = page.getByLabel('Deposit (%)');
      await step(page, "owner's section form", deposit);
      expect(await deposit.inputValue()).toBe('25');
      expect(await page.getByLabel('Minimum spend ($)').inputValue()).toBe('2500');
      await deposit.fill('101');
      await page.getByRole('button', { name: 'Save Section' }).click();
      await page.getByText('Deposit must be a whole percentage from 0 to 100').waitFor();
      await noViolations(page, "owner's section form with an error");
      await deposit.fill('30');
      await page.getByRole('button', { name: 'Save Section' }).click();
      await page.getByText('Minimum spend $2,500 · 30% deposit when booking').waitFor();
      await noViolations(page, "owner's sections");
    });
  });
});
