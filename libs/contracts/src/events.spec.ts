import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { allTopics, deadLetterTopic, EVENT_TYPES, EventSchemaError, eventSchemas, parseEnvelope, parseEventData, topicFor } from './events';

const registered = () => ({
  userId: randomUUID(),
  firstName: 'Jane',
  lastName: 'Doe',
  userType: 'guest',
  city: 'Miami',
  state: 'FL',
  profileImages: [],
  email: 'jane@example.com',
  registeredAt: new Date().toISOString(),
});

const envelope = (over: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  type: 'identity.user-registered',
  version: 1,
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
  it('rejects a malformed envelope (bad id, version 0, missing key)', () => {
    expect(() => parseEnvelope(envelope({ id: 'nope' }))).toThrow();
    expect(() => parseEnvelope(envelope({ version: 0 }))).toThrow();
    expect(() => parseEnvelope(envelope({ key: '' }))).toThrow();
  });
});

describe('topics', () => {
  it('topicFor is versioned, deadLetterTopic appends .dlt', () => {
    expect(topicFor('bookings.booking-confirmed')).toBe('bookings.booking-confirmed.v1');
    expect(topicFor('bookings.booking-confirmed', 2)).toBe('bookings.booking-confirmed.v2');
    expect(deadLetterTopic('bookings.booking-confirmed.v1')).toBe('bookings.booking-confirmed.v1.dlt');
  });
  it('allTopics holds a topic and a .dlt for every event type, no duplicates', () => {
    const topics = allTopics();
    expect(EVENT_TYPES).toEqual(Object.keys(eventSchemas));
    expect(topics).toHaveLength(EVENT_TYPES.length * 2);
    expect(new Set(topics).size).toBe(topics.length);
    for (const t of EVENT_TYPES) {
      expect(topics).toContain(`${t}.v1`);
      expect(topics).toContain(`${t}.v1.dlt`);
    }
  });
});
