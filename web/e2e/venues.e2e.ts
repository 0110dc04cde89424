import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { journey, launchBrowser, noViolations, registerMember, step } from './browser';
import { approveVenues } from './stack';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function uploadPhoto(page: Page, label: string, buffer: Buffer) {
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByRole('button', { name: 'Upload Images' }).click(),
  ]);
  await chooser.setFiles([{ name: 'photo.jpg', mimeType: 'image/jpeg', buffer }]);
  await page
    .getByRole('list', { name: `${label}: uploaded` })
    .getByRole('listitem')
    .first()
    .waitFor();
}

describe('venue owner and public events (390 px wide, axe-core WCAG 2.2 AA)', () => {
  it('an owner lists a strip club with a section and a VIP room and a yacht with tiers and photos; once approved, /events shows them', async () => {
    const tag = Date.now().toString(36);
    const clubName = `Scarlet Room ${tag}`;
    const yachtName = `Sea Velvet ${tag}`;
    const { email, password } = await registerMember({ firstName: 'Olive', userType: 'venue' });
    const sharp = (await import('sharp')).default;
    const jpeg = (r: number) =>
      sharp({ create: { width: 120, height: 80, channels: 3, background: { r, g: 60, b: 90 } } })
        .jpeg()
        .toBuffer();

    await journey(browser, 'venue-owner', async (page) => {
      await page.goto('/login');
      await step(page, '/login', page.getByLabel('Email', { exact: true }));
      await page.getByLabel('Email', { exact: true }).fill(email);
      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.getByLabel('Password', { exact: true }).press('Enter');
      await page.waitForURL((url) => url.pathname === '/venue-dashboard');
      await page.getByRole('heading', { name: 'Your venues' }).waitFor();
      await noViolations(page, 'my events (empty)');

      // A strip club, with a photo.
      await page.getByRole('button', { name: 'Add Event' }).click();
      await step(page, 'club form (empty)', page.getByRole('heading', { name: 'Add Club Event' }));
      await page.getByLabel('Venue name', { exact: true }).fill(clubName);
      await page.getByLabel('Club type', { exact: true }).selectOption('strip_club');
      await page.getByLabel('State', { exact: true }).selectOption('Florida');
      await page.getByLabel('City', { exact: true }).selectOption('Miami');
      await page.getByLabel('Address', { exact: true }).fill('1 Ocean Dr');
      await page.getByLabel('Description', { exact: true }).fill('Velvet booths and a stage.');
      await page.getByLabel('Capacity', { exact: true }).fill('150');
      await page.getByLabel('Price per hour ($)', { exact: true }).fill('400');
      await uploadPhoto(page, 'Venue photos', await jpeg(200));
      await noViolations(page, 'club form');
      await page.getByRole('button', { name: 'Create Event' }).click();
      await page.getByTestId('toast').filter({ hasText: 'Success' }).waitFor();
      const clubCard = page.getByTestId('venue-card').filter({ hasText: clubName });
      await step(page, 'my events with the club', clubCard);
      expect(await clubCard.getByText('Pending').count()).toBe(1);

      // Its sections: a regular one and a VIP room (exclusive, one booking at a time).
      await page.getByRole('button', { name: `Manage sections of ${clubName}` }).click();
      await step(page, 'sections (none yet)', page.getByRole('button', { name: 'Add Section' }));
      await page.getByRole('button', { name: 'Add Section' }).click();
      await step(page, 'section form', page.getByLabel('Section name', { exact: true }));
      await page.getByLabel('Section name', { exact: true }).fill('Stage-side Table');
      await page.getByLabel('Section type', { exact: true }).fill('Table');
      await page.getByLabel('Capacity', { exact: true }).fill('6');
      await page.getByLabel('Price per hour ($)', { exact: true }).fill('400');
      await page.getByRole('button', { name: 'Create Section' }).click();
      await step(page, 'sections with one', page.getByRole('list', { name: 'Sections' }).getByText('Stage-side Table'));
      await page.getByRole('button', { name: 'Create VIP Room' }).click();
      await page.getByLabel('Section name', { exact: true }).fill('Gold VIP Room');
      await page.getByLabel('Section type', { exact: true }).fill('VIP Room');
      await page.getByLabel('Capacity', { exact: true }).fill('4');
      await page.getByLabel('Price per hour ($)', { exact: true }).fill('600');
      expect(await page.getByLabel('Max simultaneous bookings', { exact: true }).inputValue()).toBe('1');
      await noViolations(page, 'VIP room form');
      await page.getByRole('button', { name: 'Create VIP Room' }).click();
      const sections = page.getByRole('list', { name: 'Sections' });
      await sections.getByText('Gold VIP Room').waitFor();
      expect(await sections.getByRole('listitem').count()).toBe(2);
      expect(await sections.getByText('+50%').count()).toBe(1);
      await noViolations(page, 'sections');
      await page.getByRole('button', { name: /Back/ }).first().click();

      // A dancer for the VIP room, with a price modifier; the profile viewer shows her.
      await page.getByRole('button', { name: `Dancers of ${clubName}` }).click();
      await step(page, 'dancers (none yet)', page.getByRole('button', { name: 'Add Dancer' }));
      await page.getByRole('button', { name: 'Add Dancer' }).click();
      await page.getByLabel('Name', { exact: true }).fill('Aurora');
      await page.getByLabel('Price modifier', { exact: true }).fill('1.5');
      await noViolations(page, 'dancer form');
      await page.getByRole('button', { name: 'Add Dancer' }).click();
      await step(page, 'dancers with Aurora', page.getByRole('button', { name: 'View profile of Aurora' }));
      await page.getByRole('button', { name: 'View profile of Aurora' }).click();
      const profile = page.getByRole('dialog');
      await profile.getByText('Available').first().waitFor();
      await noViolations(page, 'dancer profile');
      await page.keyboard.press('Escape');
      await profile.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: /Back/ }).first().click();

      // A yacht with two pricing tiers and a photo; the live preview follows the form.
      await page.getByRole('button', { name: 'Add Yacht' }).click();
      await step(page, 'yacht form (empty)', page.getByRole('heading', { name: 'Add Yacht Event' }));
      await page.getByLabel('Yacht name', { exact: true }).fill(yachtName);
      await page.getByLabel('State', { exact: true }).selectOption('Florida');
      await page.getByLabel('City', { exact: true }).selectOption('Miami');
      await page.getByLabel('Address', { exact: true }).fill('Pier 5');
      await page.getByLabel('Passengers', { exact: true }).fill('12');
      await page.getByLabel('Price per hour ($)', { exact: true }).fill('900');
      await page.getByLabel('Yacht length (ft)', { exact: true }).fill('82');
      await page.getByRole('button', { name: 'Add Tier' }).click();
      await page.getByLabel('Tier 1 price ($)', { exact: true }).fill('1700');
      await page.getByRole('button', { name: 'Add Tier' }).click();
      expect(await page.getByLabel('Tier 2 hours', { exact: true }).inputValue()).toBe('4');
      await page.getByLabel('Tier 2 price ($)', { exact: true }).fill('3200');
      await uploadPhoto(page, 'Yacht photos', await jpeg(30));
      expect(await page.getByRole('complementary', { name: 'Live preview' }).getByText(yachtName).count()).toBe(1);
      await noViolations(page, 'yacht form');
      await page.getByRole('button', { name: 'Create Event' }).click();
      await page.getByTestId('venue-card').filter({ hasText: yachtName }).waitFor();
      await noViolations(page, 'my events');
    });

    const [clubId] = await approveVenues([clubName, yachtName]);
    expect(clubId).toBeDefined();

    await journey(browser, 'public-events', async (page) => {
      await page.goto('/events');
      await page.getByRole('heading', { level: 1, name: 'Browse Exclusive Events' }).waitFor();
      const club = page.getByTestId('venue-card').filter({ hasText: clubName });
      const yacht = page.getByTestId('venue-card').filter({ hasText: yachtName });
      await club.waitFor();
      await yacht.waitFor();
      // The owner's photos, really served from storage: on a phone's 390 px the card takes its
      // copy 800 wide (the srcset's), which for this 120 px photo is the photo at its own width.
      for (const card of [club, yacht]) {
        const img = card.getByRole('img').first();
        const src = await img.getAttribute('src');
        expect(src).toMatch(/^\/api\/images\/venues\/[0-9a-f-]{36}\/[0-9a-f-]{36}\.jpg$/);
        const shown = await img.evaluate((i: HTMLImageElement) => i.decode().then(() => i.currentSrc));
        expect(new URL(shown).pathname + new URL(shown).search).toBe(`${src}?w=800`);
        const copy = Buffer.from(await (await fetch(shown)).arrayBuffer());
        const meta = await sharp(copy).metadata();
        expect([meta.format, meta.width]).toEqual(['webp', 120]);
      }
      expect(await yacht.getByText('$900/hr').count()).toBe(1);
      await noViolations(page, '/events');

      await page.getByRole('button', { name: 'Yachts' }).click();
      await step(page, '/events (yachts)', yacht);
      expect(await club.count()).toBe(0);
      await page.getByRole('button', { name: 'Clubs' }).click();
      await club.waitFor();
      expect(await yacht.count()).toBe(0);

      await noViolations(page, '/events (clubs)');
      // Book Now starts the guest flow: a visitor fills in the booking page, and signs in to reserve.
      await club
        .getByRole('link', { name: /Book Now/ })
        .or(club.getByRole('button', { name: /Book Now/ }))
        .first()
        .click();
      await page.waitForURL((url) => url.pathname.startsWith('/booking/') && url.searchParams.get('guest') === 'true');
      await step(page, 'section booking (visitor)', page.getByRole('heading', { name: 'Book a Section' }));
    });

    // A host in Miami finds them in the Events tab and among Featured Events on Home.
    const host = await registerMember({ firstName: 'Hazel', userType: 'host' });
    await journey(browser, 'member-events', async (page) => {
      await page.goto('/login');
      await page.getByLabel('Email', { exact: true }).fill(host.email);
      await page.getByLabel('Password', { exact: true }).fill(host.password);
      await page.getByLabel('Password', { exact: true }).press('Enter');
      await page.waitForURL((url) => url.pathname === '/dashboard');
      await step(page, 'dashboard', page.getByTestId('dashboard-greeting'));
      await page.goto('/dashboard?tab=events');
      const card = page.getByTestId('venue-card').filter({ hasText: yachtName });
      await card.waitFor();
      await noViolations(page, 'events tab');
      await card
        .getByRole('link', { name: /Book It/ })
        .or(card.getByRole('button', { name: /Book It/ }))
        .first()
        .click();
      await page.waitForURL((url) => /^\/booking\/[0-9a-f-]{36}$/.test(url.pathname));
      await step(page, 'yacht detail', page.getByRole('button', { name: 'Book it' }));
      await page.goto('/dashboard?tab=home');
      await page.getByRole('heading', { name: 'Featured Events' }).waitFor();
      await noViolations(page, 'home (featured events)');
    });
  });
});
