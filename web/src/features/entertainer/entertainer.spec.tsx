import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { ENTERTAINER_MESSAGES, type EntertainerRequest, type VipAssignment } from '@luxe/contracts';
import { STORAGE_KEYS } from '../../lib/storage';
import { accessibilityViolations } from '../../testing/axe';
import { ENTERTAINER_ID, makeAssignment, makeEntertainerRequest } from '../../testing/entertainers';
import { makeUser, signIn } from '../../testing/fixtures';
import { findToast, renderApp, screen, within } from '../../testing/render-app';
import { server } from '../../testing/server';
import { makeVenue } from '../../testing/venues';

const entertainer = makeUser({
  id: ENTERTAINER_ID,
  firstName: 'Jade',
  lastName: 'Rivers',
  userType: 'entertainer',
  profileImages: ['/img/jade.jpg'],
});
const host = makeUser({ firstName: 'Ava', userType: 'host', profileImages: ['/img/ava.jpg'] });

const velvet = makeVenue({ name: 'Velvet Lounge', subtype: 'strip_club', city: 'Miami, FL', state: 'Florida' });
const neon = makeVenue({ name: 'Neon Palms', subtype: 'strip_club', city: 'Las Vegas', state: 'Nevada' });
const nightclub = makeVenue({ name: 'Club Aurora', subtype: 'nightclub' });
const yacht = makeVenue({ name: 'Sea Breeze', type: 'yacht', subtype: null });
const pendingClub = makeVenue({ name: 'Not Yet Approved', subtype: 'strip_club', approvalStatus: 'pending' });

/** The entertainer is signed in; his requests and assignments are these lists (read each time). Returns the read counts. */
async function asEntertainer({
  requests = [],
  assignments = [],
}: { requests?: EntertainerRequest[]; assignments?: VipAssignment[] } = {}) {
  await signIn(entertainer);
  const reads = { requests: 0, assignments: 0 };
  server.use(
    http.get('/api/entertainer/venue-requests', () => {
      reads.requests += 1;
      return HttpResponse.json(requests);
    }),
    http.get('/api/entertainer/vip-assignments', () => {
      reads.assignments += 1;
      return HttpResponse.json(assignments);
    }),
    http.get('/api/venues', () => HttpResponse.json([velvet, nightclub, neon, yacht, pendingClub])),
  );
  return reads;
}

function navLabels() {
  const nav = screen.getByRole('navigation', { name: 'Dashboard' });
  return within(nav)
    .getAllByRole('button')
    .map((b) => b.textContent);
}

// Routes load on demand; load the dashboard once up front so the first test does not wait on the transform.
beforeAll(async () => {
  await import('../../app/routes/dashboard/dashboard');
}, 30_000);

describe('entertainer dashboard: tabs', () => {
  it('an entertainer gets Home, Messages, My Venues, VIP Rooms and Profile; ?tab= and the last tab work within them', async () => {
    await asEntertainer();
    const { user, location, unmount } = renderApp('/dashboard?tab=assignments');
    expect(await screen.findByRole('heading', { level: 1, name: 'VIP Rooms' })).toBeInTheDocument();
    expect(navLabels()).toEqual(['Home', 'Messages', 'My Venues', 'VIP Rooms', 'Profile']);

    await user.click(screen.getByRole('button', { name: 'My Venues' }));
    expect(screen.getByRole('heading', { level: 1, name: 'My Venues' })).toBeInTheDocument();
    expect(location()).toBe('/dashboard?tab=venues');
    expect(window.localStorage.getItem(STORAGE_KEYS.lastActiveTab)).toBe('venues');
    unmount();

    // A host's tab is not his: the default rules apply (the remembered My Venues).
    const again = renderApp('/dashboard?tab=events');
    expect(await screen.findByRole('heading', { level: 1, name: 'My Venues' })).toBeInTheDocument();
    again.unmount();

    // Without a profile picture he starts on Profile, like every member.
    await signIn({ ...entertainer, profileImages: [] });
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
  });

  it('a host keeps the six member tabs and never lands on an entertainer tab', async () => {
    await signIn(host);
    window.localStorage.setItem(STORAGE_KEYS.lastActiveTab, 'assignments');
    renderApp('/dashboard?tab=venues');
    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
    expect(navLabels()).toEqual(['Home', 'Messages', 'Events', 'Invites', 'Book', 'Profile']);
    expect(screen.queryByRole('button', { name: 'VIP Rooms' })).not.toBeInTheDocument();
  });

  it("the entertainer's home counts venues joined, pending requests and VIP proposals, and leads to both lists", async () => {
    await asEntertainer({
      requests: [
        makeEntertainerRequest({ status: 'approved' }),
        makeEntertainerRequest({ status: 'pending' }),
        makeEntertainerRequest({ status: 'pending' }),
        makeEntertainerRequest({ status: 'declined' }),
      ],
      assignments: [makeAssignment({ status: 'proposed' }), makeAssignment({ status: 'accepted' })],
    });
    const { user, location } = renderApp('/dashboard?tab=home');
    const venuesJoined = await screen.findByText('Venues Joined');
    expect(venuesJoined.nextElementSibling).toHaveTextContent('1');
    expect(screen.getByText('Pending Requests').nextElementSibling).toHaveTextContent('2');
    expect(screen.getByText('VIP Proposals').nextElementSibling).toHaveTextContent('1');

    await user.click(within(screen.getByTestId('home-overview')).getByRole('link', { name: 'VIP Rooms' }));
    expect(location()).toBe('/dashboard?tab=assignments');
    expect(screen.getByRole('heading', { level: 1, name: 'VIP Rooms' })).toBeInTheDocument();
  });
});

