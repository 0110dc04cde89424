import { bookingWindow, type Booking } from '@luxe/contracts';

/** The start instant of a booking (its night's date and start time in New York). */
export function bookingStart(b: Pick<Booking, 'bookingDate' | 'startTime' | 'duration'>): Date {
  return bookingWindow(b.bookingDate, b.startTime, b.duration).startsAt;
}

/**
 * Whether the host may still cancel it: held or confirmed, and not started (whether a booking's
 * page and My Bookings offer Cancel; the cancellation feature's dialog does it).
 */
export function canCancel(b: Booking, now: Date = new Date()): boolean {
  return (b.status === 'confirmed' || b.status === 'held') && bookingStart(b).getTime() > now.getTime();
}
