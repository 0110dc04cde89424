import { z } from 'zod';
import { AUTH_ERRORS } from '../errors/auth';
import { SOCIAL_ERRORS } from '../errors/social';
import { WAITLIST_ERRORS } from '../errors/waitlist';
import {
  availableEventSchema,
  availableEventsQuerySchema,
  blockInputSchema,
  blockSchema,
  inviteIdParamsSchema,
  inviteInputSchema,
  inviteResponseInputSchema,
  inviteSchema,
  joinRequestIdParamsSchema,
  joinRequestInputSchema,
  joinRequestSchema,
  pendingJoinRequestsSchema,
  joinRequestsQuerySchema,
  memberCardSchema,
  potentialMatchesQuerySchema,
  receivedInvitesQuerySchema,
  reportInputSchema,
  reportSchema,
  swipeInputSchema,
  swipeResultSchema,
  memberIdParamsSchema,
  memberListQuerySchema,
} from '../social';
import { defineRoute } from './route';

/**
 * Join requests (docs/product.md#social-join-requests): a guest asks to join a host's confirmed
 * event; only that event's host sees and decides them. The guest is the session's user; the host
 * comes from the booking.
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
    errors: [
      AUTH_ERRORS.UNAUTHENTICATED,
      SOCIAL_ERRORS.EVENT_NOT_FOUND,
      SOCIAL_ERRORS.OWN_EVENT,
      SOCIAL_ERRORS.PAST_EVENT,
      SOCIAL_ERRORS.DUPLICATE_REQUEST,
    ],
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
  pendingCounts: defineRoute({
    id: 'joinRequests.pendingCounts',
    method: 'GET',
    path: '/api/event-join-requests/pending-counts',
    service: 'social',
    access: 'member',
    summary:
      "The signed-in host's events with requests waiting for his answer, and how many (blocked members' left out)",
    response: z.array(pendingJoinRequestsSchema),
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
    errors: [
      AUTH_ERRORS.UNAUTHENTICATED,
      SOCIAL_ERRORS.REQUEST_NOT_FOUND,
      SOCIAL_ERRORS.NOT_PENDING,
      SOCIAL_ERRORS.EVENT_CANCELLED,
    ],
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
    errors: [
      AUTH_ERRORS.UNAUTHENTICATED,
      SOCIAL_ERRORS.REQUEST_NOT_FOUND,
      SOCIAL_ERRORS.NOT_PENDING,
      SOCIAL_ERRORS.EVENT_CANCELLED,
    ],
  }),
} as const;

/**
 * Invites (docs/product.md#social-invites): a host invites a member, optionally to one of his
 * events; only the invited member answers, once. Accepting opens the pair's conversation
 * (messaging).
 */
export const inviteRoutes = {
  create: defineRoute({
    id: 'invites.create',
    method: 'POST',
    path: '/api/invites',
    service: 'social',
    access: 'member',
    rateLimit: 'member-invites',
    summary: "Invite a member (hosts only; the host is the session's user; one pending invite per guest and event)",
    body: inviteInputSchema,
    response: inviteSchema,
    status: 201,
    errors: [
      AUTH_ERRORS.UNAUTHENTICATED,
      SOCIAL_ERRORS.HOSTS_ONLY,
      SOCIAL_ERRORS.INVITE_SELF,
      SOCIAL_ERRORS.GUEST_NOT_FOUND,
      SOCIAL_ERRORS.EVENT_NOT_FOUND,
      SOCIAL_ERRORS.DUPLICATE_INVITE,
    ],
  }),
  received: defineRoute({
    id: 'invites.received',
    method: 'GET',
    path: '/api/invites/received',
    service: 'social',
    access: 'member',
    summary:
      "The signed-in member's received invites, newest first (a `userId` sent is ignored): every one without `?limit=`; with it a page of them (?limit=&cursor=, the next page in X-Next-Cursor)",
    query: receivedInvitesQuerySchema,
    response: z.array(inviteSchema),
    paged: true,
    errors: [AUTH_ERRORS.UNAUTHENTICATED],
  }),
  sent: defineRoute({
    id: 'invites.sent',
    method: 'GET',
    path: '/api/invites/sent',
    service: 'social',
    access: 'member',
    summary:
      "The signed-in host's sent invites, newest first (host home: Invites Sent, Recent Activity): every one without `?limit=`; with it a page of them (?limit=&cursor=, the next page in X-Next-Cursor)",
    query: memberListQuerySchema,
    response: z.array(inviteSchema),
    paged: true,
    errors: [AUTH_ERRORS.UNAUTHENTICATED],
  }),
  respond: defineRoute({
    id: 'invites.respond',
    method: 'POST',
    path: '/api/invites/:id/respond',
    service: 'social',
    access: 'member',
    summary:
      "Accept or decline a pending invite (the invited member only); accepting opens a conversation, and needs a place on the event's guest list",
    params: inviteIdParamsSchema,
    body: inviteResponseInputSchema,
    response: inviteSchema,
    errors: [
      AUTH_ERRORS.UNAUTHENTICATED,
      SOCIAL_ERRORS.INVITE_NOT_FOUND,
      SOCIAL_ERRORS.INVITE_NOT_PENDING,
      SOCIAL_ERRORS.EVENT_CANCELLED,
      WAITLIST_ERRORS.FULL,
    ],
  }),
} as const;

