import { z } from 'zod';

/** Join requests (spec doc 1 §3–§5, §8): the spec's 'denied' (guest side) and 'declined' (host screens) are one status, 'declined'. */
export const JOIN_REQUEST_STATUSES = ['pending', 'approved', 'declined'] as const;
export type JoinRequestStatus = (typeof JOIN_REQUEST_STATUSES)[number];

export const JOIN_REQUEST_MESSAGES = {
  bookingId: 'Booking ID is required',
  message: 'Message must be at most 500 characters',
  notFound: 'Event not found',
  ownEvent: 'You cannot ask to join your own event',
  pastEvent: 'This event has already taken place',
  duplicate: 'You have already asked to join this event',
  requestNotFound: 'Join request not found',
  notPending: 'This request has already been answered',
  sent: 'Your request to join has been sent to the host.',
  sendFailed: 'Failed to send join request',
  approveFailed: 'Failed to approve request',
  declineFailed: 'Failed to decline request',
} as const;

/** `POST /api/event-join-requests`: the guest is the session's user and the host comes from the booking. */
export const joinRequestInputSchema = z.object({
  bookingId: z.uuid({ error: JOIN_REQUEST_MESSAGES.bookingId }),
  message: z.string().trim().max(500, JOIN_REQUEST_MESSAGES.message).nullable().optional(),
});
export type JoinRequestInput = z.input<typeof joinRequestInputSchema>;
export type JoinRequestDto = z.output<typeof joinRequestInputSchema>;

const memberBrief = z.object({ id: z.uuid(), firstName: z.string(), lastName: z.string(), profileImages: z.array(z.string()), age: z.number().int().nullable(), city: z.string() });

export const joinRequestSchema = z.object({
  id: z.uuid(),
  guestId: z.uuid(),
  hostId: z.uuid(),
  bookingId: z.uuid(),
  status: z.enum(JOIN_REQUEST_STATUSES),
  message: z.string().nullable(),
  createdAt: z.iso.datetime(),
  /** The event it is for (spec doc 1 §7: bookingDate, startTime, venueName, host.firstName). */
  bookingDate: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  venueName: z.string(),
  venueType: z.enum(['club', 'yacht']),
  sectionType: z.string(),
  host: z.object({ id: z.uuid(), firstName: z.string() }),
  /** Who asked (the host's view of the requests). */
  guest: memberBrief.nullable(),
});
export type JoinRequest = z.output<typeof joinRequestSchema>;
export const joinRequestIdParamsSchema = z.object({ id: z.uuid({ error: JOIN_REQUEST_MESSAGES.requestNotFound }) });
export const joinRequestsQuerySchema = z.object({ bookingId: z.uuid({ error: JOIN_REQUEST_MESSAGES.bookingId }) });
