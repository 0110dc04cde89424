import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { CheckIn } from '@luxe/contracts';
import { axeViolations } from '../../testing/axe';
import { makeUser, signIn } from '../../testing/fixtures';
import { renderApp, screen, within } from '../../testing/render-app';
import { server } from '../../testing/server';
import { makeVenue } from '../../testing/venues';

const owner = makeUser({ id: '11111111-1111-4111-8111-111111111111', firstName: 'Olivia', userType: 'venue' });
const velvet = makeVenue({ id: '22222222-2222-4222-8222-222222222222', name: 'Velvet Room' });
const azure = makeVenue({ id: '33333333-3333-4333-8333-333333333333', name: 'Azure Dream' });
const TOKEN = `${'A'.repeat(46)}.${'b'.repeat(43)}`;

const checkedIn: CheckIn = {
  status: 'checked-in',
  attendeeName: 'Gina',
  kind: 'guest',
  bookingId: '44444444-4444-4444-8444-444444444444',
  sectionType: 'VIP Table',
  startTime: '22:00',
  checkedInAt: '2099-06-07T03:10:00.000Z',
};

/** The door answers `answer` to each check-in; returns the bodies it received. */
async function atTheDoor(answer: (body: Record<string, string>) => Response) {
  await signIn(owner);
  const sent: Record<string, string>[] = [];
  server.use(
    http.get('/api/my-venues', () => HttpResponse.json([velvet, azure])),
    http.get('/api/door/venues/:id/staff', () => HttpResponse.json([])),
    http.post('/api/door/check-in', async ({ request }) => {
      const body = (await request.json()) as Record<string, string>;
      sent.push(body);
      return answer(body);
    }),
  );
  return sent;
}

const result = () => screen.getByTestId('door-result');

