import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  BOOKING_MESSAGES,
  bookingWindow,
  cancellationScheduleLines,
  todayInNewYork,
  type Friend,
  type MemberCardView,
  type Venue,
} from '@luxe/contracts';
import { AppProviders } from '../../app/providers';
import { makeUser, storeUser } from '../../testing/fixtures';
import { makeMember } from '../../testing/invites';
import { server } from '../../testing/server';
import { makeVenue } from '../../testing/venues';
import { STORAGE_KEYS } from '../../lib/storage';
import { YachtFlow } from './components/yacht-flow';
import { cancellationKind } from './rules';

const host = makeUser({
  firstName: 'Ava',
  lastName: 'Sterling',
  profileImages: ['/api/images/users/a/1.jpg', '/api/images/users/a/2.jpg'],
});

const yacht: Venue = makeVenue({
  name: 'Azure Dream',
  type: 'yacht',
  subtype: null,
  city: 'Miami, FL',
  state: 'Florida',
  rating: '4.80',
  capacity: 12,
  yachtLength: 85,
  hasCaptain: true,
  responseRate: 98,
  pricePerHour: '1000.00',
  pricingTiers: [{ hours: 4, price: 3500 }],
  images: ['/img/a.jpg', '/img/b.jpg', '/img/c.jpg'],
  imageUrl: '/img/a.jpg',
  formattedPrice: '$1,000/hr',
  description: 'A sleek 85 ft motor yacht with a flybridge, a sun pad, a swim platform and a sound system. '
    .repeat(4)
    .trim(),
  amenities: ['Sound system', 'Jet ski'],
  cancellationPolicy: 'moderate',
  rules: ['No smoking inside', 'Life jackets on board'],
});

function friendOf(name: string, n: number, picture: string | null = null): Friend {
  return {
    id: `aaaaaaaa-0000-4000-8000-${String(n).padStart(12, '0')}`,
    userId: host.id,
    bookingId: null,
    name,
    phoneNumber: null,
    instagram: null,
    profilePicture: picture,
    inviteUrl: `/friend-invite/token${n}tokentokentoken`,
    claimed: false,
    createdAt: '2025-01-01T00:00:00.000Z',
  };
}

/** POST /api/friends answers a new friend each time; returns the names asked for. */
function mockFriends() {
  const names: string[] = [];
  server.use(
    http.post('/api/friends', async ({ request }) => {
      const body = (await request.json()) as { name: string };
      names.push(body.name);
      return HttpResponse.json(friendOf(body.name, names.length), { status: 201 });
    }),
  );
  return names;
}

function Where() {
  const l = useLocation();
  return <p data-testid="where">{l.pathname}</p>;
}

function renderFlow(venue: Venue = yacht) {
  const router = createMemoryRouter(
    [
      { path: '/booking/:venueId', element: <YachtFlow venue={venue} guest={false} /> },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [`/booking/${venue.id}`] },
  );
  const user = userEvent.setup();
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { user, router };
}

const next = () => screen.getByRole('button', { name: 'Next' });

/** Book it → a start time → Next: on the invites step. */
async function toInvites(user: ReturnType<typeof userEvent.setup>, time = '9:00 PM') {
  await user.click(screen.getByRole('button', { name: 'Book it' }));
  await user.click(screen.getByRole('radio', { name: time }));
  await user.click(next());
  await screen.findByRole('heading', { level: 1, name: 'Event Invites' });
}

const sofia = makeMember({
  firstName: 'Sofia',
  age: 26,
  bio: 'Sunset sails, house music and good champagne.',
  profileImages: ['/img/sofia-1.jpg', '/img/sofia-2.jpg', '/img/sofia-3.jpg'],
});
const marcus = makeMember({ firstName: 'Marcus', age: null, bio: null, profileImages: [] });
const isabella = makeMember({ firstName: 'Isabella', age: 24 });
const fourth = makeMember({ firstName: 'Fourth' });

