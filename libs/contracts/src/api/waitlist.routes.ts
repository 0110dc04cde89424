import { AUTH_ERRORS } from '../errors/auth';
import { SOCIAL_ERRORS } from '../errors/social';
import { WAITLIST_ERRORS } from '../errors/waitlist';
import { joinRequestIdParamsSchema, joinRequestSchema } from '../social';
import { guestLimitInputSchema, guestListParamsSchema, guestListSchema } from '../waitlist';
import { defineRoute } from './route';

/**
 * Guest list with a waitlist (docs/product.md#social-guest-list), served by social: the host's
 * guest limit, the guest list, a guest leaving and the host removing a guest (both promote from the
 * waitlist).
 */
export const guestListRoutes = {
  get: defineRoute({
    id: 'guestList.get',
    method: 'GET',
    path: '/api/bookings/:id/guest-list',
    service: 'social',
    access: 'member',
    summary:
      "An event's guest list: approved guests and the waitlist in order, limit and capacity (the host; an approved or waitlisted guest sees the figures only)",
    params: guestListParamsSchema,
    response: guestListSchema,
    errors: [AUTH_ERRORS.UNAUTHENTICATED, SOCIAL_ERRORS.EVENT_NOT_FOUND],
  }),
  setLimit: defineRoute({
    id: 'guestList.setLimit',
    method: 'PUT',
    path: '/api/bookings/:id/guest-limit',
    service: 'social',
    access: 'member',
    summary:
      "Set or clear (null) the event's guest limit (its host only; at most the section's capacity less the host and his friends; not below the guests already approved). Raising it promotes from the waitlist",
    params: guestListParamsSchema,
    body: guestLimitInputSchema,
    response: guestListSchema,
    errors: [
      AUTH_ERRORS.UNAUTHENTICATED,
      SOCIAL_ERRORS.EVENT_NOT_FOUND,
      WAITLIST_ERRORS.OVER_CAPACITY,
      WAITLIST_ERRORS.BELOW_APPROVED,
    ],
  }),
  leave: defineRoute({
    id: 'guestList.leave',
    method: 'POST',
    path: '/api/event-join-requests/:id/leave',
    service: 'social',
    access: 'member',
    summary:
      'Leave an event one was approved or waitlisted for (the guest only); the first waitlisted guest takes the place',
    params: joinRequestIdParamsSchema,
    response: joinRequestSchema,
    errors: [AUTH_ERRORS.UNAUTHENTICATED, SOCIAL_ERRORS.REQUEST_NOT_FOUND, WAITLIST_ERRORS.NOT_ATTENDING],
  }),
  remove: defineRoute({
    id: 'guestList.remove',
    method: 'POST',
    path: '/api/event-join-requests/:id/remove',
    service: 'social',
    access: 'member',
    summary:
      "Remove an approved or waitlisted guest (the event's host only); the first waitlisted guest takes the place",
    params: joinRequestIdParamsSchema,
    response: joinRequestSchema,
    errors: [AUTH_ERRORS.UNAUTHENTICATED, SOCIAL_ERRORS.REQUEST_NOT_FOUND, WAITLIST_ERRORS.NOT_ON_LIST],
  }),
} as const;
