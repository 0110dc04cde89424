import { describe, expect, it } from '@jest/globals';
import { reminderTimes } from './reminder-times';

// The clock is a parameter: "now" is whatever the test says.
describe('reminderTimes', () => {
  const startsAt = new Date('2027-03-10T03:00:00.000Z');
  it('a booking days ahead: a day before and 2 hours before', () => {
    expect(reminderTimes(startsAt, new Date('2027-03-01T00:00:00.000Z'))).toEqual([
      { which: '24h', at: new Date('2027-03-09T03:00:00.000Z') },
      { which: '2h', at: new Date('2027-03-10T01:00:00.000Z') },
    ]);
  });
  it('a booking in 5 hours: only the 2-hour one; in an hour or started: none', () => {
    expect(reminderTimes(startsAt, new Date('2027-03-09T22:00:00.000Z')).map((r) => r.which)).toEqual(['2h']);
    expect(reminderTimes(startsAt, new Date('2027-03-10T02:00:00.000Z'))).toEqual([]);
    expect(reminderTimes(startsAt, new Date('2027-03-10T04:00:00.000Z'))).toEqual([]);
  });
  it('exactly at a reminder time, that one is past', () => {
    expect(reminderTimes(startsAt, new Date('2027-03-09T03:00:00.000Z')).map((r) => r.which)).toEqual(['2h']);
  });
});
