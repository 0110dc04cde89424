import { z } from 'zod';
import { todayInNewYork } from './bookings';
import { pageQueryFields, pageQueryFieldsOf } from './paging';

/**
 * Join requests (docs/product.md#social-join-requests): the spec's 'denied' (guest side) and 'declined' (host screens) are one status, 'declined'.
 * Guest list (docs/product.md#social-guest-list):
 * 'waitlisted' (approved past the guest limit), 'left' (the guest left), 'removed' (by the host).
 * 'cancelled': the booking was cancelled while the request was open (pending, waitlisted or approved) —
 * not the host's answer to this guest ('declined'), the event is off.
 */
export const JOIN_REQUEST_STATUSES = [
  'pending',
  'approved',
  'declined',
  'waitlisted',
  'left',
  'removed',
  'cancelled',
] as const;
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
  eventCancelled: 'This event has been cancelled',
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

const memberBrief = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  profileImages: z.array(z.string()),
  age: z.number().int().nullable(),
  city: z.string(),
  verified: z.boolean().default(false),
});

export const joinRequestSchema = z.object({
  id: z.uuid(),
  guestId: z.uuid(),
  hostId: z.uuid(),
  bookingId: z.uuid(),
  status: z.enum(JOIN_REQUEST_STATUSES),
  message: z.string().nullable(),
  createdAt: z.iso.datetime(),
  /** The event it is for (docs/product.md#dashboard-guest-home: bookingDate, startTime, venueName, host.firstName). */
  bookingDate: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  venueName: z.string(),
  venueType: z.enum(['club', 'yacht']),
  sectionType: z.string(),
  host: z.object({ id: z.uuid(), firstName: z.string() }),
  /** Who asked (the host's view of the requests). */
  guest: memberBrief.nullable(),
  /** The place on the event's waitlist, 1 first (a waitlisted request only). */
  waitlistPosition: z.number().int().nullable().optional(),
});
export type JoinRequest = z.output<typeof joinRequestSchema>;
export const joinRequestIdParamsSchema = z.object({ id: z.uuid({ error: JOIN_REQUEST_MESSAGES.requestNotFound }) });
/**
 * A host's event with requests waiting for his answer (the count on My Bookings:
 * docs/product.md#dashboard-my-bookings).
 */
export const pendingJoinRequestsSchema = z.object({ bookingId: z.uuid(), pending: z.number().int() });
export type PendingJoinRequests = z.output<typeof pendingJoinRequestsSchema>;
export const joinRequestsQuerySchema = z.object({ bookingId: z.uuid({ error: JOIN_REQUEST_MESSAGES.bookingId }) });

/** A member as social shows him on cards and decks (docs/product.md#social-invites: first name, age, city, bio, photos). */
export const memberCardSchema = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  userType: z.string(),
  age: z.number().int().nullable(),
  city: z.string(),
  state: z.string(),
  bio: z.string().nullable(),
  profileImages: z.array(z.string()),
  /** He verified his email (docs/product.md#accounts-verification); absent from the previous release's answers. */
  verified: z.boolean().default(false),
});
export type MemberCardView = z.output<typeof memberCardSchema>;

/** Who is going to an event: up to 3 avatars (docs/product.md#discovery-swipe-deck) and the count. */
export const attendeesSchema = z.object({
  count: z.number().int(),
  avatars: z.array(z.object({ id: z.uuid(), firstName: z.string(), image: z.string().nullable() })).max(3),
});
export type Attendees = z.output<typeof attendeesSchema>;

/* ------------------------------------------------------------------ invites */

/** 'cancelled': the invite's booking was cancelled while it was pending or accepted (the event is off). */
export const INVITE_STATUSES = ['pending', 'accepted', 'declined', 'cancelled'] as const;
export type InviteStatus = (typeof INVITE_STATUSES)[number];

