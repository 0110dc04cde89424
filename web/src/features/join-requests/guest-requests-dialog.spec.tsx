import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { JoinRequest } from '@luxe/contracts';
import { makeBooking } from '../../testing/bookings';
import { makeUser, signIn } from '../../testing/fixtures';
import { makeJoinRequest } from '../../testing/join-requests';
import { findToast, renderApp, screen, within } from '../../testing/render-app';
import { server } from '../../testing/server';

const host = makeUser({ userType: 'host', profileImages: ['/img/ava.jpg'] });
const booking = makeBooking({ venueName: 'Azure Dream' });

/**
 * The booking's requests: GET /api/event-join-requests answers `current()` (read on every call, so
 * a test can change it between reads); records the booking ids asked for.
 */
function mockRequests(current: () => JoinRequest[] | Response) {
  const reads: string[] = [];
  server.use(
    http.get('/api/bookings/user', () => HttpResponse.json([booking])),
    http.get('/api/event-join-requests', ({ request }) => {
      reads.push(new URL(request.url).searchParams.get('bookingId') ?? '');
      const answer = current();
      return answer instanceof Response ? answer : HttpResponse.json(answer);
    }),
  );
  return reads;
}

/** POST /api/event-join-requests/:id/:decision answers `respond`; records the paths and bodies posted. */
function mockDecision(respond: (id: string) => Response | Promise<Response>) {
  const posts: { path: string; body: string }[] = [];
  server.use(
    http.post('/api/event-join-requests/:id/:decision', async ({ request, params }) => {
      posts.push({ path: new URL(request.url).pathname, body: await request.text() });
      return respond(String(params.id));
    }),
  );
  return posts;
}

async function openDialog() {
  const app = renderApp('/dashboard?tab=book');
  await app.user.click(await screen.findByRole('button', { name: 'View Guest Requests: Azure Dream' }));
  const dialog = screen.getByRole('dialog', { name: 'Guest Requests' });
  return { ...app, dialog };
}

const mia = () =>
  makeJoinRequest({
    bookingId: booking.id,
    message: 'Birthday night, two of us!',
    guest: {
      firstName: 'Mia',
      lastName: 'Laurent',
      age: 26,
      city: 'Miami, FL',
      profileImages: ['/img/mia.jpg'],
      verified: true,
    },
  });
const noah = () =>
  makeJoinRequest({
    bookingId: booking.id,
    guest: { firstName: 'noah', lastName: 'Reed', age: null, city: 'Tampa, FL', profileImages: [] },
  });

