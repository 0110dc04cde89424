import { z } from 'zod';
import { USER_TYPES } from './auth';

/** Envelope of every event (ARCHITECTURE.md §2). */
export const envelopeSchema = z.object({
  id: z.uuid(),
  type: z.string().min(1),
  version: z.number().int().positive(),
  occurredAt: z.iso.datetime(),
  producer: z.string().min(1),
  key: z.string().min(1),
  data: z.unknown(),
});
export interface EventEnvelope<T = unknown> {
  id: string;
  type: string;
  version: number;
  occurredAt: string;
  producer: string;
  key: string;
  data: T;
}

const id = z.string().min(1);
const userCard = {
  userId: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  userType: z.enum(USER_TYPES),
  city: z.string(),
  state: z.string(),
  profileImages: z.array(z.string()),
};

/**
 * One schema per event type. Complete: identity's three user events.
 * The others carry the aggregate id now and gain fields as their services arrive.
 */
export const eventSchemas = {
  'identity.user-registered': z.object({ ...userCard, email: z.string(), registeredAt: z.iso.datetime() }),
  'identity.user-profile-updated': z.object({
    ...userCard,
    age: z.number().int().nullable(),
    bio: z.string().nullable(),
  }),
  'identity.user-deleted': z.object({ userId: z.uuid(), deletedAt: z.iso.datetime() }),
  'venues.venue-created': z.object({ venueId: id, ownerId: id }).loose(),
  'venues.venue-updated': z.object({ venueId: id }).loose(),
  'venues.venue-approved': z.object({ venueId: id, status: z.enum(['approved', 'rejected']) }).loose(),
  'venues.venue-deleted': z.object({ venueId: id }).loose(),
  'venues.section-changed': z.object({ sectionId: id, venueId: id }).loose(),
  'venues.dancer-changed': z.object({ dancerId: id, venueId: id }).loose(),
  'venues.dancer-assigned': z.object({ sectionId: id, dancerId: id }).loose(),
  'bookings.booking-held': z.object({ bookingId: id }).loose(),
  'bookings.booking-confirmed': z.object({ bookingId: id }).loose(),
  'bookings.booking-cancelled': z.object({ bookingId: id }).loose(),
  'bookings.friend-invite-claimed': z.object({ friendId: id }).loose(),
  'payments.payment-succeeded': z.object({ paymentId: id }).loose(),
  'payments.payment-failed': z.object({ paymentId: id }).loose(),
  'payments.payment-refunded': z.object({ paymentId: id }).loose(),
  'social.invite-sent': z.object({ inviteId: id }).loose(),
  'social.invite-accepted': z.object({ inviteId: id }).loose(),
  'social.invite-declined': z.object({ inviteId: id }).loose(),
  'social.join-request-created': z.object({ requestId: id }).loose(),
  'social.join-request-approved': z.object({ requestId: id }).loose(),
  'social.join-request-declined': z.object({ requestId: id }).loose(),
  'messaging.message-sent': z.object({ messageId: id, conversationId: id }).loose(),
  'admin.venue-approval-decided': z.object({ venueId: id, status: z.enum(['approved', 'rejected']) }).loose(),
  /** Used only by the platform's own tests of the event path. */
  'platform.test-event': z.object({ n: z.number().int(), poison: z.boolean().optional() }),
} as const;

export type EventType = keyof typeof eventSchemas;
export type EventData<T extends EventType> = z.output<(typeof eventSchemas)[T]>;
export const EVENT_TYPES = Object.keys(eventSchemas) as EventType[];
export const EVENT_VERSION = 1;

/** Topic per event type, versioned: `bookings.booking-confirmed.v1`. */
export function topicFor(type: EventType, version = EVENT_VERSION): string {
  return `${type}.v${version}`;
}
export function deadLetterTopic(topic: string): string {
  return `${topic}.dlt`;
}
/** Every topic to create explicitly, with its dead-letter topic. */
export function allTopics(): string[] {
  return EVENT_TYPES.flatMap((t) => [topicFor(t), deadLetterTopic(topicFor(t))]);
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
  return Object.prototype.hasOwnProperty.call(eventSchemas, t);
}

/** Checks an event's data against its schema (on publish and on consume). */
export function parseEventData<T extends EventType>(type: T, data: unknown): EventData<T> {
  const schema = eventSchemas[type];
  const r = schema.safeParse(data);
  if (!r.success) throw new EventSchemaError(type, r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
  return r.data as EventData<T>;
}

/** Checks a whole envelope received from a transport. */
export function parseEnvelope(raw: unknown): EventEnvelope {
  const env = envelopeSchema.parse(raw) as EventEnvelope;
  if (!isEventType(env.type)) throw new EventSchemaError(env.type, 'unknown event type');
  return { ...env, data: parseEventData(env.type, env.data) };
}
