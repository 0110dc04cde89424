import { z } from 'zod';
import { GENDERS, USER_TYPES } from './auth';
import { CANCELLATION_POLICIES } from './cancellation';
import { REPORT_REASONS } from './social';

/**
 * Envelope of every event (docs/events.md#envelope-and-topics; the catalogue there is generated from eventDefs below). `stream` names the aggregate stream the event
 * belongs to and `key` the aggregate's id; `sequence` is the aggregate's version, 1, 2, 3… per
 * (stream, key) in the order the producer committed them, so a consumer can ignore a stale event.
 */
export const envelopeSchema = z.object({
  id: z.uuid(),
  type: z.string().min(1),
  version: z.number().int().positive(),
  stream: z.string().min(1),
  sequence: z.number().int().positive(),
  occurredAt: z.iso.datetime(),
  producer: z.string().min(1),
  key: z.string().min(1),
  data: z.unknown(),
});
export interface EventEnvelope<T = unknown> {
  id: string;
  type: string;
  version: number;
  stream: string;
  sequence: number;
  occurredAt: string;
  producer: string;
  key: string;
  data: T;
}

const id = z.string().min(1);
/** What bookings and social keep of a venue (their read models). */
const venueCard = {
  venueId: id,
  ownerId: id,
  name: z.string(),
  type: z.enum(['club', 'yacht']),
  subtype: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  pricePerHour: z.string(),
  capacity: z.number().int(),
  imageUrl: z.string(),
  approvalStatus: z.enum(['pending', 'approved', 'rejected']),
  isActive: z.boolean(),
  /** Yachts' prices by duration (bookings prices a yacht from them). */
  pricingTiers: z.array(z.object({ hours: z.number().int(), price: z.number() })),
};
/** The venue's cancellation policy (optional: events from before the policies carry none, read as moderate). */
const venuePolicy = { cancellationPolicy: z.enum(CANCELLATION_POLICIES).optional() };
/** A cancellation: why, and what of the booking's card payment goes back (cents; `refundPercent` of the policy). */
const cancellation = z
  .object({
    bookingId: id,
    reason: z.enum(['hold-expired', 'payment-failed', 'cancelled-by-host', 'venue-deleted', 'host-deleted']),
    refundAmount: z.number().int().min(0).optional(),
    refundPercent: z.number().int().min(0).max(100).optional(),
  })
  .loose();
/**
 * The section (none: a whole yacht) and entertainer a booking takes: venues refuses to delete a
 * section or remove a dancer while upcoming bookings take them. Optional: events published before
 * carry neither.
 */
const bookedUnit = {
  sectionId: z.string().min(1).nullable().optional(),
  dancerId: z.string().min(1).nullable().optional(),
};
const userCard = {
  userId: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  userType: z.enum(USER_TYPES),
  city: z.string(),
  state: z.string(),
  profileImages: z.array(z.string()),
  /** Given at sign-up (reading B); discovery filters events by the host's guest visibility with it. */
  gender: z.enum(GENDERS).nullable().default(null),
  /** The member opened the verification link; absent from the previous release's events. */
  emailVerified: z.boolean().optional(),
};
/** An account email's facts: the link's token travels to notifications only (identity keeps its hash). */
const accountEmail = z.object({
  userId: z.uuid(),
  email: z.string(),
  firstName: z.string(),
  token: z.string(),
  expiresAt: z.iso.datetime(),
});
const invite = z
  .object({
    inviteId: id,
    hostId: id,
    guestId: id,
    bookingId: z.string().nullable(),
    eventTitle: z.string(),
    eventDate: z.string(),
  })
  .loose();
/** A join request on an event's guest list; `wasApproved`: it held a place (not only the waitlist). */
const guestListEntry = z
  .object({ requestId: id, bookingId: id, guestId: id, hostId: id, wasApproved: z.boolean().optional() })
  .loose();
const report = {
  reportId: id,
  reporterId: id,
  reportedUserId: id,
  reason: z.enum(REPORT_REASONS),
  details: z.string().nullable(),
  messageId: z.string().nullable(),
  /** The reported message as it was (a message report). */
  content: z.string().nullable(),
  createdAt: z.iso.datetime(),
};

