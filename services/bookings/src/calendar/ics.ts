import { createEvent } from 'ics';
import { bookingWindow } from '@luxe/contracts';

/** What a booking's calendar file says. */
export interface CalendarBooking {
  id: string;
  venueName: string;
  venueCity: string;
  sectionType: string;
  /** The night's date in New York ('2026-11-28'), its start 'HH:mm' and its hours. */
  bookingDate: string;
  startTime: string;
  duration: number;
  eventDescription: string | null;
}

export const CALENDAR_PRODUCT_ID = '-//LuxeSwipe//Bookings//EN';

/**
 * A booking as an iCalendar file (RFC 5545): one VEVENT, UID `<bookingId>@luxeswipe`. Its start
 * and end are the booking's instants (the New York wall time, through the same `bookingWindow`
 * the booking's slot is counted with) written in UTC, so every calendar shows them right whatever
 * its own time zone; an end past midnight is on the next day. The `ics` package writes CRLF
 * lines folded at 75 octets.
 */
export function bookingCalendar(b: CalendarBooking): string {
  const { startsAt, endsAt } = bookingWindow(b.bookingDate, b.startTime, b.duration);
  const { error, value } = createEvent({
    productId: CALENDAR_PRODUCT_ID,
    uid: `${b.id}@luxeswipe`,
    start: startsAt.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: endsAt.getTime(),
    endInputType: 'utc',
    endOutputType: 'utc',
    title: `${b.venueName} · ${b.sectionType}`,
    location: `${b.venueName}, ${b.venueCity}`,
    ...(b.eventDescription ? { description: b.eventDescription } : {}),
    status: 'CONFIRMED',
  });
  if (error || !value) throw error ?? new Error('the calendar file could not be written');
  return value;
}
