import { refundCents, refundPercentAt, type CancellationPolicy, type EventData } from '@luxe/contracts';
import type { BookingEntity } from './booking.entity';

/**
 * The booking's life as one state machine (docs/booking-lifecycle.md draws it). Every
 * status change in this service goes through `moveTo`, so a transition that is not in this table
 * (a cancelled booking confirmed again, a completed one cancelled) is a programming error that
 * fails the transaction instead of silently rewriting history.
 *
 *   held ──paid──▶ confirmed ──ends──▶ completed
 *    │  └─expires─▶ expired ──paid late, slot free──▶ confirmed
 *    │                 └──paid late, slot taken──▶ cancelled (refunded in full)
 *    └─released (host, PaymentIntent cancelled, split released, venue/host gone)─▶ cancelled
 *   confirmed ──host cancels / host deleted / venue gone──▶ cancelled
 */
export type BookingStatus = BookingEntity['status'];

export const BOOKING_TRANSITIONS: Readonly<Record<BookingStatus, readonly BookingStatus[]>> = {
  held: ['confirmed', 'cancelled', 'expired'],
  // A payment that arrives after its hold expired: confirmed when the slot is still free, else
  // cancelled and refunded in full.
  expired: ['confirmed', 'cancelled'],
  confirmed: ['cancelled', 'completed'],
  cancelled: [],
  completed: [],
};

export function canMove(from: BookingStatus, to: BookingStatus): boolean {
  return BOOKING_TRANSITIONS[from].includes(to);
}

/** Changes the booking's status, or throws when the lifecycle has no such transition. */
export function moveTo(b: Pick<BookingEntity, 'id' | 'status'>, to: BookingStatus): void {
  if (!canMove(b.status, to)) throw new Error(`booking ${b.id}: no transition from ${b.status} to ${to}`);
  b.status = to;
}

export type CancellationReason = EventData<'bookings.booking-cancelled'>['reason'];

/**
 * Who refunds what, for each way a booking ends cancelled (the table of docs/booking-lifecycle.md):
 * - 'schedule': the booking's cancellation policy applied to what was paid at the server's clock —
 *   the host's own choice (he cancels, or deletes his account);
 * - 'full': everything paid goes back — the booking cannot take place for a reason that is not the
 *   host's (the venue or its owner is gone, a payment arrived for a released or expired hold);
 * - 'nothing-paid': a hold released before its payment succeeded (an open split's paid shares go
 *   back in full at payments, which owns them; an open PaymentIntent is cancelled there).
 */
export const REFUND_RULE: Readonly<Record<CancellationReason, 'schedule' | 'full' | 'nothing-paid'>> = {
  'cancelled-by-host': 'schedule',
  'host-deleted': 'schedule',
  'venue-deleted': 'full',
  'hold-expired': 'nothing-paid',
  'payment-failed': 'nothing-paid',
};

/** The refund of a booking cancelled for `reason` at `at`, in cents and percent of what was paid. */
export function refundOnCancel(
  reason: CancellationReason,
  b: Pick<BookingEntity, 'amountPaid' | 'startsAt'> & { cancellationPolicy?: CancellationPolicy | null },
  at: Date,
): { cents: number; percent: number } {
  const paid = Math.round(Number(b.amountPaid ?? 0) * 100);
  const rule = REFUND_RULE[reason];
  if (rule === 'full') return { cents: paid, percent: 100 };
  if (rule === 'nothing-paid') return { cents: paid, percent: 100 }; // nothing to give back unless something was paid after all
  const percent = refundPercentAt(b.cancellationPolicy ?? 'moderate', new Date(b.startsAt), at);
  return { cents: refundCents(paid, percent), percent };
}
