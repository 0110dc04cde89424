import { bookingIdParamsSchema, inviteTokenParamsSchema } from '../bookings';
import { AUTH_ERRORS } from '../errors/auth';
import { BOOKING_ERRORS } from '../errors/bookings';
import { PASS_ERRORS } from '../errors/passes';
import { z } from 'zod';
import { venueIdParamsSchema } from '../venues';
import {
  checkInInputSchema,
  checkInSchema,
  doorStaffInputSchema,
  doorStaffParamsSchema,
  doorStaffSchema,
  doorVenueSchema,
  passSchema,
  passTokenParamsSchema,
  passViewSchema,
} from '../passes';
import { defineRoute } from './route';

/**
 * Door passes (docs/product.md#passes): the attendee's signed pass, its public page, and the venue owner's door
 * check-in (once per pass; the pass must be for that venue and tonight's night in New York).
 */
export const passRoutes = {
  mine: defineRoute({
    id: 'passes.mine',
    method: 'GET',
    path: '/api/bookings/:id/pass',
    service: 'bookings',
    access: 'member',
    summary:
      "The signed-in attendee's pass for a confirmed booking (its host or a guest approved to it): signed token, door code and the pass page's path",
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
    summary:
      'The pass of the friend an invite link is for, when the host named him for a confirmed booking (the link is the key)',
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
    summary:
      "What a pass page shows: venue, night, time, the attendee's first name, the door code and whether it was used (a bad or forged token: 404)",
    params: passTokenParamsSchema,
    response: passViewSchema,
    errors: [PASS_ERRORS.NOT_FOUND],
  }),
  checkIn: defineRoute({
    id: 'passes.checkIn',
    method: 'POST',
    path: '/api/door/check-in',
    service: 'bookings',
    // Any member: the venue's owner or its door staff (checked by the service; docs/product.md#passes).
    access: 'member',
    rateLimit: 'member-check-ins',
    summary:
      'Door mode: check a pass in (typed code or scanned token) at a venue the caller owns or is door staff at, exactly once; refused for another venue, another night or a cancelled booking',
    body: checkInInputSchema,
    response: checkInSchema,
    errors: [
      AUTH_ERRORS.UNAUTHENTICATED,
      AUTH_ERRORS.FORBIDDEN,
      PASS_ERRORS.NOT_YOUR_VENUE,
      PASS_ERRORS.NOT_FOUND,
      PASS_ERRORS.ALREADY_CHECKED_IN,
      PASS_ERRORS.OTHER_VENUE,
      PASS_ERRORS.OTHER_DATE,
      PASS_ERRORS.CANCELLED,
      PASS_ERRORS.NOT_CONFIRMED,
    ],
  }),
  doorVenues: defineRoute({
    id: 'passes.doorVenues',
    method: 'GET',
    path: '/api/door/venues',
    service: 'bookings',
    access: 'member',
    summary: 'The venues where the signed-in member may check guests in: those he owns and those he is door staff at',
    response: z.array(doorVenueSchema),
    errors: [AUTH_ERRORS.UNAUTHENTICATED],
  }),
  doorStaff: defineRoute({
    id: 'passes.doorStaff',
    method: 'GET',
    path: '/api/door/venues/:id/staff',
    service: 'bookings',
    access: 'venue-owner',
    summary: "The venue's door staff (its owner only)",
    params: venueIdParamsSchema,
    response: z.array(doorStaffSchema),
    errors: [AUTH_ERRORS.UNAUTHENTICATED, AUTH_ERRORS.FORBIDDEN, PASS_ERRORS.NOT_YOUR_VENUE],
  }),
  addDoorStaff: defineRoute({
    id: 'passes.addDoorStaff',
    method: 'POST',
    path: '/api/door/venues/:id/staff',
    service: 'bookings',
    access: 'venue-owner',
    summary: 'The owner gives an existing account (by its email) check-in-only access to this venue',
    params: venueIdParamsSchema,
    body: doorStaffInputSchema,
    response: doorStaffSchema,
    status: 201,
    errors: [
      AUTH_ERRORS.UNAUTHENTICATED,
      AUTH_ERRORS.FORBIDDEN,
      PASS_ERRORS.NOT_YOUR_VENUE,
      PASS_ERRORS.NO_SUCH_MEMBER,
      PASS_ERRORS.STAFF_IS_OWNER,
      PASS_ERRORS.ALREADY_STAFF,
    ],
  }),
  removeDoorStaff: defineRoute({
    id: 'passes.removeDoorStaff',
    method: 'DELETE',
    path: '/api/door/venues/:id/staff/:userId',
    service: 'bookings',
    access: 'venue-owner',
    summary: "The owner ends a door staff member's access to this venue",
    params: doorStaffParamsSchema,
    response: z.null(),
    status: 204,
    errors: [
      AUTH_ERRORS.UNAUTHENTICATED,
      AUTH_ERRORS.FORBIDDEN,
      PASS_ERRORS.NOT_YOUR_VENUE,
      PASS_ERRORS.STAFF_NOT_FOUND,
    ],
  }),
} as const;
