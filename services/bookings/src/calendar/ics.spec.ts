import { describe, expect, it } from '@jest/globals';
import { bookingCalendar, type CalendarBooking } from './ics';

const booking = (over: Partial<CalendarBooking> = {}): CalendarBooking => ({
  id: '7d0f3b0e-7a57-4c57-9d5e-6f5e8a1c2b3d',
  venueName: 'Velvet',
  venueCity: 'Miami',
  sectionType: 'VIP Table',
  bookingDate: '2026-01-15',
  startTime: '22:00',
  duration: 3,
  eventDescription: null,
  ...over,
});

/** The unfolded content lines (RFC 5545 §3.1: a CRLF followed by a space or a tab continues the line). */
const lines = (ics: string) => ics.replace(/\r\n[ \t]/g, '').split('\r\n');
const prop = (ics: string, name: string) =>
  lines(ics).find((l) => l.startsWith(`${name}:`) || l.startsWith(`${name};`));

describe('bookingCalendar', () => {
  it('a winter night at 22:00 for 3 h in New York (EST, UTC−5): starts 03:00Z and ends 06:00Z the next day', () => {
    const ics = bookingCalendar(booking());
    expect(prop(ics, 'DTSTART')).toBe('DTSTART:20260116T030000Z');
    expect(prop(ics, 'DTEND')).toBe('DTEND:20260116T060000Z'); // 01:00 on Jan 16 in New York
  });

  it('a summer night at 22:00 for 3 h (EDT, UTC−4): starts 02:00Z and ends 05:00Z the next day', () => {
    const ics = bookingCalendar(booking({ bookingDate: '2026-07-15' }));
    expect(prop(ics, 'DTSTART')).toBe('DTSTART:20260716T020000Z');
    expect(prop(ics, 'DTEND')).toBe('DTEND:20260716T050000Z'); // 01:00 on Jul 16 in New York
  });

  it('a start after midnight belongs to the next calendar day of the night', () => {
    const ics = bookingCalendar(booking({ bookingDate: '2026-07-15', startTime: '01:00', duration: 1 }));
    expect(prop(ics, 'DTSTART')).toBe('DTSTART:20260716T050000Z');
    expect(prop(ics, 'DTEND')).toBe('DTEND:20260716T060000Z');
  });

  it('one VEVENT with the UID, summary, location and description; CRLF lines of at most 75 octets', () => {
    const description = 'Birthday night with champagne, a DJ set and a long, long guest list. '.repeat(3).trim();
    const ics = bookingCalendar(booking({ eventDescription: description }));
    const all = lines(ics);
    expect(all[0]).toBe('BEGIN:VCALENDAR');
    expect(all).toContain('VERSION:2.0');
    expect(prop(ics, 'PRODID')).toMatch(/^PRODID:.*LuxeSwipe/);
    expect(all.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(1);
    expect(prop(ics, 'UID')).toBe('UID:7d0f3b0e-7a57-4c57-9d5e-6f5e8a1c2b3d@luxeswipe');
    expect(prop(ics, 'DTSTAMP')).toMatch(/^DTSTAMP:\d{8}T\d{6}Z$/);
    expect(prop(ics, 'SUMMARY')).toBe('SUMMARY:Velvet · VIP Table');
    expect(prop(ics, 'LOCATION')).toBe('LOCATION:Velvet\\, Miami');
    expect(prop(ics, 'DESCRIPTION')).toBe(`DESCRIPTION:${description.replace(/,/g, '\\,')}`);
    // Every line ends with CRLF (no bare LF) and none is longer than 75 octets.
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const l of ics.split('\r\n')) expect(Buffer.byteLength(l, 'utf8')).toBeLessThanOrEqual(75);
  });

  it('no DESCRIPTION when the booking has none', () => {
    expect(prop(bookingCalendar(booking()), 'DESCRIPTION')).toBeUndefined();
  });
});
