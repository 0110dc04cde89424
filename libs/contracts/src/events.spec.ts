import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import {
  allTopics,
  deadLetterTopic,
  endsAggregate,
  EVENT_STREAMS,
  EVENT_TYPES,
  EventSchemaError,
  eventSchemas,
  parseEnvelope,
  parseEventData,
  sourceOfDeadLetterTopic,
  streamOf,
  topicFor,
} from './events';

const registered = () => ({
  userId: randomUUID(),
  firstName: 'Jane',
  lastName: 'Doe',
  userType: 'guest',
  city: 'Miami',
  state: 'FL',
  profileImages: [],
  gender: 'female',
  email: 'jane@example.com',
  registeredAt: new Date().toISOString(),
});

const envelope = (over: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  type: 'identity.user-registered',
  version: 1,
  stream: 'identity.user',
  sequence: 1,
  occurredAt: new Date().toISOString(),
  producer: 'identity',
  key: 'k1',
  data: registered(),
  ...over,
});

describe('parseEventData', () => {
  it('returns the data of a good user-registered payload', () => {
    const d = registered();
    expect(parseEventData('identity.user-registered', d)).toEqual(d);
  });

  it.each([
    ['bad userId', { userId: 'not-a-uuid' }, 'userId'],
    ['bad userType', { userType: 'admin' }, 'userType'],
    ['missing email', { email: undefined }, 'email'],
    ['bad registeredAt', { registeredAt: 'yesterday' }, 'registeredAt'],
  ])('rejects a user-registered payload with %s', (_n, patch, field) => {
    const data = { ...registered(), ...patch };
    let err: unknown;
    try {
      parseEventData('identity.user-registered', data);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(EventSchemaError);
    expect((err as EventSchemaError).eventType).toBe('identity.user-registered');
    expect((err as EventSchemaError).issues).toContain(field);
    expect((err as Error).message).toContain('event identity.user-registered does not match its schema');
  });
});

describe('parseEnvelope', () => {
  it('accepts a valid envelope', () => {
    const e = envelope();
    expect(parseEnvelope(e)).toEqual(e);
  });
  it('rejects an unknown type with EventSchemaError', () => {
    expect(() => parseEnvelope(envelope({ type: 'nobody.something-happened' }))).toThrow(EventSchemaError);
    try {
      parseEnvelope(envelope({ type: 'nobody.something-happened' }));
    } catch (e) {
      expect((e as EventSchemaError).issues).toBe('unknown event type');
    }
  });
  it('does not accept a prototype property as a type', () => {
    expect(() => parseEnvelope(envelope({ type: 'toString' }))).toThrow(EventSchemaError);
  });
  it('rejects a known type whose data is bad', () => {
    expect(() => parseEnvelope(envelope({ data: { ...registered(), userId: 'x' } }))).toThrow(EventSchemaError);
  });
  it('rejects a malformed envelope (bad id, version 0, missing key, sequence 0, no stream)', () => {
    expect(() => parseEnvelope(envelope({ id: 'nope' }))).toThrow();
    expect(() => parseEnvelope(envelope({ version: 0 }))).toThrow();
    expect(() => parseEnvelope(envelope({ key: '' }))).toThrow();
    expect(() => parseEnvelope(envelope({ sequence: 0 }))).toThrow();
    expect(() => parseEnvelope(envelope({ stream: undefined }))).toThrow();
  });
  it("rejects an envelope whose stream is not its type's stream", () => {
    expect(() => parseEnvelope(envelope({ stream: 'venues.venue' }))).toThrow(
      /stream venues.venue is not the stream of identity.user-registered/,
    );
  });
});

describe('streams and topics', () => {
  it('the events of one aggregate share one stream, so they share one topic (per-key order)', () => {
    expect(streamOf('identity.user-registered')).toBe('identity.user');
    expect(topicFor('identity.user-registered')).toBe(topicFor('identity.user-profile-updated'));
    expect(topicFor('identity.user-registered')).toBe(topicFor('identity.user-deleted'));
    expect(topicFor('identity.user-deleted')).toBe('identity.user.v1');
  });
  it('topics are versioned and prefixed per environment; deadLetterTopic appends .dlt and can be undone', () => {
    expect(topicFor('bookings.booking-confirmed')).toBe('bookings.booking.v1');
    expect(topicFor('bookings.booking-confirmed', 'test7.')).toBe('test7.bookings.booking.v1');
    expect(topicFor('bookings.booking-confirmed', '', 2)).toBe('bookings.booking.v2');
    expect(deadLetterTopic('bookings.booking.v1')).toBe('bookings.booking.v1.dlt');
    expect(sourceOfDeadLetterTopic('bookings.booking.v1.dlt')).toBe('bookings.booking.v1');
    expect(sourceOfDeadLetterTopic('bookings.booking.v1')).toBeNull();
  });
  it('deletions end their aggregate; other events do not', () => {
    expect(endsAggregate('identity.user-deleted')).toBe(true);
    expect(endsAggregate('venues.venue-deleted')).toBe(true);
    expect(endsAggregate('identity.user-profile-updated')).toBe(false);
  });
  it('allTopics holds a topic and a .dlt for every stream, with the prefix, no duplicates', () => {
    const topics = allTopics('p.');
    expect(EVENT_TYPES).toEqual(Object.keys(eventSchemas));
    expect(EVENT_STREAMS.length).toBeLessThan(EVENT_TYPES.length);
    expect(topics).toHaveLength(EVENT_STREAMS.length * 2);
    expect(new Set(topics).size).toBe(topics.length);
    for (const t of EVENT_TYPES) {
      expect(topics).toContain(topicFor(t, 'p.'));
      expect(topics).toContain(`${topicFor(t, 'p.')}.dlt`);
    }
  });
});
