import { z } from 'zod';
import { AUTH_ERRORS } from '../errors/auth';
import { SOCIAL_ERRORS } from '../errors/social';
import { joinRequestIdParamsSchema, joinRequestInputSchema, joinRequestSchema, joinRequestsQuerySchema } from '../social';
import { defineRoute } from './route';

/**
 * Join requests (spec doc 1 §7): a guest asks to join a host's confirmed event; only that event's
 * host sees and decides them. The guest is the session's user; the host comes from the booking.
 */
export const joinRequestRoutes = {
  create: defineRoute({
    id: 'joinRequests.create',
    method: 'POST',
    path: '/api/event-join-requests',
    service: 'social',
    access: 'member',
    summary: 'Ask to join an upcoming event (one open request per guest and event; not your own)',
    body: joinRequestInputSchema,
    response: joinRequestSchema,
    status: 201,
    errors: [AUTH_ERRORS.UNAUTHENTICATED, SOCIAL_ERRORS.EVENT_NOT_FOUND, SOCIAL_ERRORS.OWN_EVENT, SOCIAL_ERRORS.PAST_EVENT, SOCIAL_ERRORS.DUPLICATE_REQUEST],
  }),
  mine: defineRoute({
    id: 'joinRequests.mine',
    method: 'GET',
    path: '/api/event-join-requests/guest',
    service: 'social',
    access: 'member',
    summary: "The signed-in guest's requests with their events, soonest first",
    response: z.array(joinRequestSchema),
    errors: [AUTH_ERRORS.UNAUTHENTICATED],
  }),
  ofBooking: defineRoute({
    id: 'joinRequests.ofBooking',
    method: 'GET',
    path: '/api/event-join-requests',
    service: 'social',
    access: 'member',
    summary: "The requests to join one event (that event's host only)",
    query: joinRequestsQuerySchema,
    response: z.array(joinRequestSchema),
    errors: [AUTH_ERRORS.UNAUTHENTICATED, SOCIAL_ERRORS.EVENT_NOT_FOUND],
  }),
  approve: defineRoute({
    id: 'joinRequests.approve',
    method: 'POST',
    path: '/api/event-join-requests/:id/approve',
    service: 'social',
    access: 'member',
    summary: "Approve a pending request (the event's host only); host and guest get a conversation",
    params: joinRequestIdParamsSchema,
    response: joinRequestSchema,
    errors: [AUTH_ERRORS.UNAUTHENTICATED, SOCIAL_ERRORS.REQUEST_NOT_FOUND, SOCIAL_ERRORS.NOT_PENDING],
  }),
  decline: defineRoute({
    id: 'joinRequests.decline',
    method: 'POST',
    path: '/api/event-join-requests/:id/decline',
    service: 'social',
    access: 'member',
    summary: "Decline a pending request (the event's host only)",
    params: joinRequestIdParamsSchema,
    response: joinRequestSchema,
    errors: [AUTH_ERRORS.UNAUTHENTICATED, SOCIAL_ERRORS.REQUEST_NOT_FOUND, SOCIAL_ERRORS.NOT_PENDING],
  }),
} as const;
