import { http, HttpResponse } from 'msw';
import { act, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { GuestList, JoinRequest } from '@luxe/contracts';
import { makeBooking } from '../../testing/bookings';
import { makeUser, signIn } from '../../testing/fixtures';
import { makeJoinRequest } from '../../testing/join-requests';
import { findToast, renderApp, screen, within } from '../../testing/render-app';
import { server } from '../../testing/server';
import { PROMOTION_POLL_MS } from './api/guest-list';

const host = makeUser({ userType: 'host' });
const guest = makeUser({ userType: 'guest', firstName: 'Gia' });
const booking = makeBooking({ venueName: 'Azure Dream' });

function guestList(over: Partial<GuestList> = {}): GuestList {
  return {
    bookingId: booking.id,
    capacity: 8,
    maxGuestLimit: 7,
    guestLimit: null,
    approvedCount: 0,
    waitlistCount: 0,
    viewerRole: 'host',
    approved: [],
    waitlist: [],
    ...over,
  };
}

/** The host's booking, its requests (`requests()`) and guest list (`list()`), read on every call. */
function mockHost(requests: () => JoinRequest[], list: () => GuestList | Response) {
  server.use(
    http.get('/api/bookings/user', () => HttpResponse.json([booking])),
    http.get('/api/event-join-requests', () => HttpResponse.json(requests())),
    http.get('/api/bookings/:id/guest-list', () => {
      const answer = list();
      return answer instanceof Response ? answer : HttpResponse.json(answer);
    }),
  );
}

async function openDialog() {
  const app = renderApp('/dashboard?tab=book');
  await app.user.click(await screen.findByRole('button', { name: 'View Guest Requests: Azure Dream' }));
  return { ...app, dialog: screen.getByRole('dialog', { name: 'Guest Requests' }) };
}

const named = (firstName: string, over: Partial<JoinRequest> = {}) =>
  makeJoinRequest({ bookingId: booking.id, guest: { firstName, lastName: 'Doe' }, ...over });

describe('Guest Requests dialog: guest limit and waitlist (issue 12)', () => {
  it('shows the count against the limit, the approved guests with Remove and the waitlist in its order', async () => {
    await signIn(host);
    const ana = named('Ana', { status: 'approved' });
    const cleo = named('Cleo', { status: 'waitlisted', waitlistPosition: 2 });
    const bea = named('Bea', { status: 'waitlisted', waitlistPosition: 1 });
    mockHost(
      () => [ana, cleo, bea, named('Pat')],
      () => guestList({ guestLimit: 1, approvedCount: 1, waitlistCount: 2, approved: [ana], waitlist: [bea, cleo] }),
    );
    const { dialog } = await openDialog();

    const limit = await within(dialog).findByRole('region', { name: 'Guest Limit' });
    expect(within(limit).getByTestId('guest-count')).toHaveTextContent(/^1 of 1 on the list$/);
    expect(within(limit).getByRole('spinbutton', { name: 'Guest limit' })).toHaveValue(1);
    expect(
      within(limit).getByText(/^Up to 7 \(the section holds 8, including you and your friends\)/),
    ).toBeInTheDocument();
    const waitlist = await within(dialog).findByRole('region', { name: 'Waitlist (2)' });
    expect(
      within(waitlist)
        .getAllByTestId('guest-name')
        .map((n) => n.textContent),
    ).toEqual(['Bea Doe', 'Cleo Doe']);
    expect(
      within(waitlist)
        .getAllByTestId('waitlist-position')
        .map((n) => n.textContent),
    ).toEqual(['Waitlist place #1', 'Waitlist place #2']);
    expect(within(waitlist).getByRole('button', { name: 'Remove: Bea Doe' })).toBeEnabled();
    expect(within(dialog).getByRole('region', { name: 'Approved Guests (1)' })).toHaveTextContent('Ana Doe');
    expect(within(dialog).getByRole('region', { name: 'Pending Requests (1)' })).toHaveTextContent('Pat Doe');
  });

  it('says how many on the list came by invite (they count, though they are not requests)', async () => {
    await signIn(host);
    mockHost(
      () => [],
      () => guestList({ guestLimit: 4, approvedCount: 2 }),
    );
    const { dialog } = await openDialog();
    expect(await within(dialog).findByTestId('guest-count')).toHaveTextContent(/^2 of 4 on the list \(2 by invite\)$/);
  });

  it('saves a limit with PUT, removes it with null, and refuses a limit past the capacity or below 1 before sending', async () => {
    await signIn(host);
    let current = guestList();
    const puts: unknown[] = [];
    mockHost(
      () => [],
      () => current,
    );
    server.use(
      http.put('/api/bookings/:id/guest-limit', async ({ request, params }) => {
        const body = (await request.json()) as { guestLimit: number | null };
        puts.push({ id: params.id, ...body });
        current = guestList({ guestLimit: body.guestLimit });
        return HttpResponse.json(current);
      }),
    );
    const { dialog, user } = await openDialog();
    const input = await within(dialog).findByRole('spinbutton', { name: 'Guest limit' });

    await user.type(input, '9');
    await user.click(within(dialog).getByRole('button', { name: 'Save Limit' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Guest limit cannot exceed the places left in this section (its capacity minus you and your friends)',
    );
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await user.clear(input);
    await user.type(input, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Save Limit' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Guest limit must be a whole number of at least 1');
    expect(puts).toEqual([]);

    await user.clear(input);
    await user.type(input, '5');
    await user.click(within(dialog).getByRole('button', { name: 'Save Limit' }));
    expect(await findToast()).toHaveTextContent(/^Guest limit saved$/);
    expect(await within(dialog).findByText('0 of 5 on the list')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Remove Limit' }));
    expect(await within(dialog).findByText('0 on the list, no limit')).toBeInTheDocument();
    expect(puts).toEqual([
      { id: booking.id, guestLimit: 5 },
      { id: booking.id, guestLimit: null },
    ]);
  });

  it("shows the server's refusal of a limit under the field", async () => {
    await signIn(host);
    mockHost(
      () => [],
      () => guestList({ approvedCount: 3 }),
    );
    server.use(
      http.put('/api/bookings/:id/guest-limit', () =>
        HttpResponse.json(
          {
            statusCode: 409,
            code: 'WAITLIST.BELOW_APPROVED',
            message: 'Guest limit cannot be lower than the number of guests already on the list; remove guests first',
          },
          { status: 409 },
        ),
      ),
    );
    const { dialog, user } = await openDialog();
    await user.type(await within(dialog).findByRole('spinbutton', { name: 'Guest limit' }), '2');
    await user.click(within(dialog).getByRole('button', { name: 'Save Limit' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Guest limit cannot be lower than the number of guests already on the list; remove guests first',
    );
  });

  it('an approval past the limit says the guest joined the waitlist', async () => {
    await signIn(host);
    const pat = named('Pat');
    let requests = [pat];
    mockHost(
      () => requests,
      () => guestList({ guestLimit: 1, approvedCount: 1 }),
    );
    server.use(
      http.post('/api/event-join-requests/:id/approve', () => {
        requests = [{ ...pat, status: 'waitlisted', waitlistPosition: 1 }];
        return HttpResponse.json(requests[0]);
      }),
    );
    const { dialog, user } = await openDialog();
    await user.click(await within(dialog).findByRole('button', { name: 'Approve: Pat Doe' }));
    expect(await findToast()).toHaveTextContent(/^Added to the waitlist \(#1\)$/);
    expect(await within(dialog).findByRole('region', { name: 'Waitlist (1)' })).toHaveTextContent('Pat Doe');
  });

  it('Remove posts to the remove path, says so, reads the lists again and moves the focus to the next Remove', async () => {
    await signIn(host);
    const ana = named('Ana', { status: 'approved' });
    const bea = named('Bea', { status: 'approved' });
    let requests = [ana, bea];
    const posts: string[] = [];
    mockHost(
      () => requests,
      () => guestList({ approvedCount: requests.length, approved: requests }),
    );
    server.use(
      http.post('/api/event-join-requests/:id/remove', ({ request }) => {
        posts.push(new URL(request.url).pathname);
        requests = [bea];
        return HttpResponse.json({ ...ana, status: 'removed' });
      }),
    );
    const { dialog, user } = await openDialog();
    await user.click(await within(dialog).findByRole('button', { name: 'Remove: Ana Doe' }));
    expect(await findToast()).toHaveTextContent(/^Guest RemovedAna Doe is no longer on the list\.$/);
    expect(posts).toEqual([`/api/event-join-requests/${ana.id}/remove`]);
    expect(await within(dialog).findByRole('region', { name: 'Approved Guests (1)' })).not.toHaveTextContent('Ana Doe');
    await expect.poll(() => document.activeElement?.textContent).toBe('Remove: Bea Doe');
  });
});

describe('Guest Requests dialog: a promotion owed', () => {
  it('reads the lists again while a place is free and someone waits, until the promotion shows, then stops', async () => {
    // The poll's interval runs on a fake clock (advanced 1.5 s at a time), so a loaded machine cannot starve it.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      await signIn(host);
      const bea = named('Bea', { status: 'waitlisted', waitlistPosition: 1 });
      let reads = 0;
      let promoted = false;
      mockHost(
        () => [promoted ? { ...bea, status: 'approved' as const, waitlistPosition: null } : bea],
        () => {
          reads += 1;
          if (reads >= 3) promoted = true;
          return promoted
            ? guestList({ guestLimit: 1, approvedCount: 1, approved: [{ ...bea, status: 'approved' }] })
            : guestList({ guestLimit: 1, approvedCount: 0, waitlistCount: 1, waitlist: [bea] });
        },
      );
      const { dialog } = await openDialog();
      expect(await within(dialog).findByRole('region', { name: 'Waitlist (1)' })).toHaveTextContent('Bea Doe');
      // Each tick of the interval reads the list again, until the third read shows the promotion.
      while (reads < 3) {
        const before = reads;
        await act(async () => void vi.advanceTimersByTime(PROMOTION_POLL_MS));
        await waitFor(() => expect(reads).toBeGreaterThan(before));
      }
      expect(await within(dialog).findByRole('region', { name: 'Approved Guests (1)' })).toHaveTextContent('Bea Doe');
      expect(within(dialog).queryByRole('region', { name: /^Waitlist/ })).not.toBeInTheDocument();
      expect(reads).toBe(3);
      // Nothing owed any more: further ticks read nothing.
      await act(async () => void vi.advanceTimersByTime(PROMOTION_POLL_MS * 3));
      expect(reads).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('guest home: waitlisted events and leaving (issue 12)', () => {
  it('shows "Waitlisted (#n)" for a waitlisted request and Leave for it and for an approved one; Leave posts to the leave path', async () => {
    await signIn(guest);
    const waiting = makeJoinRequest({
      status: 'waitlisted',
      waitlistPosition: 2,
      venueName: 'Azure Dream',
      bookingDate: '2099-06-06',
    });
    const going = makeJoinRequest({ status: 'approved', venueName: 'Velvet', bookingDate: '2099-06-07' });
    let mine = [waiting, going];
    const posts: string[] = [];
    server.use(
      http.get('/api/event-join-requests/guest', () => HttpResponse.json(mine)),
      http.post('/api/event-join-requests/:id/leave', ({ params }) => {
        posts.push(String(params.id));
        mine = mine.filter((r) => r.id !== params.id);
        return HttpResponse.json({ ...waiting, status: 'left' });
      }),
    );
    const { user } = renderApp('/dashboard?tab=home');
    const region = await screen.findByRole('region', { name: 'Waitlisted' });
    expect(within(region).getByTestId('waitlist-status')).toHaveTextContent(/^Waitlisted \(#2\)$/);
    const attending = await screen.findByRole('region', { name: "Events I'm Attending" });
    expect(within(attending).getByRole('button', { name: 'Leave Event: Velvet' })).toBeEnabled();

    await user.click(within(region).getByRole('button', { name: 'Leave Waitlist: Azure Dream' }));
    expect(await findToast()).toHaveTextContent(/^You left the waitlistAzure Dream$/);
    expect(posts).toEqual([waiting.id]);
    await expect.poll(() => screen.queryByRole('region', { name: 'Waitlisted' })).toBeNull();
    expect(screen.getByRole('heading', { name: "Events I'm Attending" })).toHaveFocus();
  });
});