interface EventDef<S extends z.ZodType = z.ZodType> {
  /** The aggregate stream (one Kafka topic, keyed by the aggregate's id, so one aggregate's events keep their order). */
  stream: string;
  data: S;
  /** The aggregate ends with this event: consumers never apply a later event of its key (no resurrection). */
  ends?: true;
}
const ev = <S extends z.ZodType>(stream: string, data: S, opts: { ends?: true } = {}): EventDef<S> => ({
  stream,
  data,
  ...opts,
});

/**
 * One definition per event type: its stream and its data schema. Complete: identity's three user
 * events. The others carry the aggregate id now and gain fields as their services arrive.
 */
export const eventDefs = {
  'identity.user-registered': ev(
    'identity.user',
    z.object({ ...userCard, email: z.string(), registeredAt: z.iso.datetime() }),
  ),
  'identity.user-profile-updated': ev(
    'identity.user',
    z.object({ ...userCard, age: z.number().int().nullable(), bio: z.string().nullable() }),
  ),
  'identity.user-deleted': ev('identity.user', z.object({ userId: z.uuid(), deletedAt: z.iso.datetime() }), {
    ends: true,
  }),
  /**
   * A member asked to choose a new password (docs/product.md#accounts-login). Its own stream, which only notifications
   * reads: it carries the link's token (identity keeps only its hash; it works once, for
   * PASSWORD_RESET_MINUTES), and the previous release's consumers of `identity.user` never meet a
   * type they do not know (they would dead-letter it).
   */
  'identity.password-reset-requested': ev('identity.account-email', accountEmail),
  /** A link to verify the member's email (at sign-up, and again on his request); the same stream and reasons. */
  'identity.email-verification-requested': ev('identity.account-email', accountEmail),
  'venues.venue-created': ev('venues.venue', z.object({ ...venueCard, ...venuePolicy }).loose()),
  'venues.venue-updated': ev('venues.venue', z.object({ ...venueCard, ...venuePolicy }).loose()),
  'venues.venue-approved': ev(
    'venues.venue',
    z.object({ venueId: id, status: z.enum(['approved', 'rejected']) }).loose(),
  ),
  'venues.venue-deleted': ev('venues.venue', z.object({ venueId: id }).loose(), { ends: true }),
  'venues.section-changed': ev(
    'venues.section',
    z
      .object({
        sectionId: id,
        venueId: id,
        name: z.string(),
        type: z.string(),
        pricePerHour: z.string(),
        capacity: z.number().int(),
        isVipRoom: z.boolean(),
        isExclusive: z.boolean(),
        maxSimultaneousBookings: z.number().int(),
        isActive: z.boolean(),
        minimumSpend: z.string().nullable().optional(),
        depositPercent: z.number().int().min(0).max(100).optional(),
      })
      .loose(),
  ),
  'venues.section-removed': ev('venues.section', z.object({ sectionId: id, venueId: id }).loose(), { ends: true }),
  'venues.dancer-assigned': ev('venues.section', z.object({ sectionId: id, dancerId: id }).loose()),
  'venues.dancer-changed': ev(
    'venues.dancer',
    z
      .object({
        dancerId: id,
        venueId: id,
        entertainerUserId: z.string().nullable(),
        name: z.string(),
        priceModifier: z.string(),
        imageUrl: z.string(),
        isAvailable: z.boolean(),
        isActive: z.boolean(),
      })
      .loose(),
  ),
  'venues.dancer-removed': ev('venues.dancer', z.object({ dancerId: id, venueId: id }).loose(), { ends: true }),
  'bookings.booking-held': ev(
    'bookings.booking',
    z
      .object({
        bookingId: id,
        hostId: id,
        venueId: id,
        totalCost: z.string(),
        holdExpiresAt: z.iso.datetime(),
        depositAmount: z.string().optional(),
        ...bookedUnit,
        startsAt: z.iso.datetime().optional(),
      })
      .loose(),
  ),
  /** What social and messaging need of a confirmed booking (discovery, join requests, conversations). */
  'bookings.booking-confirmed': ev(
    'bookings.booking',
    z
      .object({
        bookingId: id,
        hostId: id,
        hostFirstName: z.string(),
        venueId: id,
        venueName: z.string(),
        venueType: z.enum(['club', 'yacht']),
        venueCity: z.string(),
        venueState: z.string(),
        venueImage: z.string(),
        sectionType: z.string(),
        bookingDate: z.string(),
        startTime: z.string(),
        endTime: z.string(),
        duration: z.number().int(),
        startsAt: z.iso.datetime(),
        guestVisibility: z.string(),
        friendsCount: z.number().int(),
        totalCost: z.string(),
        /** People the booked section (a yacht: the yacht) holds; social bounds the guest limit with it. */
        capacity: z.number().int().nullable().optional(),
        ...bookedUnit,
      })
      .loose(),
  ),
  /** Who may discover the event changed (the confirmation's 'Show to Guests'). */
  'bookings.booking-updated': ev('bookings.booking', z.object({ bookingId: id, guestVisibility: z.string() }).loose()),
  /** A booking cancelled (its cards leave social's and venues' read models); `refundAmount` in cents. */
  'bookings.booking-cancelled': ev('bookings.booking', cancellation),
  /**
   * The money side of every cancellation, on a stream of its own that payments alone reads (it
   * was woken by every booking event to act on this one): published in the cancellation's
   * transaction with `booking-cancelled`, the same data. Payments gives back what was paid: an open
   * split's paid shares in full, `refundAmount` cents of a card payment (none when 0 or absent).
   */
  'bookings.refund-requested': ev('bookings.refund', cancellation),
  'bookings.friend-invite-claimed': ev(
    'bookings.friend-invite',
    z
      .object({ friendId: id, hostId: id, bookingId: z.string().nullable(), claimedByUserId: z.string().nullable() })
      .loose(),
  ),
  'payments.payment-succeeded': ev(
    'payments.payment',
    z.object({ paymentId: id, bookingId: id, amount: z.number().int(), currency: z.string() }).loose(),
  ),
  /**
   * A card payment attempt failed. `retryable`: the card was declined and the payer may try again
   * with the same PaymentIntent while the hold lasts (the slot stays held); absent or false: the
   * PaymentIntent is cancelled for good and the hold is released (docs/booking-lifecycle.md).
   */
  'payments.payment-failed': ev(
    'payments.payment',
    z.object({ paymentId: id, bookingId: id, reason: z.string(), retryable: z.boolean().optional() }).loose(),
  ),
  /**
   * A refund was issued at the card provider: once per booking for a whole-card payment, once per
   * paid part for a split (each guest's share, the host's share, the host's fallback charge).
   * `payerId`: the member whose card gets it back (the host, or the guest who paid that share);
   * absent from the previous release's events and for a share whose payer has since been erased.
   */
  'payments.refund-issued': ev(
    'payments.payment',
    z
      .object({
        bookingId: id,
        paymentId: id,
        refundId: id,
        amount: z.number().int(),
        currency: z.string(),
        payerId: id.optional(),
      })
      .loose(),
  ),
  /** A split payment was made: bookings keeps the booking's hold until the split's deadline. */
  'payments.split-created': ev(
    'payments.split',
    z
      .object({
        splitId: id,
        bookingId: id,
        hostId: id,
        deadline: z.iso.datetime(),
        shares: z.number().int(),
        fallback: z.enum(['host-card', 'release']),
      })
      .loose(),
  ),
  /** A split's deadline passed with shares unpaid and the booking is released: bookings cancels it (payments refunds the paid shares itself). */
  'payments.split-released': ev(
    'payments.split',
    z.object({ splitId: id, bookingId: id, unpaidShares: z.number().int() }).loose(),
  ),
  'payments.payment-refunded': ev(
    'payments.payment',
    z.object({ paymentId: id, bookingId: id, amount: z.number().int() }).loose(),
  ),
  'social.invite-sent': ev('social.invite', invite),
  /** Messaging opens the host's and the guest's conversation on it. */
  'social.invite-accepted': ev('social.invite', invite),
  'social.invite-declined': ev('social.invite', invite),
  /** Two members liked each other (key: the pair's ids, sorted and joined). */
  'social.match-created': ev('social.match', z.object({ userIds: z.tuple([id, id]) }).loose()),
  /** Messaging hides the pair's conversations and refuses new messages in them while it lasts. */
  'social.user-blocked': ev('social.block', z.object({ blockerId: id, blockedId: id }).loose()),
  'social.user-unblocked': ev('social.block', z.object({ blockerId: id, blockedId: id }).loose()),
  /** A report of a member or of a message, for the admins. */
  'social.report-filed': ev('social.report', z.object({ ...report, kind: z.enum(['user', 'message']) }).loose()),
  'social.join-request-created': ev(
    'social.join-request',
    z.object({ requestId: id, bookingId: id, guestId: id, hostId: id }).loose(),
  ),
  /** Messaging opens the host's and the guest's conversation on it. */
  'social.join-request-approved': ev(
    'social.join-request',
    // The event's venue and day, for the conversation's title; optional: older producers did not send them.
    z
      .object({
        requestId: id,
        bookingId: id,
        guestId: id,
        hostId: id,
        venueName: z.string().optional(),
        bookingDate: z.string().optional(),
      })
      .loose(),
  ),
  'social.join-request-declined': ev(
    'social.join-request',
    z.object({ requestId: id, bookingId: id, guestId: id, hostId: id }).loose(),
  ),
  /* Guest list with a waitlist: approved past the guest limit, left, removed, promoted (key: the request). */
  'social.join-request-waitlisted': ev('social.join-request', guestListEntry),
  /** The guest left an event he was approved or waitlisted for; social promotes from the waitlist, bookings drops the attendee. */
  'social.guest-left': ev('social.join-request', guestListEntry),
  /** The host removed an approved or waitlisted guest; as `guest-left`. */
  'social.guest-removed': ev('social.join-request', guestListEntry),
  /** A waitlisted request took a place (after its `join-request-approved`); messaging tells the guest in the pair's conversation. */
  'social.waitlist-promoted': ev(
    'social.join-request',
    guestListEntry.extend({ venueName: z.string(), bookingDate: z.string(), startTime: z.string() }),
  ),
  /** The host set or cleared his event's guest limit (key: the booking); social promotes when places opened. */
  'social.guest-limit-changed': ev(
    'social.guest-list',
    z.object({ bookingId: id, hostId: id, guestLimit: z.number().int().nullable() }).loose(),
  ),
  /** Pushed to the recipient's open browser sessions by the gateway. */
  'messaging.message-sent': ev(
    'messaging.conversation',
    z
      .object({
        messageId: id,
        conversationId: id,
        senderId: id,
        recipientId: id,
        content: z.string(),
        createdAt: z.iso.datetime(),
      })
      .loose(),
  ),
  /** A host's and a guest's conversation exists (once per pair and event): pushed to both open sessions. */
  'messaging.conversation-opened': ev(
    'messaging.conversation',
    z.object({ conversationId: id, hostId: id, guestId: id, bookingId: z.string().nullable() }).loose(),
  ),
  /**
   * A member read a conversation's messages (docs/product.md#messaging-notifications): notifications marks his message
   * notifications of it read. Its own stream: the previous release's consumers of
   * `messaging.conversation` never meet a type they would dead-letter.
   */
  'messaging.conversation-read': ev(
    'messaging.reading',
    z.object({ conversationId: id, readerId: id, readAt: z.iso.datetime() }).loose(),
  ),
  /** Social keeps the report with the others (its reports table) and tells the admins. */
  'messaging.message-reported': ev('messaging.report', z.object({ ...report, conversationId: id }).loose()),
  /** The venues service applies it (and publishes `venue-approved`). */
  'admin.venue-approval-decided': ev(
    'admin.venue-approval',
    z
      .object({ venueId: id, status: z.enum(['approved', 'rejected']), adminId: z.string().nullable().default(null) })
      .loose(),
  ),
  /** The venues service creates the assignment, `proposed`, and announces it with `vip-assignment-changed`. */
  'admin.vip-assignment-proposed': ev(
    'admin.vip-assignment',
    z.object({ assignmentId: id, sectionId: id, dancerId: id, venueId: id, adminId: id }).loose(),
  ),
  'admin.vip-assignment-revoked': ev('admin.vip-assignment', z.object({ assignmentId: id, adminId: id }).loose()),
  /** Identity ends the member's sessions and refuses his sign-in until `user-reinstated`. */
  'admin.user-suspended': ev(
    'admin.user-suspension',
    z.object({ userId: id, reason: z.string(), adminId: id }).loose(),
  ),
  'admin.user-reinstated': ev('admin.user-suspension', z.object({ userId: id, adminId: id }).loose()),
  /** An assignment of a dancer to a VIP room and its state (proposed, accepted, declined, revoked). */
  'venues.vip-assignment-changed': ev(
    'venues.vip-assignment',
    z
      .object({
        assignmentId: id,
        sectionId: id,
        dancerId: id,
        venueId: id,
        entertainerUserId: z.string().nullable(),
        status: z.enum(['proposed', 'accepted', 'declined', 'revoked']),
        createdAt: z.iso.datetime(),
        respondedAt: z.iso.datetime().nullable(),
      })
      .loose(),
  ),
  /** A notification was written for a member: the gateway pushes it to his open sessions (the bell counts it). */
  'notifications.notification-created': ev(
    'notifications.notification',
    z
      .object({
        notificationId: id,
        userId: id,
        kind: z.string(),
        title: z.string(),
        body: z.string(),
        link: z.string(),
        createdAt: z.iso.datetime(),
      })
      .loose(),
  ),
  /** Some of a member's notifications became read without a click on them (a thread he read): his open sessions' bells refetch. */
  'notifications.notifications-read': ev(
    'notifications.notification',
    z.object({ userId: id, unreadCount: z.number().int().min(0) }).loose(),
  ),
  /** Used only by the platform's own tests of the event path. */
  'platform.test-event': ev(
    'platform.test',
    z.object({ n: z.number().int(), poison: z.boolean().optional(), fail: z.enum(['refuse']).optional() }),
  ),
} as const;

