/**
 * A whole-card payment's life (one PaymentIntent per held booking) as one state machine
 * (docs/booking-lifecycle.md draws it with the booking's). `settle` and the hold's end go through
 * `nextPaymentStatus`; what a webhook may not change is answered as "no change", never written.
 *
 *   pending ──succeeded──▶ succeeded                       (booking confirmed by bookings)
 *   pending ──declined──▶ pending                          (the payer may retry the same intent)
 *   pending ──canceled at the provider──▶ canceled         (bookings releases the hold)
 *   pending ──the hold ended (cancel sent)──▶ canceled
 *   pending ──replaced by a split──▶ replaced              (cancelled at the provider first)
 *   canceled ──succeeded anyway──▶ succeeded               (bookings cancels and refunds in full)
 *   replaced ──succeeded anyway──▶ replaced-refunded       (refunded in full at once by payments)
 *
 * 'failed' is the status of rows written before this machine (a decline ended the payment then):
 * treated as 'canceled'.
 */
export type PaymentStatus = 'pending' | 'succeeded' | 'canceled' | 'replaced' | 'replaced-refunded' | 'failed';
export type PaymentOutcome = 'succeeded' | 'declined' | 'canceled';

/** The payment's next status for a provider outcome, and what that transition publishes; null: nothing changes. */
export function nextPaymentStatus(
  from: PaymentStatus,
  outcome: PaymentOutcome,
): { to: PaymentStatus; effect: 'confirm' | 'retry-allowed' | 'release' | 'refund-in-full' } | null {
  switch (outcome) {
    case 'succeeded':
      if (from === 'pending' || from === 'canceled' || from === 'failed') return { to: 'succeeded', effect: 'confirm' };
      if (from === 'replaced') return { to: 'replaced-refunded', effect: 'refund-in-full' };
      return null;
    case 'declined':
      return from === 'pending' ? { to: 'pending', effect: 'retry-allowed' } : null;
    case 'canceled':
      return from === 'pending' ? { to: 'canceled', effect: 'release' } : null;
  }
}

/** A Stripe event type as an outcome of a PaymentIntent (null: not one this service acts on). */
export function outcomeOf(eventType: string): PaymentOutcome | null {
  if (eventType === 'payment_intent.succeeded') return 'succeeded';
  if (eventType === 'payment_intent.payment_failed') return 'declined';
  if (eventType === 'payment_intent.canceled') return 'canceled';
  return null;
}

/** PaymentIntent statuses from which the money may still move (a split or a hold's end must not race them). */
export const INTENT_IN_FLIGHT = new Set(['processing', 'requires_capture', 'succeeded']);
