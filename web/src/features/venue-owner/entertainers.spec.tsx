import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { ENTERTAINER_MESSAGES, type Dancer, type EntertainerRequest, type VipAssignment } from '@luxe/contracts';
import { accessibilityViolations } from '../../testing/axe';
import { makeAssignment, makeEntertainerRequest } from '../../testing/entertainers';
import { makeUser, signIn } from '../../testing/fixtures';
import { findToast, renderApp, screen, within } from '../../testing/render-app';
import { server } from '../../testing/server';

const owner = makeUser({ id: '11111111-1111-4111-8111-111111111111', firstName: 'Olivia', userType: 'venue' });
const VENUE_ID = '0b7d3c1e-5a2f-4c8e-9d1a-000000000901';

function makeDancer(overrides: Partial<Dancer> = {}): Dancer {
  return {
    id: 'dddddddd-0000-4000-8000-000000000001',
    venueId: VENUE_ID,
    name: 'Luna',
    description: '',
    images: [],
    specialties: [],
    isAvailable: true,
    isActive: true,
    createdAt: '2025-01-01T00:00:00.000Z',
    imageUrl: '/api/placeholder-section',
    entertainerUserId: null,
    priceModifier: '1.00',
    ...overrides,
  };
}

const luna = makeDancer();
const star = makeDancer({ id: 'dddddddd-0000-4000-8000-000000000002', name: 'Star' });
const linked = makeDancer({
  id: 'dddddddd-0000-4000-8000-000000000003',
  name: 'Already Linked',
  entertainerUserId: '99999999-0000-4000-8000-000000000009',
});

const jade = makeEntertainerRequest({ venueId: VENUE_ID, venueName: 'Velvet Lounge', status: 'pending' });
const mia = makeEntertainerRequest({
  venueName: 'Neon Palms',
  status: 'approved',
  entertainer: {
    id: '44444444-0000-4000-8000-000000000004',
    firstName: 'Mia',
    lastName: 'Stone',
    profileImages: ['/img/mia.jpg'],
  },
});
const kai = makeEntertainerRequest({
  venueName: 'Velvet Lounge',
  status: 'declined',
  entertainer: { id: '55555555-0000-4000-8000-000000000005', firstName: 'Kai', lastName: 'Moon', profileImages: [] },
});

/** The owner is signed in; requests, assignments and the venue's dancers answer these lists (read each time). */
async function asOwner({
  requests = [],
  assignments = [],
  dancers = [luna, star, linked],
}: { requests?: EntertainerRequest[]; assignments?: VipAssignment[]; dancers?: Dancer[] } = {}) {
  await signIn(owner);
  const reads = { requests: 0, assignments: 0, dancers: 0 };
  server.use(
    http.get('/api/venue-owner/entertainer-requests', () => {
      reads.requests += 1;
      return HttpResponse.json(requests);
    }),
    http.get('/api/venue-owner/vip-assignments', () => {
      reads.assignments += 1;
      return HttpResponse.json(assignments);
    }),
    http.get('/api/my-venues', () => HttpResponse.json([])),
    http.get('/api/venues/:id/dancers', ({ params }) => {
      reads.dancers += 1;
      return HttpResponse.json(params.id === VENUE_ID ? dancers : []);
    }),
  );
  return reads;
}

// The route is loaded on demand; load it once up front so that the first test does not wait on the transform.
beforeAll(async () => {
  await import('../../app/routes/venue-dashboard/venue-dashboard');
}, 30_000);

