import { describe, expect, it } from 'vitest';
import {
  bookingDateLabel,
  joinVisibility,
  parseVisibility,
  readBookingChoice,
  saveBookingChoice,
  timeLabel,
  timeRangeLabel,
} from './booking-rules';

describe('booking rules', () => {
  it('labels the 24-hour start times as 12-hour clock times', () => {
    expect(['18:00', '23:00', '00:00', '01:00', '02:00'].map(timeLabel)).toEqual([
      '6:00 PM',
      '11:00 PM',
      '12:00 AM',
      '1:00 AM',
      '2:00 AM',
    ]);
  });

  it('shows a time range across midnight with its hours, in EST', () => {
    expect(timeRangeLabel('22:00', 3)).toBe('10:00 PM - 1:00 AM EST (3 hours)');
    expect(timeRangeLabel('18:00', 1)).toBe('6:00 PM - 7:00 PM EST (1 hour)');
  });

  it('formats a booking date without shifting it across time zones', () => {
    expect(bookingDateLabel('2026-11-22')).toBe('Sunday, Nov 22, 2026');
  });

  it('joins the chosen audiences in a stable order, defaulting to both', () => {
    expect(joinVisibility(new Set(['women', 'men'] as const))).toBe('men,women');
    expect(joinVisibility(new Set())).toBe('both');
    expect([...parseVisibility('women, nobody')]).toEqual(['women']);
    expect([...parseVisibility('')]).toEqual(['both']);
  });

  it('never joins Both with Men or Women, and reads such a stored value as Both', () => {
    expect(joinVisibility(new Set(['men', 'both'] as const))).toBe('both');
    expect([...parseVisibility('women,both')]).toEqual(['both']);
  });

  it('reads back only the stored choice of the same venue, dropping invalid values', () => {
    saveBookingChoice({
      venueId: 'v1',
      date: '2026-11-22',
      startTime: '21:00',
      duration: 4,
      sectionId: 's1',
      dancerId: null,
      guestVisibility: 'men',
    });
    expect(readBookingChoice('v2')).toBeNull();
    expect(readBookingChoice('v1')).toMatchObject({ startTime: '21:00', duration: 4, sectionId: 's1' });
    window.localStorage.setItem('guestBooking', JSON.stringify({ venueId: 'v1', startTime: '05:00', duration: 9 }));
    expect(readBookingChoice('v1')).toMatchObject({ startTime: null, duration: 2, date: '' });
  });
});
