import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { addDays, format, parseISO } from 'date-fns';
import { bookingWindow, cancellationScheduleLines, todayInNewYork, type CancellationPolicy } from '@luxe/contracts';
import { journey, launchBrowser, noViolations, registerMember, signIn, step } from './browser';
import { apiAs, approveVenues, bookingsKnowsSections } from './stack';

// Cancellation policies in the browser (issue 12): the refund dates before paying, and the host
// cancelling a paid booking from My Bookings (390 px, axe-core WCAG 2.2 AA on every new screen).
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const webhookSecret = (): string =>
  JSON.parse(readFileSync(process.env.LUXE_TEST_PROVIDED!, 'utf8')).stripeWebhookSecret;
const nyDate = (days: number) => format(addDays(parseISO(todayInNewYork()), days), 'yyyy-MM-dd');
const scheduleTexts = (policy: CancellationPolicy, date: string, time: string, hours: number) =>
  cancellationScheduleLines(policy, bookingWindow(date, time, hours).startsAt).map((l) => `${l.when}${l.refund}`);

/** An owner's approved yacht (flexible, 4 hours for $3,200) and club (strict, one section). */
async function venues(tag: string) {
  const owner = await registerMember({ userType: 'venue', firstName: 'Vera' });
  const { cookie } = await apiAs(null, 'POST', '/api/auth/login', { email: owner.email, password: owner.password });
  const yacht = await apiAs(cookie, 'POST', '/api/venues', {
    name: `Refund Yacht ${tag}`,
    type: 'yacht',
    city: 'Miami',
    state: 'Florida',
    address: 'Pier 9',
    capacity: 12,
    pricePerHour: 900,
    yachtLength: 70,
    cancellationPolicy: 'flexible',
    pricingTiers: [{ hours: 4, price: 3200 }],
  });
  const club = await apiAs(cookie, 'POST', '/api/venues', {
    name: `Refund Club ${tag}`,
    type: 'club',
    subtype: 'lounge',
    city: 'Miami',
    state: 'Florida',
    address: '9 Ocean Dr',
    capacity: 100,
    pricePerHour: 300,
    cancellationPolicy: 'strict',
  });
  expect([yacht.status, club.status]).toEqual([201, 201]);
  const section = await apiAs(cookie, 'POST', `/api/venues/${club.json.id}/sections`, {
    name: 'Terrace',
    type: 'Table',
    capacity: 6,
    pricePerHour: 300,
  });
  await approveVenues([yacht.json.name, club.json.name]);
  await bookingsKnowsSections([section.json.id]);
  return { yacht: yacht.json as { id: string; name: string }, club: club.json as { id: string; name: string } };
}