describe('entertainer dashboard: My Venues', () => {
  it('lists his requests with their status', async () => {
    await asEntertainer({
      requests: [
        makeEntertainerRequest({ venueName: 'Velvet Lounge', status: 'pending' }),
        makeEntertainerRequest({ venueName: 'Neon Palms', status: 'approved' }),
        makeEntertainerRequest({ venueName: 'Gold Coast', status: 'declined', createdAt: '2026-01-10T15:00:00.000Z' }),
      ],
    });
    renderApp('/dashboard?tab=venues');
    const list = await screen.findByRole('list', { name: 'Your venue requests' });
    const items = within(list).getAllByTestId('venue-request');
    expect(items.map((i) => within(i).getByRole('heading').textContent)).toEqual([
      'Velvet Lounge',
      'Neon Palms',
      'Gold Coast',
    ]);
    expect(items.map((i) => within(i).getByTestId('request-status').textContent)).toEqual([
      'Pending',
      'Approved',
      'Declined',
    ]);
    // 02:30 UTC on 1 March is still 28 February in New York.
    expect(items[0]).toHaveTextContent('Requested Feb 28, 2026');
  });

  it('shows a skeleton of the list while it loads', async () => {
    await asEntertainer();
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get('/api/entertainer/venue-requests', async () => {
        await answered;
        return HttpResponse.json([makeEntertainerRequest({ venueName: 'Velvet Lounge' })]);
      }),
    );
    renderApp('/dashboard?tab=venues');
    const skeleton = (await screen.findByText('Loading your venues...')).closest('[role="status"]');
    expect(skeleton).toHaveAttribute('data-testid', 'list-skeleton');
    expect(skeleton).toHaveAttribute('aria-busy', 'true');
    answer();
    expect(await screen.findByRole('list', { name: 'Your venue requests' })).toBeInTheDocument();
    expect(screen.queryByTestId('list-skeleton')).not.toBeInTheDocument();
  });

  it('says so when there are no requests', async () => {
    await asEntertainer();
    renderApp('/dashboard?tab=venues');
    expect(await screen.findByText('No Venue Requests Yet')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Your venue requests' })).not.toBeInTheDocument();
  });

  it('requests to join an approved strip club: lists only those, searches by city or name, posts {venueId}, toasts and reads the list again', async () => {
    const requests: EntertainerRequest[] = [];
    const reads = await asEntertainer({ requests });
    const sent: unknown[] = [];
    server.use(
      http.post('/api/entertainer/venue-requests', async ({ request }) => {
        const body = (await request.json()) as { venueId: string };
        sent.push(body);
        const created = makeEntertainerRequest({ venueId: body.venueId, venueName: 'Neon Palms' });
        requests.push(created);
        return HttpResponse.json(created, { status: 201 });
      }),
    );
    const { user } = renderApp('/dashboard?tab=venues');
    await screen.findByText('No Venue Requests Yet');
    const opener = screen.getByRole('button', { name: 'Request to Join a Venue' });
    await user.click(opener);

    const dialog = screen.getByRole('dialog', { name: 'Request to Join a Venue' });
    const search = within(dialog).getByLabelText('Search by city or name');
    expect(search).toHaveFocus();
    const clubs = await within(dialog).findByRole('list', { name: 'Strip clubs' });
    expect(
      within(clubs)
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['Velvet Lounge', 'Neon Palms']);

    await user.type(search, 'las veg');
    expect(
      within(dialog)
        .getAllByTestId('strip-club')
        .map((c) => within(c).getByRole('heading').textContent),
    ).toEqual(['Neon Palms']);
    await user.clear(search);
    await user.type(search, 'VELVET');
    expect(
      within(dialog)
        .getAllByTestId('strip-club')
        .map((c) => within(c).getByRole('heading').textContent),
    ).toEqual(['Velvet Lounge']);
    await user.clear(search);
    await user.type(search, 'Monaco');
    expect(within(dialog).getByText('No strip clubs match your search.')).toBeInTheDocument();
    await user.clear(search);

    await user.click(within(dialog).getByRole('button', { name: 'Request to join Neon Palms' }));
    const toast = await findToast();
    expect(toast).toHaveTextContent('Request Sent');
    expect(toast).toHaveAttribute('data-variant', 'default');
    expect(sent).toEqual([{ venueId: neon.id }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Your venue requests' });
    expect(within(list).getByTestId('request-status')).toHaveTextContent('Pending');
    expect(reads.requests).toBe(2);
    expect(opener).toHaveFocus();
  });

  it('a duplicate request shows the server message in a destructive toast and keeps the dialog open', async () => {
    await asEntertainer();
    server.use(
      http.post('/api/entertainer/venue-requests', () =>
        HttpResponse.json(
          { statusCode: 409, code: 'ENTERTAINER.DUPLICATE_REQUEST', message: ENTERTAINER_MESSAGES.duplicate },
          { status: 409 },
        ),
      ),
    );
    const { user } = renderApp('/dashboard?tab=venues');
    await user.click(await screen.findByRole('button', { name: 'Request to Join a Venue' }));
    await user.click(await screen.findByRole('button', { name: 'Request to join Velvet Lounge' }));
    const toast = await findToast();
    expect(toast).toHaveAttribute('data-variant', 'destructive');
    expect(toast).toHaveTextContent('Error');
    expect(toast).toHaveTextContent('You have already asked to join this venue');
    expect(screen.getByRole('dialog', { name: 'Request to Join a Venue' })).toBeInTheDocument();
  });

  it('a club he already asked shows that status instead of the Request button (a declined one can be asked again)', async () => {
    await asEntertainer({
      requests: [
        makeEntertainerRequest({ venueId: velvet.id, venueName: velvet.name, status: 'pending' }),
        makeEntertainerRequest({ venueId: neon.id, venueName: neon.name, status: 'declined' }),
      ],
    });
    const { user } = renderApp('/dashboard?tab=venues');
    await user.click(await screen.findByRole('button', { name: 'Request to Join a Venue' }));
    const clubs = await screen.findAllByTestId('strip-club');
    expect(within(clubs[0]!).getByTestId('request-status')).toHaveTextContent('Pending');
    expect(within(clubs[0]!).queryByRole('button')).not.toBeInTheDocument();
    expect(within(clubs[1]!).getByRole('button', { name: 'Request to join Neon Palms' })).toBeEnabled();
  });

  it('the list and the open dialog pass axe; Escape closes the dialog', async () => {
    await asEntertainer({ requests: [makeEntertainerRequest({ status: 'approved' })] });
    const { user } = renderApp('/dashboard?tab=venues');
    await screen.findByRole('list', { name: 'Your venue requests' });
    expect(await accessibilityViolations()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Request to Join a Venue' }));
    await screen.findByRole('list', { name: 'Strip clubs' });
    expect(await accessibilityViolations(screen.getByRole('dialog'))).toEqual([]);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('entertainer dashboard: VIP Rooms', () => {
  const proposed = makeAssignment({
    sectionName: 'Champagne Room',
    venueName: 'Velvet Lounge',
    dancerName: 'Jade',
    status: 'proposed',
  });
  const accepted = makeAssignment({
    sectionName: 'Diamond Suite',
    venueName: 'Neon Palms',
    dancerName: 'Jade R.',
    status: 'accepted',
    respondedAt: '2026-07-04T16:00:00.000Z',
  });
  const declined = makeAssignment({
    sectionName: 'Ruby Room',
    status: 'declined',
    respondedAt: '2026-03-02T12:00:00.000Z',
  });
  const revoked = makeAssignment({
    sectionName: 'Onyx Room',
    status: 'revoked',
    respondedAt: '2026-03-03T12:00:00.000Z',
  });

  it('shows venue, room, dancer, status and New York dates; Accept and Decline only while proposed', async () => {
    await asEntertainer({ assignments: [proposed, accepted, declined, revoked] });
    renderApp('/dashboard?tab=assignments');
    const list = await screen.findByRole('list', { name: 'Your VIP room assignments' });
    const cards = within(list).getAllByTestId('vip-assignment');
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual([
      'Champagne Room',
      'Diamond Suite',
      'Ruby Room',
      'Onyx Room',
    ]);
    expect(cards.map((c) => within(c).getByTestId('assignment-status').textContent)).toEqual([
      'Proposed',
      'Accepted',
      'Declined',
      'Revoked',
    ]);
    expect(cards[0]).toHaveTextContent('Velvet Lounge');
    expect(within(cards[0]!).getByTestId('assignment-dancer')).toHaveTextContent('Jade');
    expect(within(cards[0]!).getByTestId('assignment-created')).toHaveTextContent('Feb 28, 2026 9:30 PM EST');
    expect(within(cards[0]!).queryByTestId('assignment-responded')).not.toBeInTheDocument();
    expect(within(cards[1]!).getByTestId('assignment-responded')).toHaveTextContent('Jul 04, 2026 12:00 PM EST');

    expect(within(cards[0]!).getByRole('button', { name: 'Accept Champagne Room at Velvet Lounge' })).toBeEnabled();
    expect(within(cards[0]!).getByRole('button', { name: 'Decline Champagne Room at Velvet Lounge' })).toBeEnabled();
    for (const card of cards.slice(1)) expect(within(card).queryAllByRole('button')).toHaveLength(0);
    expect(await accessibilityViolations()).toEqual([]);
  });

  it.each([
    ['Accept', 'accept', 'Assignment Accepted', 'accepted'],
    ['Decline', 'decline', 'Assignment Declined', 'declined'],
  ] as const)(
    '%s posts to /%s of that assignment, toasts, and the list is read again',
    async (verb, path, title, status) => {
      const assignments = [proposed, accepted];
      const reads = await asEntertainer({ assignments });
      const calls: string[] = [];
      server.use(
        http.post('/api/entertainer/vip-assignments/:id/:answer', ({ params }) => {
          calls.push(`${String(params.id)}/${String(params.answer)}`);
          assignments[0] = { ...proposed, status, respondedAt: '2026-03-05T12:00:00.000Z' };
          return HttpResponse.json(assignments[0]);
        }),
      );
      const { user } = renderApp('/dashboard?tab=assignments');
      await user.click(await screen.findByRole('button', { name: `${verb} Champagne Room at Velvet Lounge` }));
      const toast = await findToast();
      expect(toast).toHaveTextContent(title);
      expect(toast).toHaveAttribute('data-variant', 'default');
      expect(calls).toEqual([`${proposed.id}/${path}`]);
      const card = within(screen.getByRole('list', { name: 'Your VIP room assignments' })).getAllByTestId(
        'vip-assignment',
      )[0]!;
      await within(card).findByText(status === 'accepted' ? 'Accepted' : 'Declined');
      expect(within(card).queryAllByRole('button')).toHaveLength(0);
      expect(reads.assignments).toBe(2);
      // The buttons are gone: the focus is on the card's heading, not lost.
      await waitFor(() => expect(within(card).getByRole('heading', { name: 'Champagne Room' })).toHaveFocus());
    },
  );

  it('a refused answer shows the server message; a failure without one says Failed to update assignment', async () => {
    await asEntertainer({ assignments: [proposed] });
    server.use(
      http.post('/api/entertainer/vip-assignments/:id/accept', () =>
        HttpResponse.json(
          { statusCode: 409, code: 'ENTERTAINER.NOT_PROPOSED', message: ENTERTAINER_MESSAGES.notProposed },
          { status: 409 },
        ),
      ),
      http.post('/api/entertainer/vip-assignments/:id/decline', () => new HttpResponse(null, { status: 502 })),
    );
    const { user } = renderApp('/dashboard?tab=assignments');
    await user.click(await screen.findByRole('button', { name: 'Accept Champagne Room at Velvet Lounge' }));
    let toast = await findToast();
    expect(toast).toHaveAttribute('data-variant', 'destructive');
    expect(toast).toHaveTextContent('Error');
    expect(toast).toHaveTextContent('This assignment has already been answered');

    await user.click(screen.getByRole('button', { name: 'Decline Champagne Room at Velvet Lounge' }));
    await screen.findByText('Failed to update assignment');
    toast = await findToast();
    expect(toast).toHaveAttribute('data-variant', 'destructive');
  });

  it('shows a skeleton of the list while it loads', async () => {
    await asEntertainer();
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get('/api/entertainer/vip-assignments', async () => {
        await answered;
        return HttpResponse.json([proposed]);
      }),
    );
    renderApp('/dashboard?tab=assignments');
    const skeleton = (await screen.findByText('Loading your VIP rooms...')).closest('[role="status"]');
    expect(skeleton).toHaveAttribute('data-testid', 'list-skeleton');
    expect(skeleton).toHaveAttribute('aria-busy', 'true');
    answer();
    expect(await screen.findByRole('list', { name: 'Your VIP room assignments' })).toBeInTheDocument();
    expect(screen.queryByTestId('list-skeleton')).not.toBeInTheDocument();
  });

  it('says so when there are no assignments', async () => {
    await asEntertainer();
    renderApp('/dashboard?tab=assignments');
    expect(await screen.findByText('No VIP Room Assignments Yet')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Your VIP room assignments' })).not.toBeInTheDocument();
  });
});