/** Swipes (docs/product.md#social-swipes): like or pass on a member; two likes make a match. */
export const swipeRoutes = {
  swipe: defineRoute({
    id: 'swipes.swipe',
    method: 'POST',
    path: '/api/swipe',
    service: 'social',
    access: 'member',
    summary: "Like or pass on a member (the swiper is the session's user); a mutual like is a match",
    body: swipeInputSchema,
    response: swipeResultSchema,
    errors: [AUTH_ERRORS.UNAUTHENTICATED, SOCIAL_ERRORS.SWIPE_SELF, SOCIAL_ERRORS.USER_NOT_FOUND],
  }),
  potentialMatches: defineRoute({
    id: 'swipes.potentialMatches',
    method: 'GET',
    path: '/api/users/potential-matches',
    service: 'social',
    access: 'member',
    summary:
      'Swipe candidates: guests for a host, hosts for a guest; never oneself, already swiped, blocked or deleted members',
    query: potentialMatchesQuerySchema,
    response: z.array(memberCardSchema),
    errors: [AUTH_ERRORS.UNAUTHENTICATED],
  }),
} as const;

/** Discovery (the Events tab and Discover Events: docs/product.md#discovery). */
export const discoveryRoutes = {
  availableEvents: defineRoute({
    id: 'discovery.availableEvents',
    method: 'GET',
    path: '/api/available-events',
    service: 'social',
    access: 'member',
    summary:
      "Other hosts' confirmed upcoming events in a city the viewer may join (guest visibility, not yet asked, not blocked), soonest first; a page of them (?limit=&cursor=, the next page in X-Next-Cursor)",
    query: availableEventsQuerySchema,
    response: z.array(availableEventSchema),
    paged: true,
    errors: [AUTH_ERRORS.UNAUTHENTICATED],
  }),
} as const;

/** Safety: blocking (both members vanish from each other's decks, discovery, invites and conversations) and reports for admins. */
export const safetyRoutes = {
  block: defineRoute({
    id: 'safety.block',
    method: 'POST',
    path: '/api/blocks',
    service: 'social',
    access: 'member',
    summary: 'Block a member (again is harmless)',
    body: blockInputSchema,
    response: blockSchema,
    status: 201,
    errors: [AUTH_ERRORS.UNAUTHENTICATED, SOCIAL_ERRORS.SAFETY_SELF, SOCIAL_ERRORS.USER_NOT_FOUND],
  }),
  blocks: defineRoute({
    id: 'safety.blocks',
    method: 'GET',
    path: '/api/blocks',
    service: 'social',
    access: 'member',
    summary: 'The members the signed-in member has blocked',
    response: z.array(blockSchema),
    errors: [AUTH_ERRORS.UNAUTHENTICATED],
  }),
  unblock: defineRoute({
    id: 'safety.unblock',
    method: 'DELETE',
    path: '/api/blocks/:userId',
    service: 'social',
    access: 'member',
    summary: 'Unblock a member (not blocked is harmless)',
    params: memberIdParamsSchema,
    response: z.null(),
    status: 204,
    errors: [AUTH_ERRORS.UNAUTHENTICATED],
  }),
  reportUser: defineRoute({
    id: 'safety.reportUser',
    method: 'POST',
    path: '/api/users/:userId/report',
    service: 'social',
    access: 'member',
    rateLimit: 'member-reports',
    summary: 'Report a member with a reason (kept for admins)',
    params: memberIdParamsSchema,
    body: reportInputSchema,
    response: reportSchema,
    status: 201,
    errors: [AUTH_ERRORS.UNAUTHENTICATED, SOCIAL_ERRORS.SAFETY_SELF, SOCIAL_ERRORS.USER_NOT_FOUND],
  }),
} as const;
