import WebSocket from 'ws';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { format, parseISO } from 'date-fns';
import { PAGE_LIMITS, todayInNewYork } from '@luxe/contracts';
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

describe('join request and chat (two browsers, 390 px, axe-core WCAG 2.2 AA)', () => {
  it('a guest discovers an event and asks to join; the host approves in My Bookings; both chat in Messages and see each other’s messages arrive without reloading', async () => {
    // A booked event (API set-up) in a city of its own; the guest lives there and finds it in the
    // Discover deck of the Events tab.
    const owner = await registerMember({ userType: 'venue' });
    const ownerCookie = (await apiAs(null, 'POST', '/api/auth/login', { email: owner.email, password: owner.password }))
      .cookie;
    const tag = Date.now().toString(36);
    const city = `Onyx Bay ${tag}`;
    const club = await apiAs(ownerCookie, 'POST', '/api/venues', {
      name: `Onyx ${tag}`,
      type: 'club',
      subtype: 'lounge',
      city,
      state: 'Florida',
      address: '9 Bay Rd',
      capacity: 60,
      pricePerHour: 250,
    });
    const section = await apiAs(ownerCookie, 'POST', `/api/venues/${club.json.id}/sections`, {
      name: 'Terrace',
      type: 'Table',
      capacity: 6,
      pricePerHour: 250,
    });
    await approveVenues([club.json.name]);
    await bookingsKnowsSections([section.json.id]);
    const host = await registerMember({ userType: 'host', firstName: 'Hugo', gender: 'male' });
    const guest = await registerMember({
      userType: 'guest',
      firstName: 'Gina',
      gender: 'female',
      city,
      state: 'Florida',
    });
    const hostCookie = (await apiAs(null, 'POST', '/api/auth/login', { email: host.email, password: host.password }))
      .cookie;
    const guestCookie = (await apiAs(null, 'POST', '/api/auth/login', { email: guest.email, password: guest.password }))
      .cookie;
    const date = new Date(Date.now() + 9 * 86_400_000).toISOString().slice(0, 10);
    const booking = await apiAs(hostCookie, 'POST', '/api/bookings', {
      venueId: club.json.id,
      sectionId: section.json.id,
      bookingDate: date,
      startTime: '21:00',
      duration: 2,
    });
    expect(booking.status).toBe(201);
    await waitFor(
      'social knows the event',
      async () =>
        (
          (await apiAs(guestCookie, 'GET', `/api/available-events?city=${encodeURIComponent(city)}&state=Florida`))
            .json ?? []
        ).length === 1,
    );

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
      await journey(browser, 'guest-discovers', async () => {
        await signIn(guestPage, guest.email, guest.password);
        await step(guestPage, 'dashboard after sign-in', guestPage.getByTestId('dashboard-greeting'));
        await guestPage.goto('/dashboard?tab=events');
        await step(guestPage, 'events tab', guestPage.getByRole('button', { name: 'Discover Events' }));
        await guestPage.getByRole('button', { name: 'Discover Events' }).click();
        await guestPage.getByRole('heading', { name: club.json.name }).waitFor();
        await noViolations(guestPage, 'discover deck');
        await guestPage.getByRole('button', { name: `Like: ${club.json.name}` }).click();
        const ask = guestPage.getByRole('dialog', { name: 'Request to Join' });
        await step(guestPage, 'request to join (empty)', ask);
        await ask.getByLabel(/^Message to Hugo/).fill('Can I come?');
        await noViolations(guestPage, 'request to join');
        await ask.getByRole('button', { name: 'Send Request' }).click();
        await step(guestPage, 'request sent', guestPage.getByTestId('toast').filter({ hasText: 'Request Sent!' }));
      });
      await journey(browser, 'host-approves', async () => {
        await signIn(hostPage, host.email, host.password);
        await step(hostPage, 'dashboard after sign-in', hostPage.getByTestId('dashboard-greeting'));
        await hostPage.goto('/dashboard?tab=book');
        await step(
          hostPage,
          'my bookings with a request',
          hostPage.getByRole('button', { name: 'View Guest Requests' }).first(),
        );
        await hostPage.getByRole('button', { name: 'View Guest Requests' }).first().click();
        const dialog = hostPage.getByRole('dialog');
        await dialog.getByText('Can I come?').waitFor();
        await noViolations(hostPage, 'guest requests');
        await dialog
          .getByRole('button', { name: /^Approve/ })
          .first()
          .click();
        await step(
          hostPage,
          'request approved',
          hostPage.getByTestId('toast').filter({ hasText: 'Request Approved!' }),
        );
        await hostPage.keyboard.press('Escape');
      });
      // The gateway's push group joins the broker once per start: until it has, a message may go
      // unpushed (the page refetches on reconnect). Wait until a push arrives, as the host.
      const hostId = (await apiAs(hostCookie, 'GET', '/api/auth/me')).json.id;
      let conversation: { id: string } | undefined;
      await waitFor(
        'the conversation opens',
        async () => !!(conversation = (await apiAs(hostCookie, 'GET', `/api/conversations/${hostId}`)).json[0]),
      );
      const probe = new WebSocket(`${process.env.E2E_BASE_URL!.replace(/^http/, 'ws')}/api/realtime`, {
        headers: { cookie: hostCookie!, origin: process.env.E2E_BASE_URL! },
      });
      let pushed = 0;
      probe.on('message', () => (pushed += 1));
      await new Promise((r) => probe.once('open', r));
      await waitFor('the push path is live', async () => {
        await apiAs(guestCookie, 'POST', `/api/conversations/${conversation!.id}/messages`, { content: 'Hi!' });
        await new Promise((r) => setTimeout(r, 300));
        return pushed > 0;
      });
      probe.close();
      // A thread of more than one page (PAGE_LIMITS.default): the 'Hi!' above on the older page.
      for (let i = 1; i <= PAGE_LIMITS.default; i += 1)
        await apiAs(guestCookie, 'POST', `/api/conversations/${conversation!.id}/messages`, { content: `Seed ${i}` });
      await journey(browser, 'chat', async () => {
        await guestPage.goto('/dashboard?tab=messages');
        await hostPage.goto('/dashboard?tab=messages');
        await step(
          guestPage,
          'conversations (guest)',
          guestPage.getByRole('list', { name: 'Conversations' }).getByRole('button', { name: /Hugo/ }),
        );
        await step(
          hostPage,
          'conversations (host)',
          hostPage.getByRole('list', { name: 'Conversations' }).getByRole('button', { name: /Gina/ }),
        );
        await guestPage.getByRole('list', { name: 'Conversations' }).getByRole('button', { name: /Hugo/ }).click();
        await hostPage.getByRole('list', { name: 'Conversations' }).getByRole('button', { name: /Gina/ }).click();
        // The host's thread opens at its newest page, at its end; the older page comes when he
        // scrolls to its top, the messages in view staying where they were.
        const hostThread = hostPage.getByLabel(/^Messages with Gina/);
        await step(hostPage, 'thread (newest page)', hostThread.getByText(`Seed ${PAGE_LIMITS.default}`));
        expect(await hostThread.getByText('Hi!').count()).toBe(0);
        const seed1 = hostThread.getByText('Seed 1', { exact: true });
        // Scrolled and measured at once, before the page it asks for can come.
        const before = await hostThread.evaluate((el) => {
          el.scrollTop = 0;
          const first = Array.from(el.querySelectorAll('[data-testid="message-content"]')).find(
            (m) => m.textContent === 'Seed 1',
          );
          return first!.getBoundingClientRect().top;
        });
        await step(hostPage, 'thread with its older page (host)', hostThread.getByText('Hi!').first());
        expect(Math.abs((await seed1.boundingBox())!.y - before)).toBeLessThan(1);
        // The guest reaches 'Load earlier messages' by keyboard; the oldest page takes the button
        // with it, and the focus goes on in the thread, not to the page's body.
        const guestThread = guestPage.getByLabel(/^Messages with Hugo/);
        await guestThread.getByText(`Seed ${PAGE_LIMITS.default}`).waitFor();
        let onButton = false;
        for (let i = 0; i < 10; i++) {
          await guestPage.keyboard.press('Tab');
          const at = await guestPage.evaluate(() => ({
            button: document.activeElement?.textContent === 'Load earlier messages',
            older: Array.from(document.querySelectorAll('[data-testid="message-content"]')).some(
              (m) => m.textContent === 'Hi!',
            ),
          }));
          onButton = at.button;
          if (at.button || at.older) break;
        }
        await guestThread.getByText('Hi!').first().waitFor();
        // The keyboard took the button: the focus goes on in the thread. The older page can also
        // come by itself before the keyboard reaches the button (the thread's top in view as it
        // opens): then no button leaves with the focus.
        if (onButton)
          await waitFor(
            'the focus goes on in the thread',
            () => guestThread.evaluate((el) => el === document.activeElement),
            10_000,
          );
        // Either way the focus is never dropped to the page's body.
        expect(
          await guestPage.evaluate(() => !!document.activeElement && document.activeElement !== document.body),
        ).toBe(true);
        await noViolations(hostPage, 'thread with its older page (host)');
        await noViolations(guestPage, 'messages (guest)');
        // The guest writes; the host's open thread shows it without a reload, and back.
        await guestPage.getByRole('textbox', { name: /^Message Hugo/ }).fill('See you at nine!');
        await guestPage.getByRole('button', { name: 'Send' }).click();
        await hostPage
          .getByLabel(/^Messages with Gina/)
          .getByText('See you at nine!')
          .waitFor();
        await hostPage.getByRole('textbox', { name: /^Message Gina/ }).fill('Table is ready.');
        await hostPage.keyboard.press('Enter');
        await guestPage
          .getByLabel(/^Messages with Hugo/)
          .getByText('Table is ready.')
          .waitFor();
        await noViolations(hostPage, 'messages (host)');
        await noViolations(guestPage, 'messages with an answer (guest)');
      });
    } finally {
      await hostContext.close();
      await guestContext.close();
    }
  });
});

