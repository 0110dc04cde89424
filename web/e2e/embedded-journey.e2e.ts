import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { accessibilityViolations, launchBrowser, RESULTS_DIR } from './browser';

/*
 * Issue 31's proof: the product's main job, done in a browser on the default mode (`npm start`:
 * the embedded mode, its demo data and its test payment provider), at 390 px, with axe-core at
 * every step. This file starts the embedded mode itself (a free port, a fresh data folder), as
 * infra/embedded/test/embedded.int.spec.ts does; it needs no other infrastructure.
 *
 * The test provider decides a payment's outcome later and delivers it as a signed event: every wait
 * is on what the page shows, never on a timer.
 */

const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '..', '..');
const dataDir = mkdtempSync(join(tmpdir(), 'luxe-embedded-journey-'));
// Apart from embedded.int.spec.ts's ports (55497 − n), so the two never meet, whichever runs first.
const PG_PORT = 55447 - Math.round((Number(process.env.LUXE_TEST_BASE_PORT ?? 4100) - 4100) / 100);
const DEMO_PASSWORD = 'demo-password-123';
let child: ChildProcess;
let base = '';
let output = '';
let browser: Browser;

/** The demo data's venues the journeys use (services/venues/src/seed.ts; clubs have the moderate policy). */
const VIP_CLUB = 'Diamond Cabaret';
const VIP_ROOM = 'Platinum VIP Room'; // $1,200/h, $3,000 minimum spend, 50 % deposit
const DEPOSIT_CLUB = 'Velvet Miami';
const DEPOSIT_SECTION = 'Mezzanine Booth'; // $750/h, $2,500 minimum spend, 25 % deposit

