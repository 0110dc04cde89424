import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Booking, Invite } from '@luxe/contracts';
import { makeBooking } from '../../../testing/bookings';
import { makeInvite } from '../../../testing/invites';
import { makeUser, signIn } from '../../../testing/fixtures';
import { renderApp, screen, within } from '../../../testing/render-app';
import { server } from '../../../testing/server';

const host = makeUser({ userType: 'host', firstName: 'Ava', profileImages: ['/img/ava.jpg'] });
const guest = makeUser({ userType: 'guest', firstName: 'Gia', profileImages: ['/img/gia.jpg'] });

/** GET /api/bookings/host answers `answer`; returns how many times it was read. */
function mockHosted(answer: () => Booking[] | Response | Promise<Booking[] | Response>) {
  const reads = { count: 0 };
  server.use(
    http.get('/api/bookings/host', async () => {
      reads.count += 1;
      const a = await answer();
      return a instanceof Response ? a : HttpResponse.json(a);
    }),
  );
  return reads;
}

/** The statistics as [label, value] pairs, or null when they are not shown. */
function statistics(): [string, string][] | null {
  const region = screen.queryByRole('region', { name: 'Statistics' });
  if (!region) return null;
  const terms = within(region)
    .getAllByRole('term')
    .map((t) => t.textContent ?? '');
  const values = within(region)
    .getAllByRole('definition')
    .map((d) => d.textContent ?? '');
  return terms.map((t, i) => [t, values[i] ?? '']);
}

const upcomingRegion = () => screen.getByRole('region', { name: 'Your Upcoming Events' });
const findUpcomingRegion = () => screen.findByRole('region', { name: 'Your Upcoming Events' });

