import { bookingIdParamsSchema, inviteTokenParamsSchema } from '../bookings';
import { AUTH_ERRORS } from '../errors/auth';
import { BOOKING_ERRORS } from '../errors/bookings';
import { PASS_ERRORS } from '../errors/passes';
import { checkInInputSchema, checkInSchema, passSchema, passTokenParamsSchema, passViewSchema } from '../passes';
import { defineRoute } from './route';

/**
 * Door passes (issue 12): the attendee's signed pass, its public page, and the venue owner's door
 * check-in (once per pass; the pass must be for that venue and tonight's night in New York).
 */
export const passRoutes = {
  mine: defineRoute({
    id: 'passes.mine',
    method: 'GET',
    path: '/api/bookings/:id/pass',
    service: 'bookings',
    access: 'member',
    summary: "The signed-in attendee's pass for a confirmed booking (its host or a guest approved to it): signed token, door code and the pass page's path",
    params: bookingIdParamsSchema,
    response: passSchema,
    errors: [AUTH_ERRORS.UNAUTHENTICATED, BOOKING_ERRORS.NOT_FOUND, PASS_ERRORS.NOT_ATTENDEE],
  }),
  friend: defineRoute({
    id: 'passes.friend',
    method: 'GET',
    path: '/api/friends/invite/:token/pass',
    service: 'bookings',
    access: 'public',
    summary: "The pass of the friend an invite link is for, when the host named him for a confirmed booking (the link is the key)",
    params: inviteTokenParamsSchema,
    response: passSchema,
    errors: [BOOKING_ERRORS.INVITE_NOT_FOUND, PASS_ERRORS.NOT_ATTENDEE],
  }),
  view: defineRoute({
    id: 'passes.view',
    method: 'GET',
    path: '/api/passes/:token',
    service: 'bookings',
    access: 'public',
    summary: "What a pass page shows: venue, night, time, the attendee's first name, the door code and whether it was used (a bad or forged token: 404)",
    params: passTokenParamsSchema,
    response: passViewSchema,
    errors: [PASS_ERRORS.NOT_FOUND],
  }),
  checkIn: defineRoute({
    id: 'passes.checkIn',
    method: 'POST',
    path: '/api/door/check-in',
    service: 'bookings',
    access: 'venue-owner',
    rateLimit: 'member-check-ins',
    summary: "Door mode: check a pass in (typed code or scanned token) at one of the owner's venues, exactly once; refused for another venue, another night or a cancelled booking",
    body: checkInInputSchema,
    response: checkInSchema,
    errors: [AUTH_ERRORS.UNAUTHENTICATED, AUTH_ERRORS.FORBIDDEN, PASS_ERRORS.NOT_YOUR_VENUE, PASS_ERRORS.NOT_FOUND, PASS_ERRORS.ALREADY_CHECKED_IN, PASS_ERRORS.OTHER_VENUE, PASS_ERRORS.OTHER_DATE, PASS_ERRORS.CANCELLED, PASS_ERRORS.NOT_CONFIRMED],
  }),
} as const;