/** The night `days` after today in New York, 'yyyy-MM-dd'. */
function nightIn(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/New_York',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function api(
  method: string,
  path: string,
  body?: unknown,
  cookie?: string,
): Promise<{ status: number; json: any; cookie: string | null }> {
  const r = await fetch(`${base}${path}`, {
    method,
    headers: {
      'x-requested-with': 'XMLHttpRequest',
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(cookie ? { cookie } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await r.text();
  return {
    status: r.status,
    json: text ? JSON.parse(text) : null,
    cookie: r.headers.getSetCookie()[0]?.split(';')[0] ?? null,
  };
}

beforeAll(async () => {
  child = spawn(process.execPath, [join(ROOT, 'infra/embedded/dist/main.js')], {
    cwd: ROOT,
    // The default mode's payments: the test provider (no Stripe keys, whatever the shell has).
    env: {
      ...process.env,
      PORT: '0',
      EMBEDDED_PG_PORT: String(PG_PORT),
      EMBEDDED_DATA_DIR: dataDir,
      METRICS_PORT: String(PG_PORT + 1000),
      LOG_LEVEL: 'warn',
      DEMO_PASSWORD,
      STRIPE_SECRET_KEY: '',
      STRIPE_PUBLISHABLE_KEY: '',
      STRIPE_WEBHOOK_SECRET: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  base = await new Promise<string>((res, rej) => {
    const t = setInterval(() => {
      const m = /is ready in [\d.]+s: (http:\/\/\S+)/.exec(output);
      if (m) {
        clearInterval(t);
        res(m[1].replace(/\/+$/, ''));
      } else if (child.exitCode !== null) {
        clearInterval(t);
        rej(new Error(`embedded mode exited: ${output}`));
      }
    }, 100);
  });
  expect((await api('GET', '/api/payments/config')).json).toEqual({ provider: 'test', publishableKey: null });
  // The demo venues reach bookings by their events (in process): the journeys start once it can
  // book both clubs (a demo host's booking of a section without a deposit, far from the nights used).
  const host = await api('POST', '/api/auth/login', { email: 'host@demo.luxeswipe.test', password: DEMO_PASSWORD });
  const clubs = (await api('GET', '/api/venues/Miami/Florida/club')).json as { id: string; name: string }[];
  for (const name of [VIP_CLUB, DEPOSIT_CLUB]) {
    const club = clubs.find((v) => v.name === name)!;
    const section = (
      (await api('GET', `/api/venues/${club.id}/sections`)).json as { id: string; depositPercent: number }[]
    ).find((s) => s.depositPercent === 0)!;
    const end = Date.now() + 60_000;
    while (
      (
        await api(
          'POST',
          '/api/bookings',
          { venueId: club.id, sectionId: section.id, bookingDate: nightIn(60), startTime: '18:00', duration: 1 },
          host.cookie!,
        )
      ).status !== 201
    ) {
      if (Date.now() > end) throw new Error(`bookings never learned of ${name}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  browser = await launchBrowser();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  if (child && child.exitCode === null) {
    // SIGTERM stops its PostgreSQL too; SIGKILL only if it hangs.
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  }
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * One journey in a fresh browser context at 390 × 844. `step(where)` runs axe-core (WCAG 2.2 AA)
 * on the page as it is; each step's violations are kept and the journey fails at its end with all
 * of them, each named by its step (so one run shows every page that needs a fix).
 */
async function journey(
  name: string,
  run: (page: Page, step: (where: string) => Promise<void>) => Promise<void>,
): Promise<void> {
  const context = await browser.newContext({
    baseURL: base,
    viewport: { width: 390, height: 844 },
    acceptDownloads: true,
  });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  const found: { where: string; violations: string[] }[] = [];
  const step = async (where: string) => {
    const violations = await accessibilityViolations(page);
    if (violations.length > 0) found.push({ where, violations });
  };
  try {
    await run(page, step);
  } catch (error) {
    await mkdir(RESULTS_DIR, { recursive: true });
    const file = `${RESULTS_DIR}${name}-${new Date().toISOString().replace(/[:.]/g, '-')}.png`;
    await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
    throw new Error(
      `${error instanceof Error ? error.message : String(error)}\n(screenshot: ${file}, url: ${page.url()}; axe so far: ${JSON.stringify(found)})`,
      { cause: error },
    );
  } finally {
    await context.close();
  }
  expect(found).toEqual([]);
}

/** Pays on the test provider's card form, labelled as test mode. */
async function payWithCard(page: Page, cardNumber: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Test card payment' });
  await form.getByText('Test mode — no real card is charged').waitFor();
  await form.getByLabel('Card number').fill(cardNumber);
  await form.getByLabel('Expiry (MM/YY)').fill('12/34');
  await form.getByLabel('CVC').fill('123');
  await form.getByRole('button', { name: /^Pay \$/ }).click();
}

/** The booking page a paid checkout lands on: confirmed, its door pass, and its calendar file. */
async function expectConfirmedBooking(
  page: Page,
  step: (where: string) => Promise<void>,
  venue: string,
  bookingId: string,
): Promise<void> {
  await page.getByRole('heading', { level: 1, name: 'Booking Confirmed!' }).waitFor();
  await step('payment confirmed');
  await page.waitForURL((url) => url.pathname === `/bookings/${bookingId}`);
  await page.getByRole('heading', { level: 1, name: venue }).waitFor();
  expect(await page.getByTestId('booking-status').textContent()).toBe('Confirmed');
  await page.getByRole('heading', { name: 'Your door pass' }).waitFor();
  await page.getByTestId('pass-qr').waitFor();
  expect(await page.getByTestId('pass-code').textContent()).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/);
  await step('the booking, with its pass');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: /^Add to calendar/ }).click(),
  ]);
  const ics = readFileSync((await download.path())!, 'utf8');
  expect(ics).toContain('BEGIN:VCALENDAR');
  expect(ics).toContain(venue);
}

/** Picks one of the choices drawn as cards (native radios, visually hidden) by keyboard, as booking.e2e.ts does. */
async function pick(page: Page, name: string, exact = true): Promise<void> {
  const radio = page.getByRole('radio', { name, exact });
  await radio.focus();
  await page.keyboard.press('Space');
  expect(await radio.isChecked()).toBe(true);
}

/** The choice on 'Book a Section': the night, a section (of a category when the club has two) and 10:00 PM. */
async function chooseSection(page: Page, night: string, section: string, category?: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name: 'Book a Section' }).waitFor();
  await page.getByLabel('Date', { exact: true }).fill(night);
  if (category) await pick(page, category);
  await pick(page, section, false);
  await pick(page, '10:00 PM');
}

/** After an account was made or signed in to: the same booking, restored. */
async function expectRestored(page: Page, venueId: string, night: string, section: string): Promise<void> {
  await page.getByText('Welcome back! Your booking details were restored.').waitFor();
  expect(new URL(page.url()).pathname).toBe(`/booking/${venueId}`);
  expect(await page.getByLabel('Date', { exact: true }).inputValue()).toBe(night);
  expect(await page.getByRole('radio', { name: section }).isChecked()).toBe(true);
  expect(await page.getByRole('radio', { name: '10:00 PM', exact: true }).isChecked()).toBe(true);
}

const holdOf = (page: Page) =>
  page.evaluate(
    () =>
      (JSON.parse(localStorage.getItem('pendingBooking') ?? 'null') as { payment?: { holdId: string } } | null)?.payment
        ?.holdId ?? null,
  );

describe('the default mode, end to end in Chromium at 390 px (issue 31)', () => {
  it('a visitor picks a VIP room, signs up in the middle of the booking, comes back to it, pays its deposit with 4242, sees it confirmed with its pass and calendar file, and cancels it in the 50 % tier', async () => {
    // Three nights ahead: 48 to 120 hours before 10 PM, the moderate policy's 50 % tier.
    const night = nightIn(3);
    const email = `journey-${unique()}@example.com`;
    await journey('embedded-vip-signup', async (page, step) => {
      await page.goto('/events');
      const book = page.getByRole('article', { name: VIP_CLUB }).getByRole('link', { name: /^Book Now/ });
      await book.waitFor();
      await step('/events');
      await book.click();
      await page.waitForURL((url) => url.pathname.startsWith('/booking/') && url.searchParams.get('guest') === 'true');
      const venueId = new URL(page.url()).pathname.split('/')[2];

      await chooseSection(page, night, VIP_ROOM, 'VIP Rooms');
      await step('a VIP room chosen by a visitor');
      await page.getByRole('button', { name: 'Pay Deposit' }).click();
      const ask = page.getByRole('dialog', { name: 'Create Account to Complete Booking' });
      await ask.waitFor();
      await step('account required');
      await ask.getByRole('button', { name: 'Create Free Account' }).click();

      await page.getByRole('heading', { level: 1, name: 'Host Registration' }).waitFor();
      await page.getByLabel('First Name', { exact: true }).fill('Ana');
      await page.getByLabel('Last Name', { exact: true }).fill('Journey');
      await page.getByLabel('Email', { exact: true }).fill(email);
      await page.getByLabel('Password', { exact: true }).fill('velvet-rope-2025');
      await step('sign-up, basic information');
      await page.getByRole('button', { name: 'Continue to Location' }).click();
      await page.getByRole('button', { name: 'Complete Registration' }).waitFor();
      await step('sign-up, location');
      await page.getByRole('button', { name: 'Complete Registration' }).click();

      // The booking resumes where it was (it landed on the Profile tab).
      await expectRestored(page, venueId, night, VIP_ROOM);
      await step('the booking, restored');
      await page.getByRole('button', { name: 'Pay Deposit' }).click();
      await page.waitForURL((url) => url.pathname === '/payment');
      await page.getByRole('heading', { level: 1, name: 'Complete Your Booking' }).waitFor();
      await page.getByRole('form', { name: 'Test card payment' }).waitFor();
      await step('/payment, test mode');
      const hold = await holdOf(page);
      expect(hold).toEqual(expect.any(String));
      await payWithCard(page, '4242 4242 4242 4242');
      await expectConfirmedBooking(page, step, VIP_CLUB, hold!);
      const paid = (await page.getByTestId('booking-deposit').textContent())!; // 50 % of the $3,000 minimum spend
      expect(paid).toBe('$1,500');

      // The host cancels: three nights ahead is the moderate policy's 50 % tier.
      await page.getByRole('button', { name: 'Cancel booking' }).click();
      const cancel = page.getByRole('alertdialog', { name: `Cancel booking at ${VIP_CLUB}?` });
      await cancel.waitFor();
      expect(await cancel.getByTestId('cancel-expected').textContent()).toBe(
        'If you cancel now you get a 50% refund: $750.00 of the $1,500.00 you paid.',
      );
      await step('cancel, the refund it gives');
      await cancel.getByRole('button', { name: 'Cancel booking' }).click();
      const done = page.getByRole('dialog', { name: 'Booking cancelled' });
      await done.waitFor();
      expect(await done.getByTestId('cancel-result').textContent()).toBe('Booking cancelled. Refund: $750.00');
      await step('cancelled, the refund');
      await done.getByRole('button', { name: 'Done' }).click();
      await page.getByTestId('booking-refund').waitFor();
      expect(await page.getByTestId('booking-refund').textContent()).toBe('$750.00');
      expect(await page.getByTestId('booking-status').textContent()).toBe('Cancelled');
      await step('the booking, cancelled');
    });
  }, 300_000);

  it('a second visitor logs in in the middle of a booking, comes back to it, is declined with 4000 0000 0000 0002, and pays with 4242 on the same hold', async () => {
    const night = nightIn(4);
    const member = { email: `journey-${unique()}@example.com`, password: 'velvet-rope-2025' };
    const made = await api('POST', '/api/auth/register', {
      ...member,
      firstName: 'Bea',
      lastName: 'Journey',
      city: 'Miami, FL',
      state: 'Florida',
      userType: 'host',
    });
    expect(made.status).toBe(201);
    await journey('embedded-declined-then-paid', async (page, step) => {
      await page.goto('/events');
      await page
        .getByRole('article', { name: DEPOSIT_CLUB })
        .getByRole('link', { name: /^Book Now/ })
        .click();
      await page.waitForURL((url) => url.pathname.startsWith('/booking/'));
      const venueId = new URL(page.url()).pathname.split('/')[2];
      await chooseSection(page, night, DEPOSIT_SECTION);
      await page.getByRole('button', { name: 'Pay Deposit' }).click();
      const ask = page.getByRole('dialog', { name: 'Create Account to Complete Booking' });
      await ask.getByRole('button', { name: 'Already have an account? Log In' }).click();

      await page.waitForURL((url) => url.pathname === '/login');
      await page.getByLabel('Email', { exact: true }).fill(member.email);
      await page.getByLabel('Password', { exact: true }).fill(member.password);
      await step('/login, from a booking');
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await expectRestored(page, venueId, night, DEPOSIT_SECTION);
      await page.getByRole('button', { name: 'Pay Deposit' }).click();

      await page.getByRole('form', { name: 'Test card payment' }).waitFor();
      const hold = await holdOf(page);
      expect(hold).toEqual(expect.any(String));
      await payWithCard(page, '4000 0000 0000 0002');
      const declined = page.getByRole('form', { name: 'Test card payment' }).getByRole('alert');
      await declined.waitFor();
      expect(await declined.textContent()).toBe('Your card was declined.');
      await step('/payment, declined');

      // Another card on the same hold: the form stays, the slot is still the member's.
      expect(await holdOf(page)).toBe(hold);
      await payWithCard(page, '4242 4242 4242 4242');
      await expectConfirmedBooking(page, step, DEPOSIT_CLUB, hold!);
      expect(await page.getByTestId('booking-deposit').textContent()).toBe('$625'); // 25 % of the $2,500 minimum spend
    });
  }, 300_000);

  it("sign-up's reading B holds the server's password rule on its first step, and an entertainer signs up from /join to the entertainer's dashboard", async () => {
    await journey('embedded-signup-rules', async (page, step) => {
      // Reading B, step 1: a 6-character password is refused here, where its field is.
      await page.goto('/register');
      await page.getByLabel('Email', { exact: true }).fill(`journey-b-${unique()}@example.com`);
      await page.getByLabel('Password', { exact: true }).fill('secret');
      await page.getByLabel('First Name', { exact: true }).fill('Noor');
      await page.getByLabel('Last Name', { exact: true }).fill('Journey');
      await page.getByLabel('Gender').selectOption('female');
      await page.getByRole('button', { name: 'Continue', exact: true }).click();
      await page.getByText('Password must be at least 8 characters').waitFor();
      expect(new URL(page.url()).pathname).toBe('/register');
      expect(await page.getByLabel('Password', { exact: true }).getAttribute('aria-invalid')).toBe('true');
      await step('reading B, step 1, password refused');

      // The entertainer: the fourth type offered at registration.
      await page.goto('/join');
      await page.getByRole('link', { name: /^Entertainer/ }).waitFor();
      await step('/join');
      await page.getByRole('link', { name: /^Entertainer/ }).click();
      await page.getByRole('heading', { level: 1, name: 'Entertainer Registration' }).waitFor();
      const email = `journey-e-${unique()}@example.com`;
      await page.getByLabel('First Name', { exact: true }).fill('Eve');
      await page.getByLabel('Last Name', { exact: true }).fill('Journey');
      await page.getByLabel('Email', { exact: true }).fill(email);
      await page.getByLabel('Password', { exact: true }).fill('velvet-rope-2025');
      await step('entertainer sign-up');
      await page.getByRole('button', { name: 'Continue to Location' }).click();
      await page.getByRole('button', { name: 'Complete Registration' }).click();
      await page.waitForURL((url) => url.pathname === '/welcome-success');
      await page.getByRole('heading', { name: 'Welcome to LuxeSwipe, Eve!' }).waitFor();
      await step('welcome');
      const me = await page.evaluate(async () => (await fetch('/api/auth/me', { credentials: 'include' })).json());
      expect(me).toMatchObject({ email, userType: 'entertainer' });
      await page.getByRole('link', { name: 'Go to Dashboard' }).click();
      await page.waitForURL((url) => url.pathname === '/dashboard');
      await page.getByRole('button', { name: 'My Venues', exact: true }).click();
      await page.getByRole('button', { name: 'Request to Join a Venue' }).waitFor();
      await step("the entertainer's venues");
    });
  }, 240_000);
});