describe('dashboard Home tab: the host home', () => {
  it('greets the host and links Create an Event to the Events tab and Invite Guests to the Invites tab', async () => {
    await signIn(host);
    const { user, location } = renderApp('/dashboard?tab=home');
    expect(
      await screen.findByRole('heading', { level: 2, name: /^Good (morning|afternoon|evening), Ava$/ }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Invite Guests' })).toHaveAttribute(
      'href',
      '/dashboard?tab=invites&section=discover',
    );
    await user.click(screen.getByRole('link', { name: 'Create an Event' }));
    expect(location()).toBe('/dashboard?tab=events');
  });

  it('shows the 3 soonest future confirmed bookings with their details, and counts events and upcoming ones', async () => {
    await signIn(host);
    // Long enough for the loading state to be seen on a busy machine: a short delay lets the
    // answer arrive between finding the loading text and checking it.
    mockHosted(async () => {
      await delay(400);
      return [
        makeBooking({ venueName: 'Past Party', bookingDate: '2020-03-01', startTime: '22:00' }),
        makeBooking({ venueName: 'Fourth', bookingDate: '2099-07-04', startTime: '20:00' }),
        makeBooking({ venueName: 'After Midnight', bookingDate: '2099-06-06', startTime: '01:00' }),
        makeBooking({
          venueName: 'Cancelled Soonest',
          bookingDate: '2099-06-01',
          startTime: '22:00',
          status: 'cancelled',
        }),
        makeBooking({
          venueName: 'Azure Dream',
          sectionType: 'Full Yacht',
          bookingDate: '2099-06-06',
          startTime: '22:00',
          totalCost: '1700.00',
        }),
        makeBooking({ venueName: 'Third', bookingDate: '2099-06-20', startTime: '19:00' }),
      ];
    });
    renderApp('/dashboard?tab=home');
    expect(
      (await within(await findUpcomingRegion()).findByText('Loading your events...')).closest('[role="status"]'),
    ).toHaveAttribute('data-testid', 'list-skeleton');
    const items = await within(upcomingRegion()).findAllByTestId('upcoming-event');
    expect(items.map((i) => within(i).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Azure Dream',
      'After Midnight',
      'Third',
    ]);

    const first = within(items[0]!);
    expect(first.getByTestId('upcoming-section')).toHaveTextContent(/^Full Yacht$/);
    expect(first.getByTestId('upcoming-date')).toHaveTextContent(/^Saturday, Jun 06, 2099$/);
    expect(first.getByTestId('upcoming-time')).toHaveTextContent(/^10:00 PM EST$/);
    expect(first.getByTestId('upcoming-total')).toHaveTextContent(/^\$1,700$/);
    expect(first.getByTestId('booking-status')).toHaveTextContent(/^Confirmed$/);
    expect(first.getByRole('link', { name: 'Invite Guests to This Event: Azure Dream' })).toHaveAttribute(
      'href',
      '/dashboard?tab=invites&section=discover',
    );
    expect(within(items[1]!).getByTestId('upcoming-time')).toHaveTextContent(/^1:00 AM EST$/);

    expect(statistics()).toEqual([
      ['Total Events', '5'],
      ['Upcoming', '4'],
      ['Invites Sent', '0'],
    ]);
    expect(within(upcomingRegion()).queryByText('No Upcoming Events')).not.toBeInTheDocument();
  });

  it('hides the statistics without bookings or invites, and says there is no upcoming event, with Browse Events', async () => {
    await signIn(host);
    const reads = mockHosted(() => []);
    const { user, location } = renderApp('/dashboard?tab=home');
    expect(await within(await findUpcomingRegion()).findByText('No Upcoming Events')).toBeInTheDocument();
    expect(reads.count).toBe(1);
    expect(statistics()).toBeNull();
    expect(
      within(screen.getByRole('region', { name: 'Recent Activity' })).getByText('No recent activity yet'),
    ).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Featured Events' })).toBeInTheDocument();
    await user.click(within(upcomingRegion()).getByRole('link', { name: 'Browse Events' }));
    expect(location()).toBe('/dashboard?tab=events');
  });

  it('shows the statistics but the empty state when every booking is past', async () => {
    await signIn(host);
    mockHosted(() => [makeBooking({ venueName: 'Past Party', bookingDate: '2020-03-01' })]);
    renderApp('/dashboard?tab=home');
    expect(await within(await findUpcomingRegion()).findByText('No Upcoming Events')).toBeInTheDocument();
    expect(statistics()).toEqual([
      ['Total Events', '1'],
      ['Upcoming', '0'],
      ['Invites Sent', '0'],
    ]);
    expect(screen.queryByText('Past Party')).not.toBeInTheDocument();
  });

  it('says when the events cannot be loaded, and Try Again reads them again', async () => {
    await signIn(host);
    let fail = true;
    const reads = mockHosted(() =>
      fail ? HttpResponse.json({ message: 'down' }, { status: 500 }) : [makeBooking({ venueName: 'Azure Dream' })],
    );
    const { user } = renderApp('/dashboard?tab=home');
    expect(await within(await findUpcomingRegion()).findByRole('alert')).toHaveTextContent(
      'Error loading your events. Please try again.',
    );
    expect(statistics()).toBeNull();
    fail = false;
    await user.click(within(upcomingRegion()).getByRole('button', { name: 'Try Again' }));
    expect(
      await within(await findUpcomingRegion()).findByRole('heading', { level: 3, name: 'Azure Dream' }),
    ).toBeInTheDocument();
    expect(reads.count).toBe(2);
  });

  it("counts the sent invites (statistics shown with invites but no booking) and lists the 3 newest as 'You invited {first name}' with their status", async () => {
    await signIn(host);
    mockHosted(() => []);
    const reads = { count: 0 };
    const sent: Invite[] = [
      makeInvite({ guest: { firstName: 'Mia', profileImages: [] }, eventTitle: 'Azure Dream · Full Yacht' }),
      makeInvite({ guest: { firstName: 'Noa' }, status: 'accepted' }),
      makeInvite({ guest: { firstName: 'Lia' }, status: 'declined' }),
      makeInvite({ guest: { firstName: 'Older' } }),
    ];
    server.use(
      http.get('/api/invites/sent', async () => {
        reads.count += 1;
        await delay(30);
        return HttpResponse.json(sent);
      }),
    );
    renderApp('/dashboard?tab=home');
    const activity = await screen.findByRole('region', { name: 'Recent Activity' });
    expect((await within(activity).findByText('Loading your invites...')).closest('[role="status"]')).toHaveAttribute(
      'data-testid',
      'list-skeleton',
    );
    const items = await within(activity).findAllByTestId('recent-invite');
    expect(items.map((i) => within(i).getByTestId('recent-invite-text').textContent)).toEqual([
      'You invited Mia',
      'You invited Noa',
      'You invited Lia',
    ]);
    expect(items.map((i) => within(i).getByTestId('invite-status').textContent)).toEqual([
      'Pending',
      'Accepted',
      'Declined',
    ]);
    expect(within(items[0]!).getByText('Azure Dream · Full Yacht')).toBeInTheDocument();
    expect(within(activity).queryByText('You invited Older')).not.toBeInTheDocument();
    expect(within(activity).queryByText('No recent activity yet')).not.toBeInTheDocument();
    expect(statistics()).toEqual([
      ['Total Events', '0'],
      ['Upcoming', '0'],
      ['Invites Sent', '4'],
    ]);
    expect(reads.count).toBe(1);
  });

  it('says when the sent invites cannot be loaded, and Try Again reads them again', async () => {
    await signIn(host);
    mockHosted(() => [makeBooking({ venueName: 'Azure Dream' })]);
    let fail = true;
    server.use(
      http.get('/api/invites/sent', () =>
        fail
          ? HttpResponse.json({ message: 'down' }, { status: 500 })
          : HttpResponse.json([makeInvite({ guest: { firstName: 'Mia' } })]),
      ),
    );
    const { user } = renderApp('/dashboard?tab=home');
    const activity = await screen.findByRole('region', { name: 'Recent Activity' });
    expect(await within(activity).findByRole('alert')).toHaveTextContent(
      'Error loading your invites. Please try again.',
    );
    expect(statistics()).toEqual([
      ['Total Events', '1'],
      ['Upcoming', '1'],
      ['Invites Sent', '–'],
    ]);
    fail = false;
    await user.click(within(activity).getByRole('button', { name: 'Try Again' }));
    expect(await within(activity).findByText('You invited Mia')).toBeInTheDocument();
    expect(statistics()?.[2]).toEqual(['Invites Sent', '1']);
  });

  it('is not shown to guests, whose home stays as it is', async () => {
    await signIn(guest);
    const reads = mockHosted(() => [makeBooking()]);
    renderApp('/dashboard?tab=home');
    expect(await screen.findByTestId('home-overview')).toBeInTheDocument();
    await delay(50);
    expect(screen.queryByRole('region', { name: 'Your Upcoming Events' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create an Event' })).not.toBeInTheDocument();
    expect(reads.count).toBe(0);
  });
});
