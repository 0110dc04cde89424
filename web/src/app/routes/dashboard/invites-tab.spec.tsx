import { fireEvent, waitFor } from '@testing-library/react';
import { delay, http, HttpResponse, type JsonBodyType } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAGE_LIMITS, todayInNewYork, type Booking, type Invite, type MemberCardView } from '@luxe/contracts';
import { makeBooking } from '../../../testing/bookings';
import { makeUser, signIn } from '../../../testing/fixtures';
import { makeInvite, makeMember } from '../../../testing/invites';
import { findToast, renderApp, screen, within } from '../../../testing/render-app';
import { axeViolations } from '../../../testing/axe';
import { pageAnswer, stubIntersectionObserver } from '../../../testing/pages';
import { server } from '../../../testing/server';
import { createFastRetryQueryClient } from '../../../testing/venues';

const host = makeUser({ userType: 'host', firstName: 'Ava', state: 'Florida', profileImages: ['/img/ava.jpg'] });
const guest = makeUser({
  id: '9a1c2a7e-2b9d-4a53-9f44-0d6c8a1f2b3d',
  userType: 'guest',
  firstName: 'Gia',
  state: 'New York',
  profileImages: ['/img/gia.jpg'],
});

interface Calls {
  responses: { id: string; body: unknown }[];
  swipes: unknown[];
  invites: unknown[];
  matchQueries: string[];
}

/** The social API: received invites and potential matches answer as given; the writes are recorded. */
function mockSocial({
  received = () => [],
  matches = () => [],
  swipe = () => HttpResponse.json({ action: 'like', match: false }),
  respond,
  hosted = [],
}: {
  received?: () => Invite[] | Response | Promise<Invite[] | Response>;
  matches?: () => MemberCardView[] | Response | Promise<MemberCardView[] | Response>;
  swipe?: (body: { userId: string; action: string }) => Response;
  respond?: () => Response;
  hosted?: Booking[];
} = {}): Calls {
  const calls: Calls = { responses: [], swipes: [], invites: [], matchQueries: [] };
  const json = async (answer: () => unknown[] | Response | Promise<unknown[] | Response>) => {
    const a = await answer();
    return a instanceof Response ? a : HttpResponse.json(a as JsonBodyType);
  };
  server.use(
    http.get('/api/invites/received', () => json(received)),
    http.get('/api/users/potential-matches', ({ request }) => {
      calls.matchQueries.push(new URL(request.url).search);
      return json(matches);
    }),
    http.get('/api/bookings/host', () => HttpResponse.json(hosted)),
    http.post('/api/invites/:id/respond', async ({ params, request }) => {
      const body = await request.json();
      calls.responses.push({ id: String(params.id), body });
      return respond ? respond() : HttpResponse.json({ ...makeInvite({ id: String(params.id) }), status: 'accepted' });
    }),
    http.post('/api/swipe', async ({ request }) => {
      const body = (await request.json()) as { userId: string; action: string };
      calls.swipes.push(body);
      return swipe(body);
    }),
    http.post('/api/invites', async ({ request }) => {
      calls.invites.push(await request.json());
      return HttpResponse.json(makeInvite(), { status: 201 });
    }),
  );
  return calls;
}

const card = () => screen.getByTestId('swipe-card');
const counter = () => screen.getByTestId('deck-counter');
const cardName = () => within(card()).getByRole('heading', { level: 2 }).textContent;

/** Drags the card `dx` px horizontally with a pointer and lets go. */
function drag(dx: number) {
  const target = within(card()).getByTestId('member-place');
  fireEvent.pointerDown(target, { clientX: 200, clientY: 300, pointerId: 1, button: 0, pointerType: 'touch' });
  fireEvent.pointerMove(target, { clientX: 200 + dx / 2, clientY: 300, pointerId: 1, pointerType: 'touch' });
  fireEvent.pointerMove(target, { clientX: 200 + dx, clientY: 300, pointerId: 1, pointerType: 'touch' });
  const during = card().style.transform;
  fireEvent.pointerUp(target, { clientX: 200 + dx, clientY: 300, pointerId: 1, pointerType: 'touch' });
  return during;
}

