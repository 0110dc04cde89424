import { describe, expect, it } from 'vitest';
import { attendeesText, displayAge, formatEventTimes, moreAttendees } from './event-display';

const avatar = (n: number) => ({ id: `00000000-0000-4000-8000-00000000000${n}`, firstName: `F${n}`, image: null });

describe('event display', () => {
  it('says person for one and people otherwise', () => {
    expect(attendeesText(1)).toBe('1 person attending');
    expect(attendeesText(0)).toBe('0 people attending');
    expect(attendeesText(7)).toBe('7 people attending');
  });

  it('counts the attendees the avatars leave out', () => {
    expect(moreAttendees({ count: 7, avatars: [avatar(1), avatar(2), avatar(3)] })).toBe(4);
    expect(moreAttendees({ count: 2, avatars: [avatar(1), avatar(2)] })).toBe(0);
  });

  it('shows 25 when the age is missing', () => {
    expect(displayAge(null)).toBe(25);
    expect(displayAge(31)).toBe(31);
  });

  it('writes the New York start and end as h:mm a, across midnight', () => {
    expect(formatEventTimes({ startTime: '22:00', endTime: '02:30' })).toBe('10:00 PM - 2:30 AM EST');
    expect(formatEventTimes({ startTime: '12:00', endTime: '00:00' })).toBe('12:00 PM - 12:00 AM EST');
  });
});