export const INVITE_MESSAGES = {
  guestId: 'Please choose a guest to invite',
  eventTitle: 'Event title is required',
  eventTitleLength: 'Event title must be at most 200 characters',
  eventDescription: 'Event description must be at most 2000 characters',
  eventDate: 'Event date is required',
  pastDate: 'The event date cannot be earlier than today',
  response: 'Response must be accept or decline',
  self: 'You cannot invite yourself',
  hostsOnly: 'Only hosts can send invites',
  guestNotFound: 'Guest not found',
  duplicate: 'You have already invited this guest to this event',
  notFound: 'Invite not found',
  notPending: 'This invite has already been answered',
} as const;

/**
 * An invite to a day gone by is no invite: a date before today in New York (the app's time zone),
 * or a moment already past. Today's date stays valid all day ('Tonight with …' invites).
 */
export function isPastInviteDate(eventDate: string, now: Date = new Date()): boolean {
  if (/^\d{4}-\d{2}-\d{2}$/.test(eventDate)) return eventDate < todayInNewYork(now);
  return new Date(eventDate).getTime() < now.getTime();
}

/** `POST /api/invites` (docs/product.md#social-invites): the host is the session's user; `bookingId` ties it to one of his events. */
export const inviteInputSchema = z.object({
  guestId: z.uuid({ error: INVITE_MESSAGES.guestId }),
  eventTitle: z
    .string({ error: INVITE_MESSAGES.eventTitle })
    .trim()
    .min(1, INVITE_MESSAGES.eventTitle)
    .max(200, INVITE_MESSAGES.eventTitleLength),
  eventDescription: z
    .string()
    .trim()
    .max(2000, INVITE_MESSAGES.eventDescription)
    .nullable()
    .optional()
    .transform((v) => v ?? ''),
  eventDate: z
    .union([z.iso.date(), z.iso.datetime({ offset: true })], { error: INVITE_MESSAGES.eventDate })
    .refine((d) => !isPastInviteDate(d), INVITE_MESSAGES.pastDate),
  bookingId: z
    .uuid({ error: JOIN_REQUEST_MESSAGES.notFound })
    .nullable()
    .optional()
    .transform((v) => v ?? null),
});
export type InviteInput = z.input<typeof inviteInputSchema>;
export type InviteDto = z.output<typeof inviteInputSchema>;

export const inviteSchema = z.object({
  id: z.uuid(),
  hostId: z.uuid(),
  guestId: z.uuid(),
  bookingId: z.uuid().nullable(),
  status: z.enum(INVITE_STATUSES),
  eventTitle: z.string(),
  eventDescription: z.string(),
  eventDate: z.string(),
  /** The event's start 'HH:mm' (New York) for an invite to one of the host's events; null when the invite names only a day. */
  eventTime: z.string().nullable(),
  createdAt: z.iso.datetime(),
  respondedAt: z.iso.datetime().nullable(),
  /** Who invites and who is invited (docs/product.md#social-invites: reads carry the guest's first and last name). */
  host: memberCardSchema,
  guest: memberCardSchema,
  /** Friends joining the event (docs/product.md#social-invites: friendCount and friends). */
  friendCount: z.number().int(),
  friends: attendeesSchema.shape.avatars,
});
export type Invite = z.output<typeof inviteSchema>;
export const inviteIdParamsSchema = z.object({ id: z.uuid({ error: INVITE_MESSAGES.notFound }) });
/**
 * `?limit=&cursor=` of a member's own lists (received and sent invites, a conversation's messages):
 * keyset pages, the whole list without `limit` as the spec's call answers
 * (docs/architecture.md#paged-lists).
 */
export const memberListQuerySchema = z.object(pageQueryFieldsOf({ defaultLimit: undefined }));
/**
 * `GET /api/invites/received?userId=&limit=&cursor=`: the `userId` the spec's browser sends is ignored
 * (always the caller's own); paged as memberListQuerySchema.
 */
export const receivedInvitesQuerySchema = memberListQuerySchema.extend({ userId: z.string().optional() });
export const inviteResponseInputSchema = z.object({
  response: z.enum(['accept', 'decline'], { error: INVITE_MESSAGES.response }),
});

/* ------------------------------------------------------------------- swipes */

