import { BOOKING_TIME_ZONE, bookingWindow, DURATION_HOURS, formatCity } from '@luxe/contracts';
import { fromZonedTime } from 'date-fns-tz';
import { formatInEst, LONG_DATE_FORMAT, TIME_FORMAT } from './format';

/** The page of one of the member's bookings (app/routes/booking-detail; where a paid checkout lands). */
export const bookingPath = (bookingId: string) => `/bookings/${bookingId}`;

/** The hours a booking may last, a yacht's or a section's: every whole hour of the contract's range. */
export const BOOKING_DURATIONS: readonly number[] = Array.from(
  { length: DURATION_HOURS.max - DURATION_HOURS.min + 1 },
  (_, i) => DURATION_HOURS.min + i,
);

/** What every booking read carries for its slot: the night's date, 'HH:mm' and hours. */
export interface BookingSlot {
  bookingDate: string;
  startTime: string;
  duration: number;
}

/** When the booking starts and ends (a start after midnight belongs to the night of its date). */
export function slotWindow(slot: BookingSlot): { startsAt: Date; endsAt: Date } {
  return bookingWindow(slot.bookingDate, slot.startTime, slot.duration);
}

/** Bookings by start, soonest first (a copy; the list given is left as it is). */
export function bySoonest<T extends BookingSlot>(bookings: readonly T[]): T[] {
  return bookings
    .map((b) => ({ b, at: slotWindow(b).startsAt.getTime() }))
    .sort((x, y) => x.at - y.at)
    .map(({ b }) => b);
}

/** True when the booking has not started yet. */
export function isUpcoming(slot: BookingSlot, now: Date = new Date()): boolean {
  return slotWindow(slot).startsAt.getTime() > now.getTime();
}

/** The night's date as chosen ('Saturday, Jun 06, 2099'), whatever the start time. */
export function formatBookingDate(bookingDate: string, pattern: string = LONG_DATE_FORMAT): string {
  return formatInEst(fromZonedTime(`${bookingDate}T12:00:00`, BOOKING_TIME_ZONE), pattern);
}

/** '10:00 PM EST'. */
export function formatStartTime(slot: BookingSlot): string {
  return `${formatInEst(slotWindow(slot).startsAt, TIME_FORMAT)} EST`;
}

/** '10:00 PM - 2:00 AM EST'. */
export function formatTimeRange(slot: BookingSlot): string {
  const { startsAt, endsAt } = slotWindow(slot);
  return `${formatInEst(startsAt, TIME_FORMAT)} - ${formatInEst(endsAt, TIME_FORMAT)} EST`;
}

/** '1 hour', '4 hours'. */
export function formatDuration(hours: number): string {
  return `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
}

/** 'Miami, FL' from a stored city ('Miami, FL' or 'Miami') and its state: the one city format (formatCity). */
export function formatPlace(city: string, state: string): string {
  return formatCity(city, state);
}

/** 'Yacht' or 'Club'. */
export function venueKindLabel(type: string): string {
  return type === 'yacht' ? 'Yacht' : 'Club';
}

/**
 * The friends' names of a booking, from its JSON text (a list of names, or of objects with a
 * name). Anything unreadable counts as no friends.
 */
export function friendNames(friends: string | null | undefined): string[] {
  if (!friends) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(friends);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed
    .map((f: unknown) =>
      typeof f === 'string'
        ? f
        : typeof f === 'object' && f !== null && typeof (f as { name?: unknown }).name === 'string'
          ? (f as { name: string }).name
          : '',
    )
    .map((name) => name.trim())
    .filter((name) => name.length > 0);
}

/** 'men,women' → 'Men, Women'. */
export function formatGuestVisibility(value: string): string {
  return value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join(', ');
}

/** The title an invite to a booked event carries: 'Azure Dream · Full Yacht'. */
export function inviteEventTitle(booking: { venueName: string; sectionType: string }): string {
  return [booking.venueName.trim(), booking.sectionType.trim()].filter(Boolean).join(' · ');
}
