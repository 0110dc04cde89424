import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { JoinRequest } from '@luxe/contracts';
import { makeUser, signIn } from '../../../testing/fixtures';
import { makeInvite } from '../../../testing/invites';
import { makeJoinRequest } from '../../../testing/join-requests';
import { renderApp, screen, within } from '../../../testing/render-app';
import { server } from '../../../testing/server';

const guest = makeUser({ userType: 'guest', firstName: 'Gia', profileImages: ['/img/gia.jpg'] });
const host = makeUser({ userType: 'host', firstName: 'Ava', profileImages: ['/img/ava.jpg'] });

/** GET /api/event-join-requests/guest answers `answer`; returns how many times it was read. */
function mockMine(answer: () => JoinRequest[] | Response | Promise<JoinRequest[] | Response>) {
  const reads = { count: 0 };
  server.use(
    http.get('/api/event-join-requests/guest', async () => {
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

const attendingRegion = () => screen.findByRole('region', { name: "Events I'm Attending" });

describe('dashboard Home tab: the guest home', () => {
  it('greets the guest and links Discover Events to the Events tab and My Invites to the Invites tab', async () => {
    await signIn(guest);
    const { user, location } = renderApp('/dashboard?tab=home');
    expect(
      await screen.findByRole('heading', { level: 2, name: /^Good (morning|afternoon|evening), Gia$/ }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My Invites' })).toHaveAttribute('href', '/dashboard?tab=invites');
    await user.click(screen.getByRole('link', { name: 'Discover Events' }));
    expect(location()).toBe('/dashboard?tab=events');
  });

  it('lists the 3 soonest upcoming approved requests with venue, host, date, EST start time and Confirmed, and counts them', async () => {
    await signIn(guest);
    mockMine(async () => {
      await delay(30);
      return [
        makeJoinRequest({ status: 'approved', venueName: 'Past Party', bookingDate: '2020-03-01', startTime: '22:00' }),
        makeJoinRequest({ status: 'approved', venueName: 'Fourth', bookingDate: '2099-07-04', startTime: '20:00' }),
        makeJoinRequest({
          status: 'approved',
          venueName: 'After Midnight',
          bookingDate: '2099-06-06',
          startTime: '01:00',
        }),
        makeJoinRequest({
          status: 'pending',
          venueName: 'Pending Soonest',
          bookingDate: '2099-06-01',
          startTime: '22:00',
        }),
        makeJoinRequest({
          status: 'declined',
          venueName: 'Declined Soonest',
          bookingDate: '2099-06-02',
          startTime: '22:00',
        }),
        makeJoinRequest({
          status: 'approved',
          venueName: 'Azure Dream',
          bookingDate: '2099-06-06',
          startTime: '22:00',
          host: { id: '6f1c2a7e-2b9d-4a53-9f44-0d6c8a1f2b3c', firstName: 'Marco' },
        }),
        makeJoinRequest({ status: 'approved', venueName: 'Third', bookingDate: '2099-06-20', startTime: '19:00' }),
        makeJoinRequest({
          status: 'pending',
          venueName: 'Another Pending',
          bookingDate: '2099-08-01',
          startTime: '22:00',
        }),
      ];
    });
    renderApp('/dashboard?tab=home');
    const region = await attendingRegion();
    expect((await within(region).findByText('Loading your events...')).closest('[role="status"]')).toHaveAttribute(
      'data-testid',
      'list-skeleton',
    );
    const items = await within(region).findAllByTestId('attending-event');

    // After midnight belongs to the night of its date, so it comes after 10 PM that evening.
    expect(items.map((i) => within(i).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Azure Dream',
      'After Midnight',
      'Third',
    ]);
    const first = within(items[0]!);
    expect(first.getByTestId('attending-host')).toHaveTextContent(/^Hosted by Marco$/);
    expect(first.getByTestId('attending-date')).toHaveTextContent(/^Saturday, Jun 06, 2099$/);
    expect(first.getByTestId('attending-time')).toHaveTextContent(/^10:00 PM EST$/);
    expect(first.getByTestId('booking-status')).toHaveTextContent(/^Confirmed$/);
    expect(within(items[1]!).getByTestId('attending-date')).toHaveTextContent(/^Saturday, Jun 06, 2099$/);
    expect(within(items[1]!).getByTestId('attending-time')).toHaveTextContent(/^1:00 AM EST$/);

    for (const left of ['Fourth', 'Past Party', 'Pending Soonest', 'Declined Soonest'])
      expect(within(region).queryByText(left)).not.toBeInTheDocument();
    expect(statistics()).toEqual([
      ['Events Attending', '4'],
      ['Pending Requests', '2'],
      ['Invites Received', '0'],
    ]);
  });

  it("offers 'Add to calendar' on each event attending: a download of its booking's calendar file", async () => {
    await signIn(guest);
    const first = makeJoinRequest({
      status: 'approved',
      venueName: 'Azure Dream',
      bookingDate: '2099-06-06',
      startTime: '22:00',
    });
    const second = makeJoinRequest({
      status: 'approved',
      venueName: 'Velvet',
      bookingDate: '2099-06-20',
      startTime: '19:00',
    });
    mockMine(() => [
      first,
      second,
      makeJoinRequest({ status: 'pending', venueName: 'Waiting', bookingDate: '2099-06-01', startTime: '22:00' }),
    ]);
    renderApp('/dashboard?tab=home');
    const region = await attendingRegion();
    const items = await within(region).findAllByTestId('attending-event');
    const links = items.map((i) => within(i).getByRole('link', { name: /^Add to calendar/ }));
    expect(links.map((l) => [l.textContent, l.getAttribute('href'), l.getAttribute('download')])).toEqual([
      [
        'Add to calendar: Azure Dream',
        `/api/bookings/${first.bookingId}/calendar.ics`,
        `luxeswipe-${first.bookingId}.ics`,
      ],
      [
        'Add to calendar: Velvet',
        `/api/bookings/${second.bookingId}/calendar.ics`,
        `luxeswipe-${second.bookingId}.ics`,
      ],
    ]);
    expect(within(region).getByRole('link', { name: 'Add to calendar: Velvet' })).toBe(links[1]);
  });

  it('says there is no upcoming event yet when no upcoming request is approved', async () => {
    await signIn(guest);
    mockMine(() => [
      makeJoinRequest({ status: 'approved', venueName: 'Past Party', bookingDate: '2020-03-01', startTime: '22:00' }),
      makeJoinRequest({ status: 'pending', venueName: 'Waiting', bookingDate: '2099-06-01', startTime: '22:00' }),
    ]);
    renderApp('/dashboard?tab=home');
    const region = await attendingRegion();
    expect(await within(region).findByText('No Upcoming Events Yet')).toBeInTheDocument();
    expect(within(region).queryByRole('list')).not.toBeInTheDocument();
    expect(statistics()).toEqual([
      ['Events Attending', '0'],
      ['Pending Requests', '1'],
      ['Invites Received', '0'],
    ]);
  });

  it('counts the received invites still waiting for an answer as Invites Received', async () => {
    await signIn(guest);
    mockMine(() => [makeJoinRequest({ status: 'pending' })]);
    server.use(
      http.get('/api/invites/received', async () => {
        await delay(30);
        return HttpResponse.json([
          makeInvite(),
          makeInvite({ status: 'accepted' }),
          makeInvite(),
          makeInvite({ status: 'declined' }),
          makeInvite(),
        ]);
      }),
    );
    renderApp('/dashboard?tab=home');
    await within(await attendingRegion()).findByText('No Upcoming Events Yet');
    await screen.findByRole('region', { name: 'Statistics' });
    expect(statistics()).toEqual([
      ['Events Attending', '0'],
      ['Pending Requests', '1'],
      ['Invites Received', '3'],
    ]);
  });

  it('says when the requests cannot be loaded, and Try Again reads them again', async () => {
    await signIn(guest);
    let fail = true;
    const reads = mockMine(() =>
      fail
        ? HttpResponse.json({ message: 'down' }, { status: 500 })
        : [makeJoinRequest({ status: 'approved', venueName: 'Azure Dream' })],
    );
    const { user } = renderApp('/dashboard?tab=home');
    const region = await attendingRegion();
    expect(await within(region).findByRole('alert')).toHaveTextContent('Error loading your events. Please try again.');
    expect(statistics()).toBeNull();
    fail = false;
    await user.click(within(region).getByRole('button', { name: 'Try Again' }));
    expect(await within(region).findByRole('heading', { level: 3, name: 'Azure Dream' })).toBeInTheDocument();
    expect(reads.count).toBe(2);
  });

  it("is not shown to hosts, and a host's home does not read join requests", async () => {
    await signIn(host);
    const reads = mockMine(() => [makeJoinRequest({ status: 'approved' })]);
    renderApp('/dashboard?tab=home');
    expect(await screen.findByRole('heading', { level: 2, name: /, Ava$/ })).toBeInTheDocument();
    await delay(50);
    expect(screen.queryByRole('region', { name: "Events I'm Attending" })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Discover Events' })).not.toBeInTheDocument();
    expect(reads.count).toBe(0);
  });
});
