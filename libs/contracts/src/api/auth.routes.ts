import { z } from 'zod';
import { authResultSchema, loginSchema, publicUserSchema, registerSchema } from '../auth';
import { AUTH_ERRORS } from '../errors/auth';
import { defineRoute } from './route';

/** `/api/auth/*` (docs/product.md#accounts). */
export const authRoutes = {
  register: defineRoute({
    id: 'auth.register',
    method: 'POST',
    path: '/api/auth/register',
    service: 'identity',
    access: 'public',
    summary: 'Create an account and start a session (sets the session cookie)',
    body: registerSchema,
    response: publicUserSchema,
    serviceResponse: authResultSchema,
    status: 201,
    rateLimit: 'register',
    errors: [AUTH_ERRORS.EMAIL_TAKEN, AUTH_ERRORS.RATE_LIMITED],
    gatewayHandler: true,
  }),
  login: defineRoute({
    id: 'auth.login',
    method: 'POST',
    path: '/api/auth/login',
    service: 'identity',
    access: 'public',
    summary: 'Sign in with email and password (sets the session cookie)',
    body: loginSchema,
    response: publicUserSchema,
    serviceResponse: authResultSchema,
    rateLimit: 'login',
    errors: [AUTH_ERRORS.INVALID_CREDENTIALS, AUTH_ERRORS.RATE_LIMITED],
    gatewayHandler: true,
  }),
  logout: defineRoute({
    id: 'auth.logout',
    method: 'POST',
    path: '/api/auth/logout',
    service: 'identity',
    access: 'public',
    summary: 'End the current session (clears the session cookie); without a session it does nothing',
    response: z.null(),
    status: 204,
    gatewayHandler: true,
  }),
  me: defineRoute({
    id: 'auth.me',
    method: 'GET',
    path: '/api/auth/me',
    service: 'identity',
    access: 'member',
    summary: 'The signed-in user',
    response: publicUserSchema,
    errors: [AUTH_ERRORS.UNAUTHENTICATED],
    // Answered from identity's snapshot of the user when there is one (no call to identity).
    gatewayHandler: true,
  }),
} as const;
