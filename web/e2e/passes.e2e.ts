import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { formatPassCode, nightOf, todayInNewYork } from '@luxe/contracts';
import { journey, launchBrowser, noViolations, registerMember, signIn, step } from './browser';
import { apiAs, approveVenues, bookingsKnowsSections } from './stack';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const bookingsDb = () =>
  (JSON.parse(readFileSync(process.env.LUXE_TEST_PROVIDED!, 'utf8')) as { dbUrls: Record<string, string> }).dbUrls
    .bookings;

/**
 * An owner's approved club, and a host's confirmed booking there for the night under way (made
 * for today, moved to the night's date between midnight and 06:00, when the night began
 * yesterday), with the host's pass.
 */
async function bookedTonight(tag: string) {
  const owner = await registerMember({ userType: 'venue', firstName: 'Vera' });
  const { cookie: ownerCookie } = await apiAs(null, 'POST', '/api/auth/login', {
    email: owner.email,
    password: owner.password,
  });
  const club = await apiAs(ownerCookie, 'POST', '/api/venues', {
    name: `Door ${tag}`,
    type: 'club',
    subtype: 'lounge',
    city: 'Miami',
    state: 'Florida',
    address: '1 Ocean Dr',
    capacity: 100,
    pricePerHour: 400,
  });
  const section = await apiAs(ownerCookie, 'POST', `/api/venues/${club.json.id}/sections`, {
    name: 'Stage Table',
    type: 'Table',
    capacity: 6,
    pricePerHour: 400,
  });
  await approveVenues([club.json.name]);
  await bookingsKnowsSections([section.json.id]);

  const host = await registerMember({ userType: 'host', firstName: 'Hana' });
  const { cookie: hostCookie } = await apiAs(null, 'POST', '/api/auth/login', {
    email: host.email,
    password: host.password,
  });
  let booking = { status: 0, json: null as any };
  for (
    const end = Date.now() + 30_000;
    booking.status !== 201 && Date.now() < end;
    await new Promise((r) => setTimeout(r, 250))
  ) {
    booking = await apiAs(hostCookie, 'POST', '/api/bookings', {
      venueId: club.json.id,
      sectionId: section.json.id,
      bookingDate: todayInNewYork(),
      startTime: '22:00',
      duration: 2,
    });
  }
  expect(booking.status).toBe(201);
  if (nightOf() !== todayInNewYork()) {
    const db = new Client({ connectionString: bookingsDb() });
    await db.connect();
    await db
      .query(`UPDATE bookings SET booking_date = $2 WHERE id = $1`, [booking.json.id, nightOf()])
      .finally(() => db.end());
  }
  const pass = await apiAs(hostCookie, 'GET', `/api/bookings/${booking.json.id}/pass`);
  expect(pass.status).toBe(200);
  return { owner, clubName: club.json.name as string, pass: pass.json as { token: string; code: string; url: string } };
}

describe('door passes (390 px wide, axe-core WCAG 2.2 AA)', () => {
  it("the pass page shows the host's QR code and door code; door mode checks the pass in by its typed code once", async () => {
    const { owner, clubName, pass } = await bookedTonight(Date.now().toString(36));

    await journey(browser, 'pass-page', async (page) => {
      await page.goto(pass.url);
      await page.getByRole('heading', { name: clubName }).waitFor();
      const qr = page.getByRole('img', { name: `QR code of Hana's pass for ${clubName}` });
      await qr.waitFor();
      expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
      expect((await qr.boundingBox())!.width).toBeGreaterThan(150);
      expect(await page.getByTestId('pass-code').textContent()).toBe(formatPassCode(pass.code));
      expect(await page.getByTestId('pass-name').textContent()).toBe('Hana');
      await noViolations(page, 'pass page');
    });

    await journey(browser, 'door-mode', async (page) => {
      await signIn(page, owner.email, owner.password);
      await step(page, 'venue dashboard after sign-in', page.getByRole('heading', { name: 'Your venues' }));
      await page.goto('/venue-dashboard?tab=door');
      await step(page, 'door mode (no venue chosen)', page.getByRole('heading', { level: 1, name: 'Door' }));
      await page.getByLabel('Venue', { exact: true }).selectOption({ label: clubName });
      await noViolations(page, 'door mode');
      // By keyboard: the code typed as people read it, Enter sends it.
      await page.getByRole('textbox', { name: 'Door code' }).fill(formatPassCode(pass.code).toLowerCase());
      await page.getByRole('textbox', { name: 'Door code' }).press('Enter');
      await page.getByTestId('door-result').getByText('Checked in: Hana').waitFor();
      await noViolations(page, 'door mode: checked in');
      await page.getByRole('textbox', { name: 'Door code' }).fill(pass.code);
      await page.getByRole('button', { name: 'Check in' }).click();
      await page
        .getByTestId('door-result')
        .getByText(/^Already checked in at \d{1,2}:\d{2} (AM|PM)$/)
        .waitFor();
      await noViolations(page, 'door mode: already checked in');
      // The page of the used pass says so.
      await page.goto(pass.url);
      await step(page, 'pass page, used', page.getByText(/^Already checked in at/));
    });
  });
});