describe('cancellation policies (390 px wide, axe-core WCAG 2.2 AA)', () => {
  it('checkout shows the refund for each cancellation date before booking or paying', async () => {
    const { yacht, club } = await venues(`c${Date.now().toString(36)}`);
    const host = await registerMember({ userType: 'host', firstName: 'Cora' });
    await journey(browser, 'refund-schedule', async (page) => {
      await signIn(page, host.email, host.password);
      await step(page, 'dashboard after sign-in', page.getByTestId('dashboard-greeting'));
      // A club section: the schedule appears once the start time is chosen.
      await page.goto(`/booking/${club.id}`);
      await step(page, 'section booking (nothing chosen)', page.getByRole('heading', { name: 'Book a Section' }));
      for (const name of ['Terrace', '10:00 PM']) {
        const radio = page.getByRole('radio', { name, exact: true });
        await radio.focus();
        await page.keyboard.press('Space');
        expect(await radio.isChecked()).toBe(true);
      }
      const date = await page.getByLabel('Date', { exact: true }).inputValue();
      const hours = Number(await page.getByLabel('Duration').inputValue());
      const schedule = page.getByTestId('refund-schedule');
      await schedule.waitFor();
      expect(await schedule.getByRole('heading').textContent()).toBe('Cancellation policy: Strict');
      expect(await schedule.getByRole('listitem').allTextContents()).toEqual(
        scheduleTexts('strict', date, '22:00', hours),
      );
      await noViolations(page, 'section booking with refund schedule');

      // The yacht's payment page: the booking being paid for, with its refund dates.
      const tripDate = nyDate(12);
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
              cancellationPolicy: 'flexible',
            }),
          ),
        [yacht.id, yacht.name, tripDate],
      );
      // Stripe.js cannot load without the internet: the page's configuration-error state still shows the summary.
      await page.route('**/api/payments/config', (route) =>
        route.fulfill({ status: 200, contentType: 'application/json', body: '{"publishableKey":null}' }),
      );
      await page.goto('/payment');
      await page.getByRole('heading', { name: 'Complete Your Booking' }).waitFor();
      const paying = page.getByTestId('refund-schedule');
      expect(await paying.getByRole('heading').textContent()).toBe('Cancellation policy: Flexible');
      expect(await paying.getByRole('listitem').allTextContents()).toEqual(
        scheduleTexts('flexible', tripDate, '20:00', 4),
      );
      await noViolations(page, '/payment with refund schedule');
    });
  });

  it('the host cancels a paid yacht booking from My Bookings, by keyboard, and sees the refund', async () => {
    const { yacht } = await venues(`p${Date.now().toString(36)}`);
    const host = await registerMember({ userType: 'host', firstName: 'Paz' });
    const { cookie } = await apiAs(null, 'POST', '/api/auth/login', { email: host.email, password: host.password });
    // Paid through the API: the hold, its PaymentIntent (stripe-mock), Stripe's signed webhook.
    const intent = await apiAs(cookie, 'POST', '/api/create-payment-intent', {
      venueId: yacht.id,
      bookingDate: nyDate(10),
      startTime: '20:00',
      duration: 4,
    });
    expect(intent.status).toBe(200);
    const payload = JSON.stringify({
      id: `evt_e2e_${intent.json.bookingId}`,
      object: 'event',
      type: 'payment_intent.succeeded',
      api_version: '2025-01-27',
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: intent.json.paymentIntentId, object: 'payment_intent', status: 'succeeded' } },
    });
    const signed = await fetch(`${process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000'}/api/webhooks/stripe`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret() }),
      },
      body: payload,
    });
    expect(signed.status).toBe(200);
    const end = Date.now() + 30_000;
    while ((await apiAs(cookie, 'GET', '/api/bookings/user')).json[0]?.status !== 'confirmed') {
      if (Date.now() > end) throw new Error('the payment never confirmed the booking');
      await new Promise((r) => setTimeout(r, 200));
    }

    await journey(browser, 'cancel-booking', async (page) => {
      await signIn(page, host.email, host.password);
      await step(page, 'dashboard after sign-in', page.getByTestId('dashboard-greeting'));
      await page.goto('/dashboard?tab=book');
      const card = page.getByTestId('booking-card').filter({ hasText: yacht.name });
      const open = card.getByRole('button', { name: /^Cancel booking/ });
      await step(page, 'my bookings', open);
      await open.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('alertdialog', { name: `Cancel booking at ${yacht.name}?` });
      await dialog.waitFor();
      expect(await dialog.getByTestId('cancel-expected').textContent()).toBe(
        'If you cancel now you get a full refund: $3,200.00 of the $3,200.00 you paid.',
      );
      await noViolations(page, 'cancel booking dialog');
      // Keep booking has the focus; Tab reaches Cancel booking.
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      const done = page.getByRole('dialog', { name: 'Booking cancelled' });
      await done.waitFor();
      expect(await done.getByTestId('cancel-result').textContent()).toBe('Booking cancelled. Refund: $3,200.00');
      await noViolations(page, 'booking cancelled dialog');
      await page.keyboard.press('Enter');
      await card.getByTestId('booking-refund').waitFor();
      expect(await card.getByTestId('booking-status').textContent()).toBe('Cancelled');
      expect(await card.getByTestId('booking-refund').textContent()).toBe('$3,200.00');
      expect(await card.getByRole('button', { name: /Cancel booking/ }).count()).toBe(0);
      await noViolations(page, 'my bookings with a cancelled booking');
    });
    const [booking] = (await apiAs(cookie, 'GET', '/api/bookings/user')).json;
    expect([booking.status, booking.refundAmount]).toEqual(['cancelled', '3200.00']);
  });
});
