import type { EntityManager } from 'typeorm';

/**
 * Payments' memory of bookings whose hold or booking has ended (docs/booking-lifecycle.md).
 * Without it, a split made from a hold read as 'held' just before the booking was cancelled could be
 * created after payments had handled the cancellation, its shares' PaymentIntents left open on a
 * cancelled booking. Every cancellation's refund-requested records the end; a
 * new whole-card payment or split checks it. Both sides first take the booking's transaction-scoped
 * advisory lock, so one of them always sees the other: the cancellation releases a split made
 * before it, and a split or payment started after it is refused.
 */
export async function lockBooking(m: EntityManager, bookingId: string): Promise<void> {
  await m.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 41))`, [bookingId]);
}

/** Records that the booking's hold or booking ended (idempotent). Under lockBooking. */
export async function recordBookingEnded(m: EntityManager, bookingId: string, reason: string): Promise<void> {
  await m.query(`INSERT INTO ended_bookings (booking_id, reason) VALUES ($1, $2) ON CONFLICT (booking_id) DO NOTHING`, [
    bookingId,
    reason,
  ]);
}

/** Whether the booking ended: nothing new may be charged for it. Under lockBooking to be sure. */
export async function bookingEnded(m: EntityManager, bookingId: string): Promise<boolean> {
  const rows = (await m.query(`SELECT 1 FROM ended_bookings WHERE booking_id = $1`, [bookingId])) as unknown[];
  return rows.length > 0;
}