export const SWIPE_ACTIONS = ['like', 'pass'] as const;
export const SWIPE_MESSAGES = {
  userId: 'Please choose a member',
  action: 'Action must be like or pass',
  self: 'You cannot swipe on yourself',
  userNotFound: 'User not found',
} as const;
/** `POST /api/swipe`: the swiper is the session's user; a second swipe on the same member replaces the first. */
export const swipeInputSchema = z.object({
  userId: z.uuid({ error: SWIPE_MESSAGES.userId }),
  action: z.enum(SWIPE_ACTIONS, { error: SWIPE_MESSAGES.action }),
});
export type SwipeInput = z.input<typeof swipeInputSchema>;
export const swipeResultSchema = z.object({ action: z.enum(SWIPE_ACTIONS), match: z.boolean() });
export type SwipeResult = z.output<typeof swipeResultSchema>;
/** `GET /api/users/potential-matches?state=`: hosts see guests, guests see hosts. */
export const potentialMatchesQuerySchema = z.object({ state: z.string().trim().max(120).optional() });

/* ---------------------------------------------------------------- discovery */

export const DISCOVERY_MESSAGES = {
  city: 'City is required',
  state: 'State is required',
} as const;
/**
 * `GET /api/available-events?city=&state=&limit=&cursor=` (the `userId` the spec's browser sends
 * is ignored): a page of the events, soonest first.
 */
export const availableEventsQuerySchema = z.object({
  ...pageQueryFields,
  city: z.string({ error: DISCOVERY_MESSAGES.city }).trim().min(1, DISCOVERY_MESSAGES.city).max(120),
  state: z.string({ error: DISCOVERY_MESSAGES.state }).trim().min(1, DISCOVERY_MESSAGES.state).max(120),
  userId: z.string().optional(),
});
/** An event a guest may ask to join (Discover Events, docs/product.md#discovery-swipe-deck). */
export const availableEventSchema = z.object({
  bookingId: z.uuid(),
  venueId: z.uuid(),
  venueName: z.string(),
  venueType: z.enum(['club', 'yacht']),
  city: z.string(),
  state: z.string(),
  images: z.array(z.string()),
  sectionType: z.string(),
  bookingDate: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  duration: z.number().int(),
  startsAt: z.iso.datetime(),
  host: memberCardSchema,
  attendees: attendeesSchema,
});
export type AvailableEvent = z.output<typeof availableEventSchema>;

/* --------------------------------------------------------- block and report */

export const REPORT_REASONS = ['spam', 'harassment', 'inappropriate', 'fake-profile', 'underage', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const SAFETY_MESSAGES = {
  userId: 'Please choose a member',
  self: 'You cannot block or report yourself',
  userNotFound: 'User not found',
  reason: 'Please choose a reason',
  details: 'Details must be at most 1000 characters',
  blocked: 'Blocked',
  unblocked: 'Unblocked',
  reported: 'Thank you. Our team will review this report.',
} as const;
export const blockInputSchema = z.object({ userId: z.uuid({ error: SAFETY_MESSAGES.userId }) });
export const blockSchema = z.object({
  blockedUserId: z.uuid(),
  createdAt: z.iso.datetime(),
  user: memberCardSchema.nullable(),
});
export type Block = z.output<typeof blockSchema>;
export const memberIdParamsSchema = z.object({ userId: z.uuid({ error: SAFETY_MESSAGES.userNotFound }) });
export const reportInputSchema = z.object({
  reason: z.enum(REPORT_REASONS, { error: SAFETY_MESSAGES.reason }),
  details: z
    .string()
    .trim()
    .max(1000, SAFETY_MESSAGES.details)
    .nullable()
    .optional()
    .transform((v) => v || null),
});
export type ReportInput = z.input<typeof reportInputSchema>;
export const reportSchema = z.object({
  id: z.uuid(),
  kind: z.enum(['user', 'message']),
  reporterId: z.uuid(),
  reportedUserId: z.uuid(),
  reason: z.enum(REPORT_REASONS),
  details: z.string().nullable(),
  messageId: z.uuid().nullable(),
  createdAt: z.iso.datetime(),
});
export type Report = z.output<typeof reportSchema>;
