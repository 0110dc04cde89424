import { http, HttpResponse, ws } from 'msw';
import { EMAIL_KINDS } from '@luxe/contracts';

/** The live channel (`/api/realtime`): tests push through `realtime` (connections are accepted, silent by default). */
export const realtime = ws.link('*/api/realtime');
import { setupServer } from 'msw/node';

/**
 * Default API: nobody is signed in, every time is free (availability), the public venue lists and the booking, join-request, conversation, invite, swipe-candidate, entertainer, available-event and notification lists are empty (every email on)
 * (so a screen that lists them renders without each test mocking them), and no friend invite
 * exists. Tests add their own handlers with server.use(...).
 */
export const defaultHandlers = [
  realtime.addEventListener('connection', () => undefined),
  http.get('/api/auth/me', () =>
    HttpResponse.json(
      { statusCode: 401, code: 'AUTH.NOT_AUTHENTICATED', message: 'Not authenticated' },
      { status: 401 },
    ),
  ),
  http.get('/api/venues/:city/:state/:type', () => HttpResponse.json([])),
  http.get('/api/venues/:id/availability', ({ request }) => {
    const q = new URL(request.url).searchParams;
    return HttpResponse.json({
      date: q.get('date'),
      duration: Number(q.get('duration') ?? 1),
      takenStartTimes: [],
      dancerTakenStartTimes: [],
      soldOutDates: [],
    });
  }),
  http.get('/api/friends/invite/:token', () =>
    HttpResponse.json(
      { statusCode: 404, code: 'BOOKING.INVITE_NOT_FOUND', message: 'Invite Not Found' },
      { status: 404 },
    ),
  ),
  http.get('/api/friends/invite/:token/pass', () =>
    HttpResponse.json(
      {
        statusCode: 404,
        code: 'PASS.NOT_ATTENDEE',
        message: 'Only the host and the guests of this booking have a pass',
      },
      { status: 404 },
    ),
  ),
  http.get('/api/bookings/user', () => HttpResponse.json([])),
  http.get('/api/bookings/host', () => HttpResponse.json([])),
  http.get('/api/venue-owner-bookings', () => HttpResponse.json([])),
  http.get('/api/event-join-requests/guest', () => HttpResponse.json([])),
  http.get('/api/event-join-requests/pending-counts', () => HttpResponse.json([])),
  http.get('/api/event-join-requests', () => HttpResponse.json([])),
  http.get('/api/bookings/:id/guest-list', ({ params }) =>
    HttpResponse.json({
      bookingId: params.id,
      capacity: 8,
      maxGuestLimit: 7,
      guestLimit: null,
      approvedCount: 0,
      waitlistCount: 0,
      viewerRole: 'host',
      approved: [],
      waitlist: [],
    }),
  ),
  http.get('/api/conversations/:id', () => HttpResponse.json([])),
  http.get('/api/invites/received', () => HttpResponse.json([])),
  http.get('/api/invites/sent', () => HttpResponse.json([])),
  http.get('/api/users/potential-matches', () => HttpResponse.json([])),
  http.get('/api/entertainer/venue-requests', () => HttpResponse.json([])),
  http.get('/api/entertainer/vip-assignments', () => HttpResponse.json([])),
  http.get('/api/venue-owner/entertainer-requests', () => HttpResponse.json([])),
  http.get('/api/venue-owner/vip-assignments', () => HttpResponse.json([])),
  http.get('/api/available-events', () => HttpResponse.json([])),
  http.get('/api/blocks', () => HttpResponse.json([])),
  http.get('/api/notifications', () =>
    HttpResponse.json({ notifications: [], page: 1, pageSize: 20, total: 0, unreadCount: 0 }),
  ),
  http.get('/api/notifications/unread-count', () => HttpResponse.json({ unreadCount: 0 })),
  http.get('/api/notifications/preferences', () =>
    HttpResponse.json(Object.fromEntries(EMAIL_KINDS.map((k) => [k, true]))),
  ),
  http.get('/api/bookings/:id/split', () =>
    HttpResponse.json(
      { statusCode: 404, code: 'SPLIT.NOT_FOUND', message: 'Split payment not found' },
      { status: 404 },
    ),
  ),
];

export const server = setupServer(...defaultHandlers);
