import { z } from 'zod';
import { publicUserSchema } from '../auth';
import { AUTH_ERRORS } from '../errors/auth';
import {
  addImageSchema,
  imageLocationSchema,
  imageParamsSchema,
  imagePathResultSchema,
  profilePhotosSchema,
  profileSchema,
  uploadUrlSchema,
  userIdParamsSchema,
} from '../profile';
import { PROFILE_ERRORS } from '../errors/profile';
import { defineRoute } from './route';

/**
 * A member's own profile, photos and account (docs/product.md#profiles). Every `/api/users/{id}`
 * route refuses (403) a caller whose session is not that user; none trusts an id from the browser.
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
    // Photos must be the member's own uploads (a path under another user's folder is refused).
    errors: [AUTH_ERRORS.UNAUTHENTICATED, AUTH_ERRORS.FORBIDDEN],
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
  uploadUrl: defineRoute({
    id: 'users.uploadUrl',
    method: 'POST',
    path: '/api/users/:id/upload-url',
    service: 'identity',
    access: 'member',
    rateLimit: 'member-uploads',
    summary:
      "A short-lived presigned POST for one photo (the form fields, then Content-Type image/... and the file; the storage refuses over 10 MB), and the upload's path",
    params: userIdParamsSchema,
    response: uploadUrlSchema,
    errors: [AUTH_ERRORS.UNAUTHENTICATED, AUTH_ERRORS.FORBIDDEN],
  }),
  addImage: defineRoute({
    id: 'users.addImage',
    method: 'PUT',
    path: '/api/users/:id/images',
    service: 'identity',
    access: 'member',
    summary:
      'Check an uploaded file (an image by its content, at most 10 MB), strip its metadata (EXIF, GPS) and keep it; answers the photo path',
    params: userIdParamsSchema,
    body: addImageSchema,
    response: imagePathResultSchema,
    errors: [AUTH_ERRORS.UNAUTHENTICATED, AUTH_ERRORS.FORBIDDEN, PROFILE_ERRORS.UPLOAD_REJECTED],
  }),
  image: defineRoute({
    id: 'users.image',
    method: 'GET',
    path: '/api/images/users/:userId/:file',
    service: 'identity',
    access: 'public',
    summary: 'A member photo: a redirect to the stored file, cacheable (the path never changes content)',
    params: imageParamsSchema,
    response: z.null(),
    serviceResponse: imageLocationSchema,
    status: 302,
    errors: [PROFILE_ERRORS.IMAGE_NOT_FOUND],
    gatewayHandler: true,
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
