import { z } from 'zod';
import { publicUserSchema } from '../auth';
import { AUTH_ERRORS } from '../errors/auth';
import { profilePhotosSchema, profileSchema, userIdParamsSchema } from '../profile';
import { defineRoute } from './route';

/**
 * A member's own profile, photos and account (spec doc 1 §7). Every `/api/users/{id}` route
 * refuses (403) a caller whose session is not that user; none trusts an id from the browser.
 */
export const userRoutes = {
  updateProfile: defineRoute({
    id: 'users.updateProfile',
    method: 'POST',
    path: '/api/profile',
    service: 'identity',
    access: 'member',
    summary: "Save the signed-in user's profile details (age, bio; photos optional)",
    body: profileSchema,
    response: publicUserSchema,
    errors: [AUTH_ERRORS.UNAUTHENTICATED],
  }),
  savePhotos: defineRoute({
    id: 'users.savePhotos',
    method: 'PUT',
    path: '/api/users/:id/profile',
    service: 'identity',
    access: 'member',
    summary: 'Save the photo list (at most 6, the first is the main photo); only the account itself',
    params: userIdParamsSchema,
    body: profilePhotosSchema,
    response: publicUserSchema,
    errors: [AUTH_ERRORS.UNAUTHENTICATED, AUTH_ERRORS.FORBIDDEN],
  }),
  deleteAccount: defineRoute({
    id: 'users.deleteAccount',
    method: 'DELETE',
    path: '/api/users/:id',
    service: 'identity',
    access: 'member',
    summary: 'Delete the account and end its sessions; every service then erases what it holds about it',
    params: userIdParamsSchema,
    response: z.null(),
    status: 204,
    errors: [AUTH_ERRORS.UNAUTHENTICATED, AUTH_ERRORS.FORBIDDEN],
    gatewayHandler: true,
  }),
} as const;