describe('invites (two browsers, 390 px, axe-core WCAG 2.2 AA)', () => {
  it('a host invites a guest of his state from the Send Invites deck; the guest accepts in Received; their conversation opens', async () => {
    const tag = Date.now().toString(36);
    const state = `Invitia ${tag}`;
    const host = await registerMember({ userType: 'host', firstName: 'Hector', gender: 'male', state });
    const guest = await registerMember({ userType: 'guest', firstName: 'Greta', gender: 'female', state });
    const hostCookie = (await apiAs(null, 'POST', '/api/auth/login', { email: host.email, password: host.password }))
      .cookie;
    await waitFor(
      'social knows the guest',
      async () =>
        ((await apiAs(hostCookie, 'GET', `/api/users/potential-matches?state=${encodeURIComponent(state)}`)).json ?? [])
          .length === 1,
    );
    // More received invites than one page (PAGE_LIMITS.default), the oldest still waiting for an
    // answer: Sam's, then Sid's, each declined by the guest before the next (one pending invite a
    // pair). Hector's invite below is the newest: the Received deck opens with it.
    const seedGuestCookie = (
      await apiAs(null, 'POST', '/api/auth/login', { email: guest.email, password: guest.password })
    ).cookie;
    const hostCookieOf = async (firstName: string) => {
      const m = await registerMember({ userType: 'host', firstName, gender: 'male', state: `Elsewhere ${tag}` });
      return (await apiAs(null, 'POST', '/api/auth/login', { email: m.email, password: m.password })).cookie;
    };
    const invite = { guestId: guest.id, eventTitle: 'Seeded', eventDate: todayInNewYork() };
    expect((await apiAs(await hostCookieOf('Sam'), 'POST', '/api/invites', invite)).status).toBe(201);
    const sid = await hostCookieOf('Sid');
    for (let i = 0; i < PAGE_LIMITS.default; i += 1) {
      const sent = await apiAs(sid, 'POST', '/api/invites', invite);
      const declined = await apiAs(seedGuestCookie, 'POST', `/api/invites/${sent.json.id}/respond`, {
        response: 'decline',
      });
      expect([sent.status, declined.status]).toEqual([201, 200]);
    }

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
      await journey(browser, 'host-invites', async () => {
        await signIn(hostPage, host.email, host.password);
        await step(hostPage, 'dashboard after sign-in', hostPage.getByTestId('dashboard-greeting'));
        await hostPage.goto('/dashboard?tab=invites&section=discover');
        await hostPage.getByRole('heading', { name: /Greta/ }).waitFor();
        await noViolations(hostPage, 'send invites');
        // By keyboard: the like button is reached and pressed without a pointer.
        const like = hostPage.getByRole('button', { name: /^Like and invite Greta/ });
        await like.focus();
        await hostPage.keyboard.press('Enter');
        await step(hostPage, 'send invites, everyone seen', hostPage.getByText("That's Everyone!"));
      });
      await journey(browser, 'guest-accepts', async () => {
        await signIn(guestPage, guest.email, guest.password);
        await step(guestPage, 'dashboard after sign-in', guestPage.getByTestId('dashboard-greeting'));
        await guestPage.goto('/dashboard?tab=invites');
        await guestPage.getByRole('heading', { name: /Hector/ }).waitFor();
        // The invite's own day (a like invites for tonight: today in New York), not a fixed 'Tonight 10:00 PM'.
        const when = guestPage.getByTestId('invite-time').first();
        await when.waitFor();
        expect(await when.textContent()).toBe(format(parseISO(todayInNewYork()), 'EEE, MMM d, yyyy'));
        await noViolations(guestPage, 'received invites');
        // The answer is awaited before leaving the page (a navigation would abort it), and the
        // conversation is opened by messaging from the event: the list is read once it exists.
        await Promise.all([
          guestPage.waitForResponse(
            (r) => /\/api\/invites\/[^/]+\/respond$/.test(new URL(r.url()).pathname) && r.status() === 200,
          ),
          guestPage.getByRole('button', { name: /^Accept invite from Hector/ }).click(),
        ]);
        // The first page's last card answered, the deck's end brings the next page by itself:
        // Sam's invite, the oldest, past Sid's declined ones.
        await step(
          guestPage,
          'received invites, the next page',
          guestPage.getByRole('button', { name: /^Accept invite from Sam/ }),
        );
        expect(await guestPage.getByTestId('deck-counter').textContent()).toBe('2 of 2');
        const guestCookie = (
          await apiAs(null, 'POST', '/api/auth/login', { email: guest.email, password: guest.password })
        ).cookie;
        await waitFor(
          'the conversation opens',
          async () => ((await apiAs(guestCookie, 'GET', `/api/conversations/${guest.id}`)).json ?? []).length === 1,
        );
        await guestPage.goto('/dashboard?tab=messages');
        await step(
          guestPage,
          'conversations after the accepted invite',
          guestPage.getByRole('list', { name: 'Conversations' }).getByRole('button', { name: /Hector/ }),
        );
      });
      const sent = (await apiAs(hostCookie, 'GET', '/api/invites/sent')).json;
      expect(sent.map((i: { status: string; guest: { firstName: string } }) => [i.guest.firstName, i.status])).toEqual([
        ['Greta', 'accepted'],
      ]);
    } finally {
      await hostContext.close();
      await guestContext.close();
    }
  });
});