describe('Guest Requests dialog (My Bookings, host)', () => {
  it("the host's card counts the requests waiting for him, and the count follows his answers (issue 31.2.15)", async () => {
    await signIn(host);
    let waiting = 2;
    server.use(
      http.get('/api/event-join-requests/pending-counts', () =>
        HttpResponse.json(waiting ? [{ bookingId: booking.id, pending: waiting }] : []),
      ),
    );
    const requests = [mia(), noah()];
    mockRequests(() => requests);
    mockDecision((id) => {
      waiting -= 1;
      return HttpResponse.json({ ...requests.find((r) => r.id === id)!, status: 'approved' });
    });
    const app = renderApp('/dashboard?tab=book');
    const button = await screen.findByRole('button', { name: 'View Guest Requests: Azure Dream, 2 waiting' });
    expect(within(button).getByTestId('pending-requests')).toHaveTextContent(/^2$/);
    await app.user.click(button);
    const dialog = screen.getByRole('dialog', { name: 'Guest Requests' });
    await app.user.click(await within(dialog).findByRole('button', { name: 'Approve: Mia Laurent' }));
    expect(
      await screen.findByRole('button', { name: 'View Guest Requests: Azure Dream, 1 waiting', hidden: true }),
    ).toBeInTheDocument();
  });

  it("lists the booking's pending requests with Approve and Decline, then the approved guests; declined ones are left out", async () => {
    await signIn(host);
    const requests = [
      mia(),
      noah(),
      makeJoinRequest({ bookingId: booking.id, status: 'approved', guest: { firstName: 'Zoe', lastName: 'Hart' } }),
      makeJoinRequest({ bookingId: booking.id, status: 'declined', guest: { firstName: 'Dan', lastName: 'Gone' } }),
    ];
    const reads = mockRequests(() => requests);
    const { dialog } = await openDialog();

    const pending = await within(dialog).findByRole('region', { name: 'Pending Requests (2)' });
    const approved = within(dialog).getByRole('region', { name: 'Approved Guests (1)' });
    expect(reads).toEqual([booking.id]);

    const [first, second] = within(pending).getAllByTestId('guest-request');
    expect(within(first!).getByTestId('guest-name')).toHaveTextContent(/^Mia Laurent$/);
    expect(within(first!).getByTestId('guest-details')).toHaveTextContent(/^Age 26 · Miami, FL$/);
    expect(within(first!).getByTestId('guest-message')).toHaveTextContent('Birthday night, two of us!');
    expect(within(first!).getByTestId('guest-photo')).toHaveAttribute('src', '/img/mia.jpg');
    expect(within(first!).getByRole('button', { name: 'Approve: Mia Laurent' })).toBeEnabled();
    expect(within(first!).getByRole('button', { name: 'Decline: Mia Laurent' })).toBeEnabled();
    // No photo: the initial; no age: only the city; no message: nothing.
    expect(within(second!).getByTestId('guest-initial')).toHaveTextContent(/^N$/);
    expect(within(second!).getByTestId('guest-details')).toHaveTextContent(/^Tampa, FL$/);
    expect(within(second!).queryByTestId('guest-message')).not.toBeInTheDocument();
    // Mia verified her email (issue 32); Noah did not, and nothing marks him down.
    expect(within(first!).getByTestId('verified-badge')).toHaveTextContent('Verified');
    expect(within(second!).queryByTestId('verified-badge')).not.toBeInTheDocument();

    expect(
      within(approved)
        .getAllByTestId('guest-name')
        .map((n) => n.textContent),
    ).toEqual(['Zoe Hart']);
    expect(
      within(approved)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Remove: Zoe Hart']);
    expect(within(dialog).queryByText('Dan Gone')).not.toBeInTheDocument();
    expect(within(dialog).queryByText('No guest requests yet')).not.toBeInTheDocument();
  });

  it('shows only the sections that have guests', async () => {
    await signIn(host);
    mockRequests(() => [
      makeJoinRequest({ bookingId: booking.id, status: 'approved', guest: { firstName: 'Zoe', lastName: 'Hart' } }),
    ]);
    const { dialog } = await openDialog();
    expect(await within(dialog).findByRole('region', { name: 'Approved Guests (1)' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('region', { name: /Pending Requests/ })).not.toBeInTheDocument();
  });

  it.each([
    ['no request', [] as JoinRequest[]],
    ['only declined requests', [makeJoinRequest({ status: 'declined' })]],
  ])('says there are no guest requests yet when there is %s', async (_, list) => {
    await signIn(host);
    mockRequests(() => list);
    const { dialog } = await openDialog();
    expect(await within(dialog).findByText('No guest requests yet')).toBeInTheDocument();
    expect(within(dialog).queryByRole('region', { name: /Requests|Guests|Waitlist/ })).not.toBeInTheDocument();
  });

  it('approves a request: posts to its approve path, says Request Approved!, reads the list again and moves the focus to the next request', async () => {
    await signIn(host);
    const first = mia();
    const second = noah();
    let list = [first, second];
    const reads = mockRequests(() => list);
    const posts = mockDecision(() => {
      list = [{ ...first, status: 'approved' }, second];
      return HttpResponse.json({ ...first, status: 'approved' });
    });
    const { dialog, user } = await openDialog();
    await user.click(await within(dialog).findByRole('button', { name: 'Approve: Mia Laurent' }));

    const toast = await findToast();
    expect(toast).toHaveTextContent(/^Request Approved!$/);
    expect(toast).toHaveAttribute('data-variant', 'default');
    expect(posts).toEqual([{ path: `/api/event-join-requests/${first.id}/approve`, body: '' }]);
    expect(await within(dialog).findByRole('region', { name: 'Approved Guests (1)' })).toHaveTextContent('Mia Laurent');
    expect(within(dialog).getByRole('region', { name: 'Pending Requests (1)' })).not.toHaveTextContent('Mia Laurent');
    expect(reads).toHaveLength(2);
    expect(within(dialog).getByRole('button', { name: 'Approve: noah Reed' })).toHaveFocus();
  });

  it('declines a request: posts to its decline path, says Request Declined, and the guest leaves the list', async () => {
    await signIn(host);
    const first = mia();
    let list = [first];
    const reads = mockRequests(() => list);
    const posts = mockDecision(() => {
      list = [{ ...first, status: 'declined' }];
      return HttpResponse.json({ ...first, status: 'declined' });
    });
    const { dialog, user } = await openDialog();
    await user.click(await within(dialog).findByRole('button', { name: 'Decline: Mia Laurent' }));

    expect(await findToast()).toHaveTextContent(/^Request Declined$/);
    expect(posts.map((p) => p.path)).toEqual([`/api/event-join-requests/${first.id}/decline`]);
    expect(await within(dialog).findByText('No guest requests yet')).toBeInTheDocument();
    expect(reads).toHaveLength(2);
    // Nothing left to decide: the focus goes to Close rather than being lost.
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
  });

  it("shows the server's message in a destructive Error toast when a decision fails, and reads the list again", async () => {
    await signIn(host);
    const reads = mockRequests(() => [mia()]);
    mockDecision(() =>
      HttpResponse.json(
        { statusCode: 409, code: 'SOCIAL.NOT_PENDING', message: 'This request has already been answered' },
        { status: 409 },
      ),
    );
    const { dialog, user } = await openDialog();
    await user.click(await within(dialog).findByRole('button', { name: 'Approve: Mia Laurent' }));

    const toast = await findToast();
    expect(toast).toHaveTextContent(/^ErrorThis request has already been answered$/);
    expect(toast).toHaveAttribute('data-variant', 'destructive');
    await expect.poll(() => reads.length).toBe(2);
  });

  it.each([
    ['Approve', 'Failed to approve request'],
    ['Decline', 'Failed to decline request'],
  ])('falls back to a fixed message when %s fails without one', async (action, message) => {
    await signIn(host);
    mockRequests(() => [mia()]);
    mockDecision(() => new HttpResponse(null, { status: 500 }));
    const { dialog, user } = await openDialog();
    await user.click(await within(dialog).findByRole('button', { name: `${action}: Mia Laurent` }));

    const toast = await findToast();
    expect(toast).toHaveTextContent(new RegExp(`^Error${message}$`));
    expect(toast).toHaveAttribute('data-variant', 'destructive');
  });

  it('disables every decision while one is being sent', async () => {
    await signIn(host);
    mockRequests(() => [mia(), noah()]);
    mockDecision(async () => {
      await delay(100);
      return HttpResponse.json({ ...mia(), status: 'approved' });
    });
    const { dialog, user } = await openDialog();
    await user.click(await within(dialog).findByRole('button', { name: 'Approve: Mia Laurent' }));

    for (const name of ['Approve: Mia Laurent', 'Decline: Mia Laurent', 'Approve: noah Reed', 'Decline: noah Reed']) {
      expect(within(dialog).getByRole('button', { name })).toBeDisabled();
    }
    await findToast();
    expect(within(dialog).getByRole('button', { name: 'Approve: noah Reed' })).toBeEnabled();
  });

  it('shows a skeleton of the requests while they load', async () => {
    await signIn(host);
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    mockRequests(() => [mia()]);
    server.use(
      http.get('/api/event-join-requests', async () => {
        await answered;
        return HttpResponse.json([mia()]);
      }),
    );
    const { dialog } = await openDialog();
    const skeleton = (await within(dialog).findByText('Loading requests...')).closest('[role="status"]');
    expect(skeleton).toHaveAttribute('data-testid', 'list-skeleton');
    expect(skeleton).toHaveAttribute('aria-busy', 'true');
    answer();
    expect(await within(dialog).findByRole('region', { name: 'Pending Requests (1)' })).toBeInTheDocument();
    expect(within(dialog).queryByTestId('list-skeleton')).not.toBeInTheDocument();
  });

  it('says when the requests cannot be loaded, and Try Again reads them again', async () => {
    await signIn(host);
    let fail = true;
    const reads = mockRequests(() => (fail ? HttpResponse.json({ message: 'down' }, { status: 500 }) : [mia()]));
    const { dialog, user } = await openDialog();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Error loading requests. Please try again.');
    fail = false;
    await user.click(within(dialog).getByRole('button', { name: 'Try Again' }));
    expect(await within(dialog).findByRole('region', { name: 'Pending Requests (1)' })).toBeInTheDocument();
    expect(reads).toHaveLength(2);
  });

  it('traps the focus, closes on Escape and gives the focus back to its button', async () => {
    await signIn(host);
    mockRequests(() => [mia()]);
    const { dialog, user } = await openDialog();
    const approve = await within(dialog).findByRole('button', { name: 'Approve: Mia Laurent' });
    const limit = await within(dialog).findByRole('spinbutton', { name: 'Guest limit' });
    const close = within(dialog).getByRole('button', { name: 'Close' });
    close.focus();
    await user.tab();
    expect(limit).toHaveFocus();
    await user.tab({ shift: true });
    expect(close).toHaveFocus();
    limit.focus();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Save Limit' })).toHaveFocus();
    await user.tab();
    expect(approve).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'View Guest Requests: Azure Dream' })).toHaveFocus();
  });
});