describe('venue dashboard: door mode', () => {
  it('checks a typed code in at the chosen venue and announces who came in', async () => {
    const sent = await atTheDoor(() => HttpResponse.json(checkedIn));
    const { user } = renderApp('/venue-dashboard?tab=door');
    expect(await screen.findByRole('heading', { level: 1, name: 'Door' })).toBeInTheDocument();
    await user.selectOptions(await screen.findByLabelText('Venue'), 'Azure Dream');
    await user.type(screen.getByLabelText('Door code'), 'hk4m-7qtx');
    await user.click(screen.getByRole('button', { name: 'Check in' }));
    expect(await within(result()).findByText('Checked in: Gina')).toBeInTheDocument();
    expect(result()).toHaveAttribute('aria-live', 'polite');
    expect(within(result()).getByText(/Guest · VIP Table · 10:00 PM EST/)).toBeInTheDocument();
    expect(sent).toEqual([{ venueId: azure.id, code: 'hk4m-7qtx' }]);
    // The field is cleared for the next guest.
    expect(screen.getByLabelText('Door code')).toHaveValue('');
    expect(await axeViolations()).toEqual([]);
  });

  it('a pass address pasted into the field is sent as its token', async () => {
    const sent = await atTheDoor(() => HttpResponse.json(checkedIn));
    const { user } = renderApp('/venue-dashboard?tab=door');
    await user.type(await screen.findByLabelText('Door code'), `https://luxe.example/pass/${TOKEN}{Enter}`);
    expect(await within(result()).findByText('Checked in: Gina')).toBeInTheDocument();
    expect(sent).toEqual([{ venueId: velvet.id, token: TOKEN }]);
  });

  it('a second scan says the pass was already checked in, and when', async () => {
    await atTheDoor(() =>
      HttpResponse.json(
        { statusCode: 409, code: 'PASS.ALREADY_CHECKED_IN', message: 'Already checked in at 10:42 PM' },
        { status: 409 },
      ),
    );
    const { user } = renderApp('/venue-dashboard?tab=door');
    await user.type(await screen.findByLabelText('Door code'), 'HK4M7QTX{Enter}');
    expect(await within(result()).findByText('Already checked in at 10:42 PM')).toBeInTheDocument();
    expect(result().querySelector('[data-result]')).toHaveAttribute('data-result', 'already');
  });

  it.each([
    ['This pass is for another venue', 422],
    ['This pass is for another date', 422],
    ['This booking was cancelled', 422],
    ['Pass not found', 404],
  ])('a refused pass shows the reason: %s', async (message, status) => {
    await atTheDoor(() => HttpResponse.json({ statusCode: status, code: 'PASS.X', message }, { status }));
    const { user } = renderApp('/venue-dashboard?tab=door');
    await user.type(await screen.findByLabelText('Door code'), 'HK4M7QTX{Enter}');
    expect(await within(result()).findByText(message)).toBeInTheDocument();
    expect(result().querySelector('[data-result]')).toHaveAttribute('data-result', 'refused');
    expect(await axeViolations()).toEqual([]);
  });

  it('an empty code is not sent', async () => {
    const sent = await atTheDoor(() => HttpResponse.json(checkedIn));
    const { user } = renderApp('/venue-dashboard?tab=door');
    await user.click(await screen.findByRole('button', { name: 'Check in' }));
    expect(within(result()).getByText('Type the pass code or scan the QR code')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('says so when the owner has no venue yet', async () => {
    await signIn(owner);
    server.use(http.get('/api/my-venues', () => HttpResponse.json([])));
    renderApp('/venue-dashboard?tab=door');
    expect(await screen.findByRole('heading', { name: 'No venue yet' })).toBeInTheDocument();
  });
});

describe('door staff (issue 31.2.18)', () => {
  const staffUser = makeUser({
    id: '55555555-5555-4555-8555-555555555555',
    firstName: 'Dora',
    email: 'dora@example.com',
    userType: 'guest',
  });
  const dora = {
    venueId: velvet.id,
    userId: staffUser.id,
    firstName: 'Dora',
    email: 'dora@example.com',
    addedAt: '2099-06-07T03:10:00.000Z',
  };

  it('the owner adds a member by email to the chosen venue, sees the list, and can remove him; a refusal shows the server message', async () => {
    await signIn(owner);
    let staff: (typeof dora)[] = [];
    const asked: { venue: string; body?: unknown; removed?: string }[] = [];
    server.use(
      http.get('/api/my-venues', () => HttpResponse.json([velvet, azure])),
      http.get('/api/door/venues/:id/staff', ({ params }) => HttpResponse.json(params.id === velvet.id ? staff : [])),
      http.post('/api/door/venues/:id/staff', async ({ params, request }) => {
        const body = (await request.json()) as { email: string };
        asked.push({ venue: String(params.id), body });
        if (body.email === 'nobody@example.com')
          return HttpResponse.json(
            { statusCode: 404, code: 'PASS.NO_SUCH_MEMBER', message: 'No account with this email' },
            { status: 404 },
          );
        staff = [dora];
        return HttpResponse.json(dora, { status: 201 });
      }),
      http.delete('/api/door/venues/:id/staff/:userId', ({ params }) => {
        asked.push({ venue: String(params.id), removed: String(params.userId) });
        staff = [];
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderApp('/venue-dashboard?tab=door');
    const panel = await screen.findByRole('region', { name: 'Door staff' });
    expect(await within(panel).findByText('No door staff yet.')).toBeInTheDocument();
    await user.type(within(panel).getByLabelText("Staff member's email"), 'nobody@example.com');
    await user.click(within(panel).getByRole('button', { name: 'Add door staff' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent('No account with this email');
    await user.clear(within(panel).getByLabelText("Staff member's email"));
    await user.type(within(panel).getByLabelText("Staff member's email"), 'dora@example.com');
    await user.click(within(panel).getByRole('button', { name: 'Add door staff' }));
    const list = await within(panel).findByRole('list', { name: 'Door staff' });
    expect(within(list).getByText('Dora')).toBeInTheDocument();
    expect(await screen.findByText('Door staff added')).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
    await user.click(within(list).getByRole('button', { name: 'Remove Dora from door staff' }));
    expect(await within(panel).findByText('No door staff yet.')).toBeInTheDocument();
    expect(asked).toEqual([
      { venue: velvet.id, body: { email: 'nobody@example.com' } },
      { venue: velvet.id, body: { email: 'dora@example.com' } },
      { venue: velvet.id, removed: staffUser.id },
    ]);
  });

  it('a staff member (not an owner) opens /door: only the venues he keeps the door of, and check-in there', async () => {
    await signIn(staffUser);
    const sent: unknown[] = [];
    server.use(
      http.get('/api/door/venues', () =>
        HttpResponse.json([{ venueId: azure.id, name: 'Azure Dream', city: 'Miami', role: 'staff' }]),
      ),
      http.post('/api/door/check-in', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(checkedIn);
      }),
    );
    const { user } = renderApp('/door');
    expect(await screen.findByRole('heading', { level: 1, name: 'Door check-in' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Venue')).toHaveDisplayValue('Azure Dream');
    expect(screen.queryByRole('region', { name: 'Door staff' })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Venue dashboard' })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Door code'), 'HK4M7QTX{Enter}');
    expect(await within(result()).findByText('Checked in: Gina')).toBeInTheDocument();
    expect(sent).toEqual([{ venueId: azure.id, code: 'HK4M7QTX' }]);
    expect(await axeViolations()).toEqual([]);
  });

  it('a member who keeps no door is told how to get one', async () => {
    await signIn(staffUser);
    server.use(http.get('/api/door/venues', () => HttpResponse.json([])));
    renderApp('/door');
    expect(await screen.findByRole('heading', { name: 'No door to keep yet' })).toBeInTheDocument();
  });
});