export type EventType = keyof typeof eventDefs;
export type EventData<T extends EventType> = z.output<(typeof eventDefs)[T]['data']>;
export const EVENT_TYPES = Object.keys(eventDefs) as EventType[];
/** Schema per event type (the data only). */
export const eventSchemas = Object.fromEntries(EVENT_TYPES.map((t) => [t, eventDefs[t].data])) as {
  [T in EventType]: (typeof eventDefs)[T]['data'];
};
export const EVENT_VERSION = 1;

/** The aggregate stream an event type travels on. */
export function streamOf(type: EventType): string {
  return eventDefs[type].stream;
}
/** True when an event type ends its aggregate (a deletion): nothing of that key is applied after it. */
export function endsAggregate(type: EventType): boolean {
  return (eventDefs[type] as EventDef).ends === true;
}
/** Every aggregate stream, once. */
export const EVENT_STREAMS: string[] = [...new Set(EVENT_TYPES.map(streamOf))];

/**
 * The topic of a stream, versioned and prefixed per environment: `bookings.booking.v1`, or
 * `test3.bookings.booking.v1` for a test stack sharing the broker (topic prefix from configuration).
 */
export function streamTopic(stream: string, prefix = '', version = EVENT_VERSION): string {
  return `${prefix}${stream}.v${version}`;
}
/** The topic an event type is published on (its stream's topic). */
export function topicFor(type: EventType, prefix = '', version = EVENT_VERSION): string {
  return streamTopic(streamOf(type), prefix, version);
}
export function deadLetterTopic(topic: string): string {
  return `${topic}.dlt`;
}
/** The source topic of a dead-letter topic, or null when it is not one. */
export function sourceOfDeadLetterTopic(topic: string): string | null {
  return topic.endsWith('.dlt') ? topic.slice(0, -'.dlt'.length) : null;
}
/** Every topic to create explicitly (one per stream), with its dead-letter topic. */
export function allTopics(prefix = ''): string[] {
  return EVENT_STREAMS.flatMap((s) => [streamTopic(s, prefix), deadLetterTopic(streamTopic(s, prefix))]);
}

export class EventSchemaError extends Error {
  constructor(
    readonly eventType: string,
    readonly issues: string,
  ) {
    super(`event ${eventType} does not match its schema: ${issues}`);
  }
}

export function isEventType(t: string): t is EventType {
  return Object.prototype.hasOwnProperty.call(eventDefs, t);
}

/** Checks an event's data against its schema (on publish and on consume). */
export function parseEventData<T extends EventType>(type: T, data: unknown): EventData<T> {
  const schema: z.ZodType = eventDefs[type].data;
  const r = schema.safeParse(data);
  if (!r.success)
    throw new EventSchemaError(type, r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
  return r.data as EventData<T>;
}

/** Checks a whole envelope received from a transport. */
export function parseEnvelope(raw: unknown): EventEnvelope {
  const env = envelopeSchema.parse(raw) as EventEnvelope;
  if (!isEventType(env.type)) throw new EventSchemaError(env.type, 'unknown event type');
  if (env.stream !== streamOf(env.type))
    throw new EventSchemaError(env.type, `stream ${env.stream} is not the stream of ${env.type}`);
  return { ...env, data: parseEventData(env.type, env.data) };
}
