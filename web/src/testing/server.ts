import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

/**
 * Default API: nobody is signed in, the public venue lists and the booking and conversation lists are empty
 * (so a screen that lists them renders without each test mocking them), and no friend invite
 * exists. Tests add their own handlers with server.use(...).
 */
export const defaultHandlers = [
  http.get('/api/auth/me', () => HttpResponse.json({ statusCode: 401, code: 'AUTH.NOT_AUTHENTICATED', message: 'Not authenticated' }, { status: 401 })),
  http.get('/api/venues/:city/:state/:type', () => HttpResponse.json([])),
  http.get('/api/friends/invite/:token', () => HttpResponse.json({ statusCode: 404, code: 'BOOKING.INVITE_NOT_FOUND', message: 'Invite Not Found' }, { status: 404 })),
  http.get('/api/bookings/user', () => HttpResponse.json([])),
  http.get('/api/bookings/host', () => HttpResponse.json([])),
  http.get('/api/venue-owner-bookings', () => HttpResponse.json([])),
  http.get('/api/conversations/:id', () => HttpResponse.json([])),
];

export const server = setupServer(...defaultHandlers);