/** GET /api/users/potential-matches answers `members`; returns the query strings asked. */
function mockCandidates(members: MemberCardView[]) {
  const queries: string[] = [];
  server.use(
    http.get('/api/users/potential-matches', ({ request }) => {
      queries.push(new URL(request.url).search);
      return HttpResponse.json(members);
    }),
  );
  return queries;
}

beforeEach(() => {
  storeUser(host);
  mockCandidates([sofia, marcus, isabella]);
});

describe('yacht flow, step 1: the detail page', () => {
  it('shows the gallery with its counter, title, place, rating, bookings, specs, price and Book it', async () => {
    const { user } = renderFlow();
    expect(screen.getByRole('heading', { level: 1, name: 'Azure Dream' })).toBeInTheDocument();
    const gallery = screen.getByRole('region', { name: 'Photos of Azure Dream' });
    expect(within(gallery).getByRole('img')).toHaveAttribute('src', '/img/a.jpg');
    expect(within(gallery).getByTestId('photo-counter')).toHaveTextContent('1 / 3');
    await user.click(within(gallery).getByRole('button', { name: 'Next photo' }));
    expect(within(gallery).getByTestId('photo-counter')).toHaveTextContent('2 / 3');
    expect(within(gallery).getByRole('img')).toHaveAttribute('src', '/img/b.jpg');
    await user.click(within(gallery).getByRole('button', { name: 'Previous photo' }));
    await user.click(within(gallery).getByRole('button', { name: 'Previous photo' }));
    expect(within(gallery).getByTestId('photo-counter')).toHaveTextContent('3 / 3');

    expect(screen.getByTestId('detail-place')).toHaveTextContent(/^Miami, FL$/);
    expect(screen.getByLabelText('Rated 4.8 out of 5')).toBeInTheDocument();
    expect(screen.getByTestId('detail-bookings')).toHaveTextContent(/^0 bookings$/);
    const specs = screen.getAllByRole('term').map((t) => `${t.textContent}: ${t.nextElementSibling?.textContent}`);
    expect(specs).toEqual(['Length: 85 ft', 'Passengers: Up to 12', 'Crew: Captained', 'Response rate: 98%']);
    expect(screen.getByTestId('detail-price')).toHaveTextContent('$1,000/hr');
    expect(screen.getByRole('button', { name: 'Book it' })).toBeEnabled();
  });

  it('a yacht without captain is bareboat; the arrow keys move the gallery', async () => {
    const { user } = renderFlow(makeVenue({ ...yacht, hasCaptain: false }));
    expect(screen.getByText('Bareboat')).toBeInTheDocument();
    const gallery = screen.getByRole('region', { name: 'Photos of Azure Dream' });
    within(gallery).getByRole('button', { name: 'Next photo' }).focus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(within(gallery).getByTestId('photo-counter')).toHaveTextContent('3 / 3');
  });

  it('reads more and shows less of a long description', async () => {
    const { user } = renderFlow();
    const text = screen.getByTestId('detail-description');
    expect(text).toHaveClass('line-clamp-3');
    await user.click(screen.getByRole('button', { name: 'Read more' }));
    expect(text).not.toHaveClass('line-clamp-3');
    expect(screen.getByRole('button', { name: 'Show less' })).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('button', { name: 'Show less' }));
    expect(text).toHaveClass('line-clamp-3');
  });

  it('Amenities, Cancellation policy (badge) and Rules & Safety open and close', async () => {
    const { user } = renderFlow();
    const amenities = screen.getByRole('button', { name: 'Amenities' });
    expect(amenities).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('Jet ski')).not.toBeVisible();
    await user.click(amenities);
    expect(amenities).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Jet ski')).toBeVisible();

    const policy = screen.getByRole('button', { name: /Cancellation policy/ });
    expect(within(policy).getByTestId('cancellation-badge')).toHaveTextContent(/^MODERATE$/);
    await user.click(policy);
    expect(screen.getByTestId('cancellation-rules')).toHaveTextContent(
      'Full refund up to 5 days before the start; 50% refund up to 48 hours before; no refund after.',
    );
    expect(screen.getByTestId('cancellation-rules')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Rules & Safety' }));
    expect(screen.getByText('Life jackets on board')).toBeVisible();
    await user.click(amenities);
    expect(screen.queryByText('Jet ski')).not.toBeVisible();
  });

  it('the policy badge follows the policy text', () => {
    expect(cancellationKind('Flexible: full refund up to 24 hours before')).toBe('FLEXIBLE');
    expect(cancellationKind('Strict. Deposits are non-refundable.')).toBe('STRICT');
    expect(cancellationKind('50% refund up to 7 days before')).toBe('MODERATE');
    expect(cancellationKind('strict')).toBe('STRICT');
    expect(cancellationKind('flexible')).toBe('FLEXIBLE');
    expect(cancellationKind(null)).toBe('MODERATE');
  });
});