const marco = {
  firstName: 'Marco',
  age: 31,
  city: 'Miami, FL',
  bio: 'Yacht captain by day, DJ by night.',
  profileImages: ['/img/marco-1.jpg', '/img/marco-2.jpg'],
};

describe('Invites tab: Received', () => {
  it('shows the pending invites one at a time: the host card, the event, its own date and time, n of total; age 25 when missing; a placeholder without photo', async () => {
    await signIn(guest);
    mockSocial({
      received: async () => {
        await delay(30);
        return [
          makeInvite({
            host: marco,
            eventTitle: 'Azure Dream · Full Yacht',
            eventDate: '2099-08-01',
            eventTime: '22:00',
            bookingId: '20000000-0000-4000-8000-000000000001',
          }),
          makeInvite({ status: 'accepted', host: { firstName: 'Answered' } }),
          makeInvite({
            host: { firstName: 'Lena', age: null, profileImages: [], bio: null },
            eventTitle: 'Tonight with Lena',
          }),
          makeInvite({ status: 'declined', host: { firstName: 'Gone' } }),
        ];
      },
    });
    const { user } = renderApp('/dashboard?tab=invites');
    expect((await screen.findByText('Loading invites...')).closest('[role="status"]')).toHaveAttribute(
      'data-testid',
      'list-skeleton',
    );
    expect(screen.getByRole('button', { name: 'Received' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Send Invites' })).toHaveAttribute('aria-pressed', 'false');

    await screen.findByTestId('swipe-card');
    expect(cardName()).toBe('Marco, 31');
    expect(counter()).toHaveTextContent(/^1 of 2$/);
    const first = within(card());
    expect(first.getByTestId('member-place')).toHaveTextContent(/^Miami, FL$/);
    expect(first.getByTestId('member-bio')).toHaveTextContent('Yacht captain by day, DJ by night.');
    expect(first.getByTestId('invite-event')).toHaveTextContent(/^Azure Dream · Full Yacht$/);
    expect(first.getByTestId('invite-time')).toHaveTextContent(/^Sat, Aug 1, 2099 · 10:00 PM EST$/);
    expect(first.getByRole('img', { name: 'Marco, photo 1 of 2' })).toHaveAttribute('src', '/img/marco-1.jpg');
    await user.click(first.getByRole('button', { name: 'Next photo of Marco' }));
    expect(first.getByRole('img', { name: 'Marco, photo 2 of 2' })).toHaveAttribute('src', '/img/marco-2.jpg');
    expect(first.getByTestId('photo-counter')).toHaveTextContent('2 / 2');

    await user.click(screen.getByRole('button', { name: 'Decline invite from Marco' }));
    expect(cardName()).toBe('Lena, 25');
    expect(counter()).toHaveTextContent(/^2 of 2$/);
    expect(within(card()).getByRole('img', { name: 'Lena has no photo yet' })).toBeInTheDocument();
    expect(within(card()).queryByTestId('member-bio')).not.toBeInTheDocument();
    // An invite naming only a day ('Tonight with Lena') shows that day.
    expect(within(card()).getByTestId('invite-time')).toHaveTextContent(/^Sat, Jun 6, 2099$/);
    expect(screen.queryByText('Answered', { exact: false })).not.toBeInTheDocument();
  });

  it('Accept and Decline answer the invite by button (keyboard too), then "That\'s Everyone!"', async () => {
    await signIn(guest);
    const a = makeInvite({ host: { firstName: 'Marco' } });
    const b = makeInvite({ host: { firstName: 'Lena' } });
    const calls = mockSocial({ received: () => [a, b] });
    const { user } = renderApp('/dashboard?tab=invites');
    await screen.findByTestId('swipe-card');

    await user.click(screen.getByRole('button', { name: 'Accept invite from Marco' }));
    await waitFor(() => expect(calls.responses).toEqual([{ id: a.id, body: { response: 'accept' } }]));
    expect(cardName()).toBe('Lena, 27');

    const decline = screen.getByRole('button', { name: 'Decline invite from Lena' });
    decline.focus();
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(calls.responses).toEqual([
        { id: a.id, body: { response: 'accept' } },
        { id: b.id, body: { response: 'decline' } },
      ]),
    );
    expect(screen.getByRole('heading', { level: 2, name: "That's Everyone!" })).toBeInTheDocument();
    expect(screen.queryByTestId('swipe-card')).not.toBeInTheDocument();
    // The answer buttons went away with the last card: the focus moved on to Start Over.
    expect(screen.getByRole('button', { name: 'Start Over' })).toHaveFocus();
  });

  it('dragging the card more than 100 px right accepts, more than 100 px left declines', async () => {
    await signIn(guest);
    const a = makeInvite({ host: { firstName: 'Marco' } });
    const b = makeInvite({ host: { firstName: 'Lena' } });
    const c = makeInvite({ host: { firstName: 'Zoe' } });
    const calls = mockSocial({ received: () => [a, b, c] });
    renderApp('/dashboard?tab=invites');
    await screen.findByTestId('swipe-card');

    const during = drag(150);
    expect(during).toMatch(/translateX\(150px\)/);
    await waitFor(() => expect(calls.responses).toEqual([{ id: a.id, body: { response: 'accept' } }]));
    expect(cardName()).toBe('Lena, 27');

    drag(-101);
    await waitFor(() => expect(calls.responses).toHaveLength(2));
    expect(calls.responses[1]).toEqual({ id: b.id, body: { response: 'decline' } });
    expect(cardName()).toBe('Zoe, 27');
    expect(counter()).toHaveTextContent(/^3 of 3$/);
  });

  it('a drag of 100 px or less snaps back and answers nothing', async () => {
    await signIn(guest);
    const calls = mockSocial({ received: () => [makeInvite({ host: { firstName: 'Marco' } }), makeInvite()] });
    renderApp('/dashboard?tab=invites');
    await screen.findByTestId('swipe-card');

    expect(drag(80)).toMatch(/translateX\(80px\)/);
    expect(card().style.transform).toBe('');
    drag(-100);
    drag(100);
    await delay(50);
    expect(calls.responses).toEqual([]);
    expect(cardName()).toBe('Marco, 27');
    expect(counter()).toHaveTextContent(/^1 of 2$/);
  });

  it('Reset restarts the deck with the invites still waiting for an answer', async () => {
    await signIn(guest);
    const invites = [
      makeInvite({ host: { firstName: 'Marco' } }),
      makeInvite({ host: { firstName: 'Lena' } }),
      makeInvite({ host: { firstName: 'Zoe' } }),
    ];
    const calls = mockSocial({ received: () => invites.filter((i) => !calls.responses.some((r) => r.id === i.id)) });
    const { user } = renderApp('/dashboard?tab=invites');
    await screen.findByTestId('swipe-card');
    await user.click(screen.getByRole('button', { name: 'Accept invite from Marco' }));
    expect(counter()).toHaveTextContent(/^2 of 3$/);
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(cardName()).toBe('Lena, 27');
    expect(counter()).toHaveTextContent(/^1 of 2$/);
  });

  it("a refused answer says why (the server's message), and the deck moves on (issue 31.2.15)", async () => {
    await signIn(guest);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const calls = mockSocial({
      received: () => [makeInvite({ host: { firstName: 'Marco' } }), makeInvite({ host: { firstName: 'Lena' } })],
      respond: () => HttpResponse.json({ message: 'This event is full' }, { status: 409 }),
    });
    const { user } = renderApp('/dashboard?tab=invites');
    await screen.findByTestId('swipe-card');
    await user.click(screen.getByRole('button', { name: 'Accept invite from Marco' }));
    expect(cardName()).toBe('Lena, 27');
    const toast = await findToast();
    expect(toast).toHaveTextContent('Invite not accepted');
    expect(toast).toHaveTextContent('This event is full');
    await waitFor(() => expect(errors).toHaveBeenCalledWith('Failed to accept the invite', expect.any(Error)));
    expect(calls.responses).toHaveLength(1);
  });

  it('accepting and declining each say so in a toast (issue 31.2.15)', async () => {
    await signIn(guest);
    mockSocial({
      received: () => [
        makeInvite({ host: { firstName: 'Marco' }, eventTitle: 'Rooftop birthday' }),
        makeInvite({ host: { firstName: 'Lena' }, eventTitle: 'Velvet night' }),
      ],
    });
    const { user } = renderApp('/dashboard?tab=invites');
    await screen.findByTestId('swipe-card');
    await user.click(screen.getByRole('button', { name: 'Accept invite from Marco' }));
    let toast = await findToast();
    expect(toast).toHaveTextContent('Invite accepted');
    expect(toast).toHaveTextContent("You're going to Rooftop birthday. Your conversation with Marco is in Messages.");
    await user.click(screen.getByRole('button', { name: 'Decline invite from Lena' }));
    await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent('Invite declined'));
    toast = screen.getByTestId('toast');
    expect(toast).toHaveTextContent("Lena's invite to Velvet night was declined.");
  });

  it('View Profile shows the About text and the Friends Joining count with their tiles; Close gives the focus back', async () => {
    await signIn(guest);
    mockSocial({
      received: () => [
        makeInvite({
          host: marco,
          friendCount: 5,
          friends: [
            { id: 'aaaaaaaa-0000-4000-8000-000000000001', firstName: 'Nina', image: '/img/nina.jpg' },
            { id: 'aaaaaaaa-0000-4000-8000-000000000002', firstName: 'Omar', image: null },
            { id: 'aaaaaaaa-0000-4000-8000-000000000003', firstName: 'Pia', image: null },
          ],
        }),
      ],
    });
    const { user } = renderApp('/dashboard?tab=invites');
    await screen.findByTestId('swipe-card');
    const open = screen.getByRole('button', { name: 'View Profile: Marco' });
    await user.click(open);
    const dialog = screen.getByRole('dialog', { name: "Marco's Profile" });
    expect(within(dialog).getByRole('heading', { name: 'About' })).toBeInTheDocument();
    expect(within(dialog).getByTestId('profile-about')).toHaveTextContent(/^Yacht captain by day, DJ by night\.$/);
    expect(within(dialog).getByRole('heading', { name: 'Friends Joining' })).toBeInTheDocument();
    expect(within(dialog).getByTestId('friends-count')).toHaveTextContent(/^5$/);
    const tiles = within(dialog).getAllByRole('listitem');
    expect(tiles).toHaveLength(4);
    expect(tiles[0]).toHaveTextContent(/^5friends$/);
    expect(tiles.slice(1).map((t) => t.lastChild?.textContent)).toEqual(['Nina', 'Omar', 'Pia']);
    const close = within(dialog).getByRole('button', { name: 'Close' });
    expect(close).toHaveFocus();
    await user.click(close);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(open).toHaveFocus();
  });

  it("no invites: a host gets 'Start Inviting Guests', which opens Send Invites", async () => {
    await signIn(host);
    mockSocial({
      received: () => [makeInvite({ status: 'accepted' })],
      matches: () => [makeMember({ firstName: 'Mia' })],
    });
    const { user, location } = renderApp('/dashboard?tab=invites');
    expect(await screen.findByRole('heading', { level: 2, name: 'No Invites Yet' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Discover Events' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Start Inviting Guests' }));
    expect(screen.getByRole('button', { name: 'Send Invites' })).toHaveAttribute('aria-pressed', 'true');
    expect(location()).toBe('/dashboard?tab=invites&section=discover');
    await screen.findByTestId('swipe-card');
    expect(cardName()).toBe('Mia, 27');
  });

  it("no invites: a guest gets 'Discover Events', which opens the Events tab", async () => {
    await signIn(guest);
    mockSocial();
    const { user, location } = renderApp('/dashboard?tab=invites');
    expect(await screen.findByRole('heading', { level: 2, name: 'No Invites Yet' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start Inviting Guests' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Discover Events' }));
    expect(location()).toBe('/dashboard?tab=events');
    expect(screen.getByRole('heading', { level: 1, name: 'Events' })).toBeInTheDocument();
  });

  it('says when the invites cannot be loaded, and Try Again reads them again', async () => {
    await signIn(guest);
    let fail = true;
    mockSocial({
      received: () =>
        fail ? HttpResponse.json({ message: 'down' }, { status: 500 }) : [makeInvite({ host: { firstName: 'Marco' } })],
    });
    const { user } = renderApp('/dashboard?tab=invites');
    expect(await screen.findByRole('alert')).toHaveTextContent('Error loading invites. Please try again.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    await screen.findByTestId('swipe-card');
    expect(cardName()).toBe('Marco, 27');
  });
});

/**
 * GET /api/invites/received answered two a page (newest first, as the server pages, the next
 * page's cursor in X-Next-Cursor); `fail(cursor)` makes that page a 503. Records each page asked
 * for: its limit and cursor ('' for the first).
 */
/** The pages asked for, each once, in the order first asked (an answer reads the pages read again). */
const pagesAsked = (asked: { cursor: string }[]) => [...new Set(asked.map((a) => a.cursor))];

function mockReceivedPages(invites: readonly Invite[], fail: (cursor: string) => boolean = () => false) {
  const asked: { limit: string; cursor: string }[] = [];
  server.use(
    http.get('/api/invites/received', ({ request }) => {
      const query = new URL(request.url).searchParams;
      const cursor = query.get('cursor') ?? '';
      asked.push({ limit: query.get('limit') ?? '', cursor });
      if (fail(cursor)) return HttpResponse.json({ message: 'down' }, { status: 503 });
      return pageAnswer(request, invites, { size: 2 });
    }),
  );
  return asked;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Invites tab: Received, page by page', () => {
  const hosts = ['Ana', 'Bea', 'Cleo', 'Dina', 'Eve'];

  it('shows the first page; after its last card "Load more invites" brings the next one and the deck goes on, until the last page', async () => {
    await signIn(guest);
    const calls = mockSocial();
    const asked = mockReceivedPages(hosts.map((firstName) => makeInvite({ host: { firstName } })));
    const { user } = renderApp('/dashboard?tab=invites');
    await screen.findByTestId('swipe-card');
    expect(cardName()).toBe('Ana, 27');
    // More to come: the total so far, and a '+'.
    expect(counter()).toHaveTextContent(/^1 of 2\+$/);
    expect(asked).toEqual([{ limit: String(PAGE_LIMITS.default), cursor: '' }]);

    await user.click(screen.getByRole('button', { name: 'Decline invite from Ana' }));
    // By keyboard: the last card of the page answered, the focus goes on to the next page's button.
    screen.getByRole('button', { name: 'Decline invite from Bea' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Load more invites' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(cardName()).toBe('Cleo, 27'));
    expect(counter()).toHaveTextContent(/^3 of 4\+$/);
    // The page's first card takes the focus: its first answer.
    expect(screen.getByRole('button', { name: 'Accept invite from Cleo' })).toHaveFocus();
    expect(pagesAsked(asked)).toEqual(['', 'after-2']);

    await user.click(screen.getByRole('button', { name: 'Decline invite from Cleo' }));
    await user.click(screen.getByRole('button', { name: 'Decline invite from Dina' }));
    await user.click(screen.getByRole('button', { name: 'Load more invites' }));
    await waitFor(() => expect(cardName()).toBe('Eve, 27'));
    // The last page: the total is known.
    expect(counter()).toHaveTextContent(/^5 of 5$/);
    await user.click(screen.getByRole('button', { name: 'Accept invite from Eve' }));
    expect(screen.getByRole('heading', { level: 2, name: "That's Everyone!" })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Load more/ })).not.toBeInTheDocument();
    await waitFor(() => expect(calls.responses).toHaveLength(5));
    expect(await axeViolations()).toEqual([]);
  });

  it('loads the next page by itself when the end of the deck comes into view, past a page with nothing to answer', async () => {
    const observer = stubIntersectionObserver();
    await signIn(guest);
    mockSocial();
    const asked = mockReceivedPages([
      makeInvite({ host: { firstName: 'Ana' } }),
      makeInvite({ status: 'accepted', host: { firstName: 'Old' } }),
      makeInvite({ status: 'declined', host: { firstName: 'Older' } }),
      makeInvite({ status: 'accepted', host: { firstName: 'Oldest' } }),
      makeInvite({ host: { firstName: 'Eve' } }),
    ]);
    const { user } = renderApp('/dashboard?tab=invites');
    await screen.findByTestId('swipe-card');
    await user.click(screen.getByRole('button', { name: 'Accept invite from Ana' }));
    observer.scrollIntoView();
    // The second page has no pending invite: its end is still in view, the third comes too.
    await waitFor(() => expect(pagesAsked(asked)).toEqual(['', 'after-2']));
    observer.scrollIntoView();
    await waitFor(() => expect(cardName()).toBe('Eve, 27'));
    expect(pagesAsked(asked)).toEqual(['', 'after-2', 'after-4']);
  });

  it('a first page with nothing to answer is not "No Invites Yet" while more pages are left', async () => {
    await signIn(guest);
    mockSocial();
    mockReceivedPages([
      makeInvite({ status: 'accepted', host: { firstName: 'Old' } }),
      makeInvite({ status: 'declined', host: { firstName: 'Older' } }),
      makeInvite({ host: { firstName: 'Eve' } }),
    ]);
    const { user } = renderApp('/dashboard?tab=invites');
    await user.click(await screen.findByRole('button', { name: 'Load more invites' }));
    await waitFor(() => expect(cardName()).toBe('Eve, 27'));
    expect(screen.queryByText('No Invites Yet')).not.toBeInTheDocument();
  });

  it('keeps the deck when a next page fails, says so, and loads it when pressed again (not by itself)', async () => {
    const observer = stubIntersectionObserver();
    await signIn(guest);
    mockSocial();
    let down = true;
    const asked = mockReceivedPages(
      hosts.map((firstName) => makeInvite({ host: { firstName } })),
      (cursor) => cursor !== '' && down,
    );
    const { user } = renderApp('/dashboard?tab=invites', { queryClient: createFastRetryQueryClient() });
    await screen.findByTestId('swipe-card');
    await user.click(screen.getByRole('button', { name: 'Decline invite from Ana' }));
    await user.click(screen.getByRole('button', { name: 'Decline invite from Bea' }));
    observer.scrollIntoView();
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load more invites. Please try again.');
    const count = asked.length;
    observer.scrollIntoView();
    await new Promise((r) => setTimeout(r, 200));
    expect(asked).toHaveLength(count);
    down = false;
    await user.click(screen.getByRole('button', { name: 'Load more invites' }));
    await waitFor(() => expect(cardName()).toBe('Cleo, 27'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('Invites tab: Send Invites', () => {
  const mia = makeMember({ firstName: 'Mia', age: 24, bio: 'Rooftops and yacht days.' });
  const noa = makeMember({ firstName: 'Noa', age: null });

  it("?section=discover opens it; the deck is the member's state's potential matches; View Profile shows About only", async () => {
    await signIn(host);
    const calls = mockSocial({ matches: () => [mia, noa] });
    const { user } = renderApp('/dashboard?tab=invites&section=discover');
    await screen.findByTestId('swipe-card');
    expect(screen.getByRole('button', { name: 'Send Invites' })).toHaveAttribute('aria-pressed', 'true');
    expect(calls.matchQueries).toEqual(['?state=Florida']);
    expect(cardName()).toBe('Mia, 24');
    expect(counter()).toHaveTextContent(/^1 of 2$/);

    await user.click(screen.getByRole('button', { name: 'View Profile: Mia' }));
    const dialog = screen.getByRole('dialog', { name: "Mia's Profile" });
    expect(within(dialog).getByTestId('profile-about')).toHaveTextContent('Rooftops and yacht days.');
    expect(within(dialog).queryByRole('heading', { name: 'Friends Joining' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Received' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'No Invites Yet' })).toBeInTheDocument();
  });

  it('shows the skeleton of the deck while the members load, named for assistive technology (issue 31)', async () => {
    await signIn(host);
    mockSocial({
      matches: async () => {
        await delay(30);
        return [mia];
      },
    });
    renderApp('/dashboard?tab=invites&section=discover');
    const skeleton = (await screen.findByText('Loading guests...')).closest('[role="status"]');
    expect(skeleton).toHaveAttribute('data-testid', 'list-skeleton');
    expect(skeleton).toHaveAttribute('aria-busy', 'true');
    await screen.findByTestId('swipe-card');
    expect(screen.queryByTestId('list-skeleton')).not.toBeInTheDocument();
  });

  it("a host's like swipes and invites to the event chosen in 'Invite to'; a pass only swipes", async () => {
    await signIn(host);
    const soon = makeBooking({
      venueName: 'Azure Dream',
      sectionType: 'Full Yacht',
      bookingDate: '2099-06-06',
      eventDescription: 'Birthday on the bay',
    });
    const later = makeBooking({
      venueName: 'Velvet Room',
      sectionType: 'VIP Booth',
      bookingDate: '2099-07-04',
      eventDescription: null,
    });
    const past = makeBooking({ venueName: 'Old Party', bookingDate: '2020-01-01' });
    const cancelled = makeBooking({ venueName: 'Called Off', bookingDate: '2099-06-10', status: 'cancelled' });
    const calls = mockSocial({ matches: () => [mia, noa], hosted: [later, past, soon, cancelled] });
    const { user } = renderApp('/dashboard?tab=invites&section=discover');
    await screen.findByTestId('swipe-card');

    const select = await screen.findByRole('combobox', { name: 'Invite to' });
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(3));
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Azure Dream · Full Yacht, Jun 06, 2099', 'Velvet Room · VIP Booth, Jul 04, 2099', 'No specific event']);
    expect(select).toHaveValue(soon.id);

    await user.click(screen.getByRole('button', { name: 'Like and invite Mia' }));
    await waitFor(() => expect(calls.invites).toHaveLength(1));
    // The like and its invite say so (issue 31.2.15).
    const sent = await findToast();
    expect(sent).toHaveTextContent('Invite sent');
    expect(sent).toHaveTextContent('Mia is invited to Azure Dream · Full Yacht, Jun 06, 2099.');
    expect(calls.swipes).toEqual([{ userId: mia.id, action: 'like' }]);
    expect(calls.invites[0]).toEqual({
      guestId: mia.id,
      eventTitle: 'Azure Dream · Full Yacht',
      eventDescription: 'Birthday on the bay',
      eventDate: '2099-06-06',
      bookingId: soon.id,
    });

    await user.selectOptions(select, later.id);
    await user.click(screen.getByRole('button', { name: 'Pass on Noa' }));
    await waitFor(() => expect(calls.swipes).toHaveLength(2));
    expect(calls.swipes[1]).toEqual({ userId: noa.id, action: 'pass' });
    await delay(50);
    expect(calls.invites).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 2, name: "That's Everyone!" })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Start Over' }));
    expect(cardName()).toBe('Mia, 24');
    expect(counter()).toHaveTextContent(/^1 of 2$/);
    drag(120);
    await waitFor(() => expect(calls.invites).toHaveLength(2));
    expect(calls.invites[1]).toEqual({
      guestId: mia.id,
      eventTitle: 'Velvet Room · VIP Booth',
      eventDate: '2099-07-04',
      bookingId: later.id,
    });
  });

  it("a host's like whose invite is refused says why, with the server's message (issue 31.2.15)", async () => {
    await signIn(host);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockSocial({ matches: () => [mia], hosted: [makeBooking({ bookingDate: '2099-06-06' })] });
    server.use(
      http.post('/api/invites', () =>
        HttpResponse.json({ message: 'You have already invited this guest to this event' }, { status: 409 }),
      ),
    );
    const { user } = renderApp('/dashboard?tab=invites&section=discover');
    await screen.findByTestId('swipe-card');
    await user.click(screen.getByRole('button', { name: 'Like and invite Mia' }));
    const toast = await findToast();
    expect(toast).toHaveTextContent('Invite not sent');
    expect(toast).toHaveTextContent('You have already invited this guest to this event');
  });

  it("'No specific event' invites for tonight with the host, today in New York", async () => {
    await signIn(host);
    const calls = mockSocial({ matches: () => [mia], hosted: [makeBooking({ bookingDate: '2099-06-06' })] });
    const { user } = renderApp('/dashboard?tab=invites&section=discover');
    await screen.findByTestId('swipe-card');
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Invite to' }), 'No specific event');
    drag(-150);
    await waitFor(() => expect(calls.swipes).toEqual([{ userId: mia.id, action: 'pass' }]));
    await user.click(screen.getByRole('button', { name: 'Start Over' }));
    await user.click(screen.getByRole('button', { name: 'Like and invite Mia' }));
    await waitFor(() => expect(calls.invites).toHaveLength(1));
    expect(calls.invites[0]).toEqual({ guestId: mia.id, eventTitle: 'Tonight with Ava', eventDate: todayInNewYork() });
  });

  it("a guest's like only swipes (no 'Invite to'); a mutual like toasts It's a Match!", async () => {
    await signIn(guest);
    const hostCard = makeMember({ firstName: 'Marco', userType: 'host' });
    const calls = mockSocial({
      matches: () => [hostCard, noa],
      swipe: (b) => HttpResponse.json({ action: b.action, match: b.userId === hostCard.id }),
    });
    const { user } = renderApp('/dashboard?tab=invites&section=discover');
    await screen.findByTestId('swipe-card');
    expect(calls.matchQueries).toEqual(['?state=New+York']);
    expect(screen.queryByRole('combobox', { name: 'Invite to' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Like Marco' }));
    const toast = await findToast();
    expect(toast).toHaveTextContent("It's a Match!");
    expect(toast).toHaveTextContent('You and Marco like each other.');
    expect(calls.swipes).toEqual([{ userId: hostCard.id, action: 'like' }]);
    await delay(50);
    expect(calls.invites).toEqual([]);
    expect(cardName()).toBe('Noa, 25');
    // The match's conversation is offered (issue 31.2.15): it opens the Messages tab.
    server.use(http.get('/api/conversations/:id', () => HttpResponse.json([])));
    expect(await axeViolations()).toEqual([]);
    await user.click(within(screen.getByTestId('match-offer')).getByRole('button', { name: 'Message Marco' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Messages' })).toBeInTheDocument();
  });

  it('no toast without a match; a failed swipe is only logged and the deck moves on', async () => {
    await signIn(guest);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const calls = mockSocial({
      matches: () => [mia, noa],
      swipe: (b) =>
        b.userId === mia.id
          ? HttpResponse.json({ action: 'like', match: false })
          : HttpResponse.json({ message: 'down' }, { status: 500 }),
    });
    const { user } = renderApp('/dashboard?tab=invites&section=discover');
    await screen.findByTestId('swipe-card');
    await user.click(screen.getByRole('button', { name: 'Like Mia' }));
    await user.click(screen.getByRole('button', { name: 'Like Noa' }));
    await waitFor(() => expect(errors).toHaveBeenCalledWith('Failed to like Noa', expect.any(Error)));
    expect(calls.swipes).toHaveLength(2);
    expect(screen.queryByTestId('toast')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: "That's Everyone!" })).toBeInTheDocument();
  });

  it('says when nobody is there yet, and when the members cannot be loaded', async () => {
    await signIn(host);
    let fail = true;
    mockSocial({ matches: () => (fail ? HttpResponse.json({ message: 'down' }, { status: 500 }) : []) });
    const { user } = renderApp('/dashboard?tab=invites&section=discover');
    expect(await screen.findByRole('alert')).toHaveTextContent('Error loading members. Please try again.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'No Guests Here Yet' })).toBeInTheDocument();
    expect(screen.getByText('No guests to invite in your area yet. Check back soon.')).toBeInTheDocument();
  });
});
