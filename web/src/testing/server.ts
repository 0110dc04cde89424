import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

/** Default API: nobody is signed in. Tests add their own handlers with server.use(...). */
export const defaultHandlers = [http.get('/api/auth/me', () => HttpResponse.json({ statusCode: 401, code: 'AUTH.NOT_AUTHENTICATED', message: 'Not authenticated' }, { status: 401 }))];

export const server = setupServer(...defaultHandlers);