describe('yacht flow, step 2: Book Your Yacht', () => {
  it('defaults the date to today in New York (not before), lists the 9 start times, and Next waits for a start time', async () => {
    const { user } = renderFlow();
    await user.click(screen.getByRole('button', { name: 'Book it' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Book Your Yacht' })).toHaveFocus();
    const date = screen.getByLabelText('Date');
    expect(date).toHaveValue(todayInNewYork());
    expect(date).toHaveAttribute('min', todayInNewYork());
    const times = within(screen.getByRole('group', { name: 'Start time' })).getAllByRole('radio');
    expect(times.map((r) => r.closest('label')?.textContent)).toEqual([
      '6:00 PM',
      '7:00 PM',
      '8:00 PM',
      '9:00 PM',
      '10:00 PM',
      '11:00 PM',
      '12:00 AM',
      '1:00 AM',
      '2:00 AM',
    ]);
    expect(screen.getByText('Hit Next to Start Inviting Guest')).toBeInTheDocument();
    expect(next()).toBeDisabled();

    await user.click(screen.getByRole('radio', { name: '10:00 PM' }));
    expect(next()).toBeEnabled();
  });

  it("disables the yacht's taken start times with the reason in words and lists its sold-out nights (issue 31.17)", async () => {
    const today = todayInNewYork();
    const asked: string[] = [];
    server.use(
      http.get('/api/venues/:id/availability', ({ request, params }) => {
        const q = new URL(request.url).searchParams;
        asked.push(`${String(params.id)} ${q.get('sectionId')} ${q.get('date')} ${q.get('duration')}`);
        return HttpResponse.json({
          date: q.get('date'),
          duration: Number(q.get('duration')),
          takenStartTimes: ['20:00'],
          soldOutDates: [today],
        });
      }),
    );
    const { user } = renderFlow();
    await user.click(screen.getByRole('button', { name: 'Book it' }));
    const eight = await screen.findByRole('radio', { name: /^8:00 PM, taken for \d hours?$/ });
    expect(eight).toBeDisabled();
    expect(eight.closest('label')).toHaveTextContent('Taken');
    expect(screen.getByRole('radio', { name: '9:00 PM' })).toBeEnabled();
    expect(asked[0]).toMatch(new RegExp(`^${yacht.id} null ${today} \\d$`));
    expect(screen.getByTestId('sold-out-nights')).toHaveTextContent('Sold out this month:');
    expect(screen.getByText(/Sold out: every start time on/)).toBeInTheDocument();
  });

  it('Next is disabled again without a date, and for a date before today', async () => {
    const { user } = renderFlow();
    await user.click(screen.getByRole('button', { name: 'Book it' }));
    await user.click(screen.getByRole('radio', { name: '6:00 PM' }));
    const date = screen.getByLabelText('Date');
    await user.clear(date);
    expect(next()).toBeDisabled();
    await user.type(date, '2020-01-01');
    expect(next()).toBeDisabled();
    expect(screen.getByRole('alert')).toHaveTextContent(BOOKING_MESSAGES.pastDate);
    // A five-digit year (a date input lets it through) is refused too.
    fireEvent.change(date, { target: { value: '20266-05-01' } });
    expect(next()).toBeDisabled();
    expect(screen.getByRole('alert')).toHaveTextContent(BOOKING_MESSAGES.tooFar);
  });

  it('prices the duration: the tier for exactly those hours, else hourly × hours', async () => {
    const { user } = renderFlow();
    await user.click(screen.getByRole('button', { name: 'Book it' }));
    const duration = screen.getByLabelText('Duration');
    expect(
      within(duration)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['1 hour', '2 hours', '3 hours', '4 hours', '5 hours', '6 hours']);
    expect(screen.getByTestId('schedule-price')).toHaveTextContent('$3,500.00');
    await user.selectOptions(duration, '3');
    expect(screen.getByTestId('schedule-price')).toHaveTextContent('$3,000.00');
  });
});

describe('yacht flow, step 3: Event Invites', () => {
  it("invites on by default; a deck of up to 3 guests of the host's state with decline and invite, n of 3, then the finish message", async () => {
    const queries = mockCandidates([sofia, marcus, isabella, fourth]);
    const { user } = renderFlow();
    await toInvites(user);
    const invites = screen.getByRole('checkbox', { name: 'Send & Receive Invites for your Event' });
    expect(invites).toBeChecked();

    const first = await screen.findByRole('article', { name: /Sofia/ });
    expect(queries).toEqual(['?state=Florida']);
    expect(within(first).getByRole('heading', { name: 'Sofia, 26' })).toBeInTheDocument();
    expect(within(first).getByText(/Sunset sails/)).toBeInTheDocument();
    expect(within(first).getByRole('img', { name: 'Sofia, photo 1 of 3' })).toHaveAttribute('src', '/img/sofia-1.jpg');
    expect(within(first).getByTestId('photo-counter')).toHaveTextContent('1 / 3');
    expect(screen.getByTestId('deck-counter')).toHaveTextContent('1 of 3');

    await user.click(screen.getByRole('button', { name: 'Invite Sofia' }));
    expect(screen.getByTestId('deck-counter')).toHaveTextContent('2 of 3');
    // No age: 25; no photo: a placeholder.
    expect(screen.getByRole('heading', { name: 'Marcus, 25' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Marcus has no photo yet' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Decline Marcus' }));
    expect(screen.getByTestId('deck-counter')).toHaveTextContent('3 of 3');
    // By keyboard alone.
    screen.getByRole('button', { name: 'Invite Isabella' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    expect(screen.queryByText(/Fourth/)).not.toBeInTheDocument();
    expect(screen.getByText('Finish Booking to Send More Invites and Receive them')).toBeInTheDocument();
    expect(screen.getByText('2 of 3 guests invited')).toBeInTheDocument();
    expect(next()).toBeEnabled();
  });

  it('a smaller deck counts n of its size', async () => {
    mockCandidates([isabella]);
    const { user } = renderFlow();
    await toInvites(user);
    await screen.findByRole('article', { name: /Isabella/ });
    expect(screen.getByTestId('deck-counter')).toHaveTextContent('1 of 1');
    await user.click(screen.getByRole('button', { name: 'Invite Isabella' }));
    expect(screen.getByText('1 of 1 guests invited')).toBeInTheDocument();
  });

  it('without guests in the area the step says so, and Next continues', async () => {
    mockCandidates([]);
    const { user } = renderFlow();
    await toInvites(user);
    expect(await screen.findByText('No guests to invite in your area yet')).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    await user.click(next());
    expect(
      screen.getByRole('heading', { level: 1, name: 'Would you like to add some friends to your event?' }),
    ).toHaveFocus();
  });

  it('turning invites off hides the deck; Next goes to the friends prompt', async () => {
    const { user } = renderFlow();
    await toInvites(user);
    await user.click(screen.getByRole('checkbox', { name: 'Send & Receive Invites for your Event' }));
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    await user.click(next());
    expect(
      screen.getByRole('heading', { level: 1, name: 'Would you like to add some friends to your event?' }),
    ).toHaveFocus();
  });
});

describe('yacht flow, steps 4 to 6: friends', () => {
  it('the prompt is strongly recommended; Skip for Now goes to the photos step, whose Back is the friends step', async () => {
    const { user } = renderFlow();
    await toInvites(user);
    await user.click(next());
    expect(screen.getByText('Strongly recommended')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Yes, Add Friends' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Skip for Now' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Friends Photos' })).toBeInTheDocument();
    expect(screen.getByText(/Recommended: add a photo for every guest/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Add Friends' })).toBeInTheDocument();
  });

  it('adds friends by name (Add disabled while blank), uploads a photo through the friend upload API, removes one', async () => {
    const names = mockFriends();
    const posts: { url: string; key: unknown; type: unknown; size: number }[] = [];
    const pictures: { id: string; imageURL: string }[] = [];
    const removed: string[] = [];
    server.use(
      http.delete('/api/friends/:id', ({ params }) => {
        removed.push(String(params.id));
        return new HttpResponse(null, { status: 204 });
      }),
      http.post('/api/friends/:id/images', ({ params }) =>
        HttpResponse.json({
          uploadUrl: 'https://storage.test/luxe-bookings',
          fields: { key: `staging/friends/${String(params.id)}/up` },
          objectPath: `staging/friends/${String(params.id)}/up`,
        }),
      ),
      http.post('https://storage.test/luxe-bookings', async ({ request }) => {
        const form = await request.formData();
        posts.push({
          url: request.url,
          key: form.get('key'),
          type: form.get('Content-Type'),
          size: (form.get('file') as File).size,
        });
        return new HttpResponse(null, { status: 204 });
      }),
      http.put('/api/friends/:id/picture', async ({ params, request }) => {
        const body = (await request.json()) as { imageURL: string };
        pictures.push({ id: String(params.id), imageURL: body.imageURL });
        return HttpResponse.json(
          friendOf('Jamie', 1, '/api/images/friends/aaaaaaaa-0000-4000-8000-000000000001/p.jpg'),
        );
      }),
    );
    const { user } = renderFlow();
    await toInvites(user);
    await user.click(next());
    await user.click(screen.getByRole('button', { name: 'Yes, Add Friends' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Add Friends' })).toHaveFocus();

    const name = screen.getByLabelText('Friend name');
    const add = screen.getByRole('button', { name: 'Add' });
    expect(add).toBeDisabled();
    await user.type(name, '   ');
    expect(add).toBeDisabled();
    await user.clear(name);
    await user.type(name, ' Jamie {Enter}');
    const list = await screen.findByRole('list', { name: /Friends added/ });
    expect(await within(list).findByText('Jamie')).toBeInTheDocument();
    expect(names).toEqual(['Jamie']);
    expect(name).toHaveValue('');
    await user.type(name, 'Riley');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await within(list).findByText('Riley');
    expect(screen.getByRole('heading', { name: 'Friends added (2)' })).toBeInTheDocument();

    const file = new File(['fake-jpeg-bytes'], 'jamie.jpg', { type: 'image/jpeg' });
    await user.upload(screen.getByLabelText('Upload photo for Jamie'), file);
    expect(await within(list).findByRole('img', { name: 'Photo of Jamie' })).toHaveAttribute(
      'src',
      '/api/images/friends/aaaaaaaa-0000-4000-8000-000000000001/p.jpg',
    );
    expect(posts).toEqual([
      {
        url: 'https://storage.test/luxe-bookings',
        key: 'staging/friends/aaaaaaaa-0000-4000-8000-000000000001/up',
        type: 'image/jpeg',
        size: file.size,
      },
    ]);
    expect(pictures).toEqual([
      {
        id: 'aaaaaaaa-0000-4000-8000-000000000001',
        imageURL: 'staging/friends/aaaaaaaa-0000-4000-8000-000000000001/up',
      },
    ]);

    await user.click(screen.getByRole('button', { name: 'Remove Riley' }));
    await waitFor(() => expect(within(list).queryByText('Riley')).not.toBeInTheDocument());
    // Removed on the server too (his invite link stops working there).
    expect(removed).toEqual(['aaaaaaaa-0000-4000-8000-000000000002']);

    await user.click(next());
    expect(screen.getByRole('heading', { level: 1, name: 'Friends Photos' })).toBeInTheDocument();
    expect(screen.getByTestId('photos-progress')).toHaveTextContent('1 of 1 guests have a photo');
    await user.click(next());
    expect(screen.getByRole('heading', { level: 1, name: 'Event Preview' })).toBeInTheDocument();
  });

  it('keeps a friend the server could not remove, and says so', async () => {
    mockFriends();
    server.use(http.delete('/api/friends/:id', () => HttpResponse.json({ message: 'down' }, { status: 500 })));
    const { user } = renderFlow();
    await toInvites(user);
    await user.click(next());
    await user.click(screen.getByRole('button', { name: 'Yes, Add Friends' }));
    await user.type(screen.getByLabelText('Friend name'), 'Riley{Enter}');
    const list = await screen.findByRole('list', { name: /Friends added/ });
    await within(list).findByText('Riley');
    await user.click(screen.getByRole('button', { name: 'Remove Riley' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to remove friend. Please try again.');
    expect(within(list).getByText('Riley')).toBeInTheDocument();
  });

  it('says so when the friend cannot be added, or the photo cannot be uploaded', async () => {
    let fail = true;
    server.use(
      http.post('/api/friends', () =>
        fail
          ? HttpResponse.json({ message: 'down' }, { status: 500 })
          : HttpResponse.json(friendOf('Jamie', 1), { status: 201 }),
      ),
      http.post('/api/friends/:id/images', () => HttpResponse.json({ message: 'nope' }, { status: 500 })),
    );
    const { user } = renderFlow();
    await toInvites(user);
    await user.click(next());
    await user.click(screen.getByRole('button', { name: 'Yes, Add Friends' }));
    await user.type(screen.getByLabelText('Friend name'), 'Jamie{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to add friend. Please try again.');
    expect(screen.getByLabelText('Friend name')).toHaveValue('Jamie');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await screen.findByText('Jamie', { selector: 'span' });
    await user.upload(screen.getByLabelText('Upload photo for Jamie'), new File(['x'], 'j.png', { type: 'image/png' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to upload image');
  });
});

describe('yacht flow, step 7: Event Preview and Confirm Booking', () => {
  async function toPreviewWith(friendNames: string[]) {
    mockFriends();
    const r = renderFlow();
    await toInvites(r.user, '11:00 PM');
    await r.user.click(await screen.findByRole('button', { name: 'Invite Sofia' }));
    await r.user.click(next());
    await r.user.click(screen.getByRole('button', { name: 'Yes, Add Friends' }));
    const list = () => screen.queryByRole('list', { name: /Friends added/ });
    for (const [i, n] of friendNames.entries()) {
      await r.user.type(screen.getByLabelText('Friend name'), `${n}{Enter}`);
      await waitFor(() => expect(list()?.querySelectorAll('li')).toHaveLength(i + 1));
    }
    await r.user.click(next());
    await r.user.click(next());
    await screen.findByRole('heading', { level: 1, name: 'Event Preview' });
    return r;
  }

  it('shows 5 friend avatars then +N', async () => {
    await toPreviewWith(['Ana', 'Ben', 'Cat', 'Dan', 'Eve', 'Fay', 'Gus']);
    const avatars = screen.getByTestId('preview-avatars');
    expect(within(avatars).getAllByRole('listitem')).toHaveLength(5);
    expect(within(avatars).getByRole('img', { name: 'Eve, no photo yet' })).toBeInTheDocument();
    expect(within(avatars).queryByRole('img', { name: 'Fay, no photo yet' })).not.toBeInTheDocument();
    expect(screen.getByTestId('preview-more')).toHaveTextContent(/^\+2/);
  });

  it('no +N with 5 friends or fewer', async () => {
    await toPreviewWith(['Ana', 'Ben', 'Cat', 'Dan', 'Eve']);
    expect(within(screen.getByTestId('preview-avatars')).getAllByRole('listitem')).toHaveLength(5);
    expect(screen.queryByTestId('preview-more')).not.toBeInTheDocument();
  });

  it('the host profile dialog shows photos and friends, traps focus, closes with Escape and gives focus back', async () => {
    const { user } = await toPreviewWith(['Ana']);
    expect(screen.getByRole('region', { name: 'Photos of Azure Dream' })).toBeInTheDocument();
    const open = screen.getByRole('button', { name: 'View host profile' });
    await user.click(open);
    const dialog = screen.getByRole('dialog', { name: 'Ava Sterling' });
    expect(within(dialog).getAllByRole('img', { name: /^Ava Sterling, photo/ })).toHaveLength(2);
    expect(within(dialog).getByText('Ana')).toBeInTheDocument();
    const close = within(dialog).getByRole('button', { name: 'Close' });
    expect(close).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(open).toHaveFocus();
  });

  it('Confirm Booking writes the pending booking and goes to /payment', async () => {
    const { user, router } = await toPreviewWith(['Ana', 'Ben']);
    expect(screen.getByTestId('preview-when')).toHaveTextContent('11:00 PM – 3:00 AM EST (4 hours)');
    // Before paying: the refund for each cancellation date, from the venue's policy and the start.
    const refunds = screen.getByTestId('refund-schedule');
    expect(refunds).toHaveTextContent('Cancellation policy: Moderate');
    for (const line of cancellationScheduleLines('moderate', bookingWindow(todayInNewYork(), '23:00', 4).startsAt))
      expect(refunds).toHaveTextContent(`${line.when}${line.refund}`);
    await user.type(screen.getByLabelText('Event description'), '  Birthday on the bay  ');
    await user.click(screen.getByRole('button', { name: 'Confirm Booking' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment'));
    const stored = JSON.parse(window.localStorage.getItem(STORAGE_KEYS.pendingBooking) ?? 'null') as Record<
      string,
      unknown
    >;
    expect(stored).toEqual({
      venueId: yacht.id,
      venueName: 'Azure Dream',
      venueImage: '/img/a.jpg',
      date: todayInNewYork(),
      time: '23:00',
      duration: 4,
      totalPrice: 3500,
      eventDescription: 'Birthday on the bay',
      friendsCount: 2,
      sendInvites: true,
      invitedMemberIds: [sofia.id],
      friendIds: ['aaaaaaaa-0000-4000-8000-000000000001', 'aaaaaaaa-0000-4000-8000-000000000002'],
      cancellationPolicy: 'moderate',
    });
    expect(typeof stored.totalPrice).toBe('number');
  });
});

describe('yacht flow: leaving and signing in', () => {
  it('Back on the detail page without history goes to /dashboard; Back on later steps goes one step back', async () => {
    const { user, router } = renderFlow();
    await user.click(screen.getByRole('button', { name: 'Book it' }));
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Azure Dream' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('a visitor who confirms is sent to /login, and comes back to /payment after signing in', async () => {
    window.localStorage.removeItem(STORAGE_KEYS.currentUser);
    window.localStorage.removeItem(STORAGE_KEYS.currentUserId);
    const { user, router } = renderFlow();
    await toInvites(user);
    await user.click(next());
    await user.click(screen.getByRole('button', { name: 'Skip for Now' }));
    await user.click(next());
    await user.click(screen.getByRole('button', { name: 'Confirm Booking' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(window.localStorage.getItem(STORAGE_KEYS.redirectAfterLogin)).toBe('/payment');
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.pendingBooking) ?? 'null')).toMatchObject({
      venueId: yacht.id,
      time: '21:00',
      friendsCount: 0,
      eventDescription: '',
    });
  });
});