describe('/venue-dashboard: Entertainers, join requests', () => {
  it('is a third tab; lists requests pending first with their status, Approve and Decline only on pending ones', async () => {
    await asOwner({ requests: [mia, kai, jade] });
    const { user, location } = renderApp('/venue-dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Venue dashboard' });
    expect(
      within(nav)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['My Events', 'My Bookings', 'Entertainers', 'Door']);
    await user.click(within(nav).getByRole('button', { name: 'Entertainers' }));
    expect(location()).toBe('/venue-dashboard?tab=entertainers');
    expect(screen.getByRole('heading', { level: 1, name: 'Entertainers' })).toBeInTheDocument();

    const list = await screen.findByRole('list', { name: 'Entertainer requests' });
    const items = within(list).getAllByTestId('entertainer-request');
    expect(items.map((i) => within(i).getByRole('heading').textContent)).toEqual([
      'Jade Rivers',
      'Mia Stone',
      'Kai Moon',
    ]);
    expect(items.map((i) => within(i).getByTestId('request-status').textContent)).toEqual([
      'Pending',
      'Approved',
      'Declined',
    ]);
    expect(items[0]).toHaveTextContent('Velvet Lounge');
    expect(within(items[0]!).getByRole('button', { name: 'Approve Jade Rivers for Velvet Lounge' })).toBeEnabled();
    expect(within(items[0]!).getByRole('button', { name: 'Decline Jade Rivers for Velvet Lounge' })).toBeEnabled();
    expect(within(items[1]!).queryAllByRole('button')).toHaveLength(0);
    expect(within(items[2]!).queryAllByRole('button')).toHaveLength(0);
    expect(await accessibilityViolations()).toEqual([]);
  });

  it('approves with an existing dancer profile: only unlinked ones are offered, posts {dancerId}, toasts and reads again', async () => {
    const requests = [jade];
    const reads = await asOwner({ requests });
    const sent: { path: string; body: unknown }[] = [];
    server.use(
      http.post('/api/venue-owner/entertainer-requests/:id/approve', async ({ params, request }) => {
        const body = await request.json();
        sent.push({ path: String(params.id), body });
        requests[0] = { ...jade, status: 'approved', dancerId: luna.id, respondedAt: '2026-03-02T12:00:00.000Z' };
        return HttpResponse.json(requests[0]);
      }),
    );
    const { user } = renderApp('/venue-dashboard?tab=entertainers');
    await user.click(await screen.findByRole('button', { name: 'Approve Jade Rivers for Velvet Lounge' }));

    const dialog = screen.getByRole('dialog', { name: 'Approve Jade Rivers' });
    const group = within(dialog).getByRole('group', { name: 'Dancer profile' });
    await within(group).findByRole('radio', { name: /Luna/ });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.querySelector('span span')?.textContent),
    ).toEqual(['Luna', 'Star', 'Create a new profile']);
    expect(within(group).getByRole('radio', { name: /Create a new profile/ })).toBeChecked();
    expect(await accessibilityViolations(dialog)).toEqual([]);

    await user.click(within(group).getByRole('radio', { name: /Luna/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Approve Jade Rivers' }));
    const toast = await findToast();
    expect(toast).toHaveTextContent('Entertainer Approved');
    expect(toast).toHaveAttribute('data-variant', 'default');
    expect(sent).toEqual([{ path: jade.id, body: { dancerId: luna.id } }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const item = screen.getByTestId('entertainer-request');
    await within(item).findByText('Approved');
    expect(within(item).queryAllByRole('button')).toHaveLength(0);
    expect(reads.requests).toBe(2);
    expect(reads.dancers).toBe(2);
    await waitFor(() => expect(within(item).getByRole('heading', { name: 'Jade Rivers' })).toHaveFocus());
  });

  it("approves with a new profile in the entertainer's name: posts {dancerId: null} (also when the venue has no free profile)", async () => {
    await asOwner({ requests: [jade], dancers: [linked] });
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/venue-owner/entertainer-requests/:id/approve', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ ...jade, status: 'approved' });
      }),
    );
    const { user } = renderApp('/venue-dashboard?tab=entertainers');
    await user.click(await screen.findByRole('button', { name: 'Approve Jade Rivers for Velvet Lounge' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve Jade Rivers' });
    expect(
      await within(dialog).findByText('Every dancer profile of this venue is already linked to an entertainer.'),
    ).toBeInTheDocument();
    expect(within(dialog).getAllByRole('radio')).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Approve Jade Rivers' }));
    expect(await findToast()).toHaveTextContent('Entertainer Approved');
    expect(bodies).toEqual([{ dancerId: null }]);
  });

  it('a refused approval shows the server message and keeps the dialog; Cancel closes it without a call', async () => {
    await asOwner({ requests: [jade] });
    let calls = 0;
    server.use(
      http.post('/api/venue-owner/entertainer-requests/:id/approve', () => {
        calls += 1;
        return HttpResponse.json(
          { statusCode: 409, code: 'ENTERTAINER.DANCER_TAKEN', message: ENTERTAINER_MESSAGES.dancerTaken },
          { status: 409 },
        );
      }),
    );
    const { user } = renderApp('/venue-dashboard?tab=entertainers');
    const opener = await screen.findByRole('button', { name: 'Approve Jade Rivers for Velvet Lounge' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Approve Jade Rivers' });
    await user.click(await within(dialog).findByRole('radio', { name: /Star/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Approve Jade Rivers' }));
    const toast = await findToast();
    expect(toast).toHaveAttribute('data-variant', 'destructive');
    expect(toast).toHaveTextContent('Error');
    expect(toast).toHaveTextContent('This dancer profile is already linked to an entertainer');
    expect(calls).toBe(1);

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
    expect(calls).toBe(1);
  });

  it('declines: posts to /decline of that request, toasts; a failure without a message says Failed to update request', async () => {
    const requests = [jade];
    const reads = await asOwner({ requests });
    const paths: string[] = [];
    let fail = true;
    server.use(
      http.post('/api/venue-owner/entertainer-requests/:id/decline', ({ params }) => {
        paths.push(String(params.id));
        if (fail) return new HttpResponse(null, { status: 500 });
        requests[0] = { ...jade, status: 'declined' };
        return HttpResponse.json(requests[0]);
      }),
    );
    const { user } = renderApp('/venue-dashboard?tab=entertainers');
    const decline = await screen.findByRole('button', { name: 'Decline Jade Rivers for Velvet Lounge' });
    await user.click(decline);
    let toast = await findToast();
    expect(toast).toHaveAttribute('data-variant', 'destructive');
    expect(toast).toHaveTextContent('Failed to update request');

    fail = false;
    await user.click(decline);
    await screen.findByText('Request Declined');
    toast = await findToast();
    expect(toast).toHaveAttribute('data-variant', 'default');
    expect(paths).toEqual([jade.id, jade.id]);
    expect(await within(screen.getByTestId('entertainer-request')).findByText('Declined')).toBeInTheDocument();
    expect(reads.requests).toBe(2);
  });
});

describe('/venue-dashboard: Entertainers, VIP assignments', () => {
  const proposed = makeAssignment({ sectionName: 'Champagne Room', dancerName: 'Jade', status: 'proposed' });
  const accepted = makeAssignment({
    sectionName: 'Diamond Suite',
    dancerName: 'Luna',
    status: 'accepted',
    respondedAt: '2026-03-02T12:00:00.000Z',
  });
  const declined = makeAssignment({
    sectionName: 'Ruby Room',
    dancerName: 'Star',
    status: 'declined',
    respondedAt: '2026-03-02T12:00:00.000Z',
  });
  const revoked = makeAssignment({
    sectionName: 'Onyx Room',
    dancerName: 'Mia',
    status: 'revoked',
    respondedAt: '2026-03-03T12:00:00.000Z',
  });

  it('Revoke is offered only for proposed and accepted assignments, and posts to /revoke of the one chosen', async () => {
    const assignments = [proposed, accepted, declined, revoked];
    const reads = await asOwner({ assignments });
    const paths: string[] = [];
    server.use(
      http.post('/api/venue-owner/vip-assignments/:id/revoke', ({ params }) => {
        paths.push(String(params.id));
        assignments[1] = { ...accepted, status: 'revoked' };
        return HttpResponse.json(assignments[1]);
      }),
    );
    const { user } = renderApp('/venue-dashboard?tab=entertainers');
    const list = await screen.findByRole('list', { name: 'VIP assignments' });
    const cards = within(list).getAllByTestId('vip-assignment');
    expect(cards.map((c) => within(c).getByTestId('assignment-status').textContent)).toEqual([
      'Proposed',
      'Accepted',
      'Declined',
      'Revoked',
    ]);
    expect(within(cards[0]!).getByRole('button', { name: 'Revoke Jade from Champagne Room' })).toBeEnabled();
    expect(within(cards[1]!).getByRole('button', { name: 'Revoke Luna from Diamond Suite' })).toBeEnabled();
    expect(within(cards[2]!).queryAllByRole('button')).toHaveLength(0);
    expect(within(cards[3]!).queryAllByRole('button')).toHaveLength(0);

    await user.click(within(cards[1]!).getByRole('button', { name: 'Revoke Luna from Diamond Suite' }));
    const toast = await findToast();
    expect(toast).toHaveTextContent('Assignment Revoked');
    expect(toast).toHaveAttribute('data-variant', 'default');
    expect(paths).toEqual([accepted.id]);
    const card = within(screen.getByRole('list', { name: 'VIP assignments' })).getAllByTestId('vip-assignment')[1]!;
    await within(card).findByText('Revoked');
    expect(within(card).queryAllByRole('button')).toHaveLength(0);
    expect(reads.assignments).toBe(2);
  });

  it('a refused revocation shows the server message; one without a message says Failed to revoke assignment', async () => {
    await asOwner({ assignments: [proposed, accepted] });
    server.use(
      http.post(`/api/venue-owner/vip-assignments/${proposed.id}/revoke`, () =>
        HttpResponse.json(
          { statusCode: 409, code: 'ENTERTAINER.NOT_REVOCABLE', message: ENTERTAINER_MESSAGES.notRevocable },
          { status: 409 },
        ),
      ),
      http.post(
        `/api/venue-owner/vip-assignments/${accepted.id}/revoke`,
        () => new HttpResponse('Bad Gateway', { status: 502 }),
      ),
    );
    const { user } = renderApp('/venue-dashboard?tab=entertainers');
    await user.click(await screen.findByRole('button', { name: 'Revoke Jade from Champagne Room' }));
    let toast = await findToast();
    expect(toast).toHaveAttribute('data-variant', 'destructive');
    expect(toast).toHaveTextContent('Only a proposed or accepted assignment can be revoked');

    await user.click(screen.getByRole('button', { name: 'Revoke Luna from Diamond Suite' }));
    await screen.findByText('Failed to revoke assignment');
    toast = await findToast();
    expect(toast).toHaveTextContent('Error');
  });

  it('shows a skeleton of the assignments while they load', async () => {
    await asOwner();
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get('/api/venue-owner/vip-assignments', async () => {
        await answered;
        return HttpResponse.json([makeAssignment({ sectionName: 'Champagne Room', status: 'proposed' })]);
      }),
    );
    renderApp('/venue-dashboard?tab=entertainers');
    const skeleton = (await screen.findByText('Loading VIP assignments...')).closest('[role="status"]');
    expect(skeleton).toHaveAttribute('data-testid', 'list-skeleton');
    expect(skeleton).toHaveAttribute('aria-busy', 'true');
    answer();
    expect(await screen.findByRole('list', { name: 'VIP assignments' })).toBeInTheDocument();
    expect(screen.queryByText('Loading VIP assignments...')).not.toBeInTheDocument();
  });

  it('says so when there are no requests and no assignments', async () => {
    await asOwner();
    renderApp('/venue-dashboard?tab=entertainers');
    expect(await screen.findByText('No Entertainer Requests')).toBeInTheDocument();
    expect(await screen.findByText('No VIP Assignments')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Entertainer requests' })).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'VIP assignments' })).not.toBeInTheDocument();
  });
});
